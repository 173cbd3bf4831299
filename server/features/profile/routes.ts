// The signed-in user's profile, API key and balance (dashboard), and the balance for API-key callers.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { ApiKeySchema, BalanceSchema, ProfileSchema, UpdateProfileBodySchema } from "../../../contracts/account";
import { guard, refreshSessionCookie, requireUser, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { apiKeys, user } from "../../db/schema";
import { ANY_BODY, API_KEY, errorResponses, FORBIDDEN_STATE_CHANGE, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { formatMoney } from "../../../contracts/money";
import { languageOr } from "../../../contracts/languages";
import { ensureApiKey, regenerateApiKey, revealApiKey } from "../balance/service";

const TAGS = [TAG_NAMES.account];
const PROFILE_FIELDS = { email: user.email, name: user.name, expiryReminders: user.expiryReminders, language: user.language };
/** A session route that reads; one that changes state (INVALID_ORIGIN besides). */
const reads = errorResponses([401, 403]);
const changes = (statuses: readonly (typeof JSON_BODY)[number][]) => errorResponses([401, 403, ...statuses], { 403: FORBIDDEN_STATE_CHANGE });

const getProfile = createRoute({
  method: "get",
  path: "/profile",
  operationId: "getProfile",
  tags: TAGS,
  security: SESSION,
  summary: "Your profile",
  description: "The signed-in user's e-mail address, display name, reminder preference and language (every e-mail to the account is written in it).",
  responses: { 200: json(ProfileSchema, "Profile"), ...reads },
});
const patchProfile = createRoute({
  method: "patch",
  path: "/profile",
  operationId: "updateProfile",
  tags: TAGS,
  security: SESSION,
  summary: "Change your display name, reminder preference or language",
  description:
    "Sets the display name, whether licence expiry reminders are e-mailed, and the account's language (one of the shop's languages: every e-mail, receipt and reminder to the account is written in it from then on). The e-mail address cannot be changed here.",
  request: jsonBody(UpdateProfileBodySchema),
  responses: { 200: json(ProfileSchema, "Profile"), ...changes(JSON_BODY) },
});
const getApiKey = createRoute({
  method: "get",
  path: "/api-key",
  operationId: "getApiKey",
  tags: TAGS,
  security: SESSION,
  summary: "Your API key and balance",
  description: "The signed-in user's API key for the public API, created on the first request, with its balance in mills.",
  responses: { 200: json(ApiKeySchema, "The key"), ...reads },
});
const regenerate = createRoute({
  method: "post",
  path: "/api-key/regenerate",
  operationId: "regenerateApiKey",
  tags: TAGS,
  security: SESSION,
  summary: "Replace your API key",
  description: "Issues a new API key; the old one stops working at once. The balance stays.",
  responses: { 200: json(ApiKeySchema, "The new key"), ...changes(ANY_BODY) },
});
const getBalance = createRoute({
  method: "get",
  path: "/balance",
  operationId: "getBalance",
  tags: TAGS,
  security: SESSION,
  summary: "Your balance",
  description: "The signed-in user's balance in mills, and whether they have an API key yet.",
  responses: { 200: json(BalanceSchema, "Balance"), ...reads },
});

export function createProfileRoutes({ db, secret }: { db: Db; secret: string }) {
  const app = new OpenAPIHono<AppEnv>();
  for (const path of ["/profile", "/api-key", "/api-key/*", "/balance"]) app.use(path, guard(requireUser));
  const keyInfo = (row: typeof apiKeys.$inferSelect) => ({
    apiKey: revealApiKey(secret, row),
    isActive: row.isActive,
    balanceMills: row.balanceMills,
    createdAt: row.createdAt.toISOString(),
  });
  return app
    .openapi(getProfile, async (c) => {
      const me = requireUser(c.get("ctx"));
      const [row] = await db.select(PROFILE_FIELDS).from(user).where(eq(user.id, me.id));
      return c.json(row ? { ...row, language: languageOr(row.language) } : { email: me.email, name: me.name, expiryReminders: true, language: me.language }, 200);
    })
    .openapi(patchProfile, async (c) => {
      const me = requireUser(c.get("ctx"));
      const [row] = await db
        .update(user)
        .set({ ...c.req.valid("json"), updatedAt: new Date() })
        .where(eq(user.id, me.id))
        .returning(PROFILE_FIELDS);
      refreshSessionCookie(c);
      return c.json({ ...row!, language: languageOr(row!.language) }, 200);
    })
    .openapi(getApiKey, async (c) => {
      const me = requireUser(c.get("ctx"));
      c.header("Cache-Control", "no-store");
      return c.json(keyInfo(await ensureApiKey({ db, secret, userId: me.id })), 200);
    })
    .openapi(regenerate, async (c) => {
      const me = requireUser(c.get("ctx"));
      c.header("Cache-Control", "no-store");
      return c.json(keyInfo(await regenerateApiKey({ db, secret, userId: me.id })), 200);
    })
    .openapi(getBalance, async (c) => {
      const me = requireUser(c.get("ctx"));
      const [row] = await db.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.userId, me.id));
      return c.json({ balanceMills: row?.balanceMills ?? 0, hasApiKey: Boolean(row) }, 200);
    });
}

const v1Balance = createRoute({
  method: "get",
  path: "/v1/balance",
  operationId: "getApiKeyBalance",
  tags: [TAG_NAMES.publicApi],
  security: API_KEY,
  summary: "The balance of the calling API key",
  description: "The balance of the API key sent in `Authorization: Bearer <key>`, in mills and as dollars.",
  responses: {
    200: json(z.object({ balanceMills: z.number().int(), balance: z.string().openapi({ description: "The same balance formatted for display, in dollars" }) }), "Balance"),
    ...errorResponses([401], { 401: "UNAUTHENTICATED: no valid API key in `Authorization: Bearer <key>`" }),
  },
});

/** Routes for API-key callers (mounted behind apiKeyContext). */
export function createPublicBalanceRoutes({ db }: { db: Db }) {
  return new OpenAPIHono<AppEnv>().openapi(v1Balance, async (c) => {
    const { apiKeyId } = c.get("ctx");
    const [row] = await db.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, apiKeyId!));
    const mills = row?.balanceMills ?? 0;
    return c.json({ balanceMills: mills, balance: formatMoney(mills) }, 200);
  });
}
