// The signed-in user's profile, API key and balance (dashboard), and the balance for API-key callers.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { ApiKeySchema, BalanceSchema, ProfileSchema, UpdateProfileBodySchema } from "../../../contracts/account";
import { ErrorBodySchema } from "../../../contracts/errors";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { apiKeys, user } from "../../db/schema";
import { formatMills } from "../../lib/money";
import { ensureApiKey, regenerateApiKey, revealApiKey } from "../balance/service";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = { 401: json(ErrorBodySchema, "Not signed in"), 422: json(ErrorBodySchema, "Invalid input") };

const getProfile = createRoute({ method: "get", path: "/profile", tags: ["account"], summary: "Your profile", responses: { 200: json(ProfileSchema, "Profile"), ...errors } });
const patchProfile = createRoute({
  method: "patch",
  path: "/profile",
  tags: ["account"],
  summary: "Change your display name",
  request: { body: { content: { "application/json": { schema: UpdateProfileBodySchema } }, required: true } },
  responses: { 200: json(ProfileSchema, "Profile"), ...errors },
});
const getApiKey = createRoute({ method: "get", path: "/api-key", tags: ["account"], summary: "Your API key (created on first request) and balance", responses: { 200: json(ApiKeySchema, "The key"), ...errors } });
const regenerate = createRoute({ method: "post", path: "/api-key/regenerate", tags: ["account"], summary: "Replace your API key; the old one stops working at once", responses: { 200: json(ApiKeySchema, "The new key"), ...errors } });
const getBalance = createRoute({ method: "get", path: "/balance", tags: ["account"], summary: "Your balance in mills", responses: { 200: json(BalanceSchema, "Balance"), ...errors } });

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
    .openapi(getProfile, (c) => {
      const me = requireUser(c.get("ctx"));
      return c.json({ email: me.email, name: me.name }, 200);
    })
    .openapi(patchProfile, async (c) => {
      const me = requireUser(c.get("ctx"));
      const [row] = await db
        .update(user)
        .set({ name: c.req.valid("json").name, updatedAt: new Date() })
        .where(eq(user.id, me.id))
        .returning({ email: user.email, name: user.name });
      return c.json(row!, 200);
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
  tags: ["public API"],
  summary: "The balance of the calling API key",
  security: [{ bearer: [] }],
  responses: { 200: json(z.object({ balanceMills: z.number().int(), balance: z.string() }), "Balance"), 401: json(ErrorBodySchema, "Missing or invalid API key") },
});

/** Routes for API-key callers (mounted behind apiKeyContext). */
export function createPublicBalanceRoutes({ db }: { db: Db }) {
  return new OpenAPIHono<AppEnv>().openapi(v1Balance, async (c) => {
    const { apiKeyId } = c.get("ctx");
    const [row] = await db.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, apiKeyId!));
    const mills = row?.balanceMills ?? 0;
    return c.json({ balanceMills: mills, balance: formatMills(mills) }, 200);
  });
}
