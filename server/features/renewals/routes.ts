// Renewals (decision 026): a licence's renewal page and checkout, from the dashboard (its owner,
// session) or from an expiry reminder's signed link (no sign-in), and the reminders' one-click
// unsubscribe (List-Unsubscribe-Post). The licence id is bound on the server: by the session's
// ownership, or by the token's signature; a body never names it.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { CheckoutResponseSchema } from "../../../contracts/orders";
import { RenewalCheckoutBodySchema, RenewalSchema } from "../../../contracts/renewals";
import { requireUser, type AppEnv } from "../../auth/context";
import { user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, ANY_BODY, errorResponses, FORBIDDEN_STATE_CHANGE, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { pageLanguage } from "../../lib/page-language";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "../orders/deps";
import { describeRenewal, ownLicense, startRenewalCheckout, tokenLicense } from "./service";
import { readRenewToken, readUnsubscribeToken } from "./token";

const TAGS = [TAG_NAMES.licences];
const IdParam = z.object({ id: z.string().max(64).openapi({ description: "The licence's id" }) });
const TokenParam = z.object({ token: z.string().max(200).openapi({ description: "The signed token from a reminder e-mail" }) });
const NOT_YOURS = "NOT_FOUND: no licence of yours has this id (another user's included)";
const BAD_LINK = "NOT_FOUND: the link is not genuine (or its licence is gone); RENEW_LINK_EXPIRED: the link is past its expiry";
const REFUSED = { 409: "LICENSE_REVOKED: a revoked licence cannot be renewed", 422: "VALIDATION_FAILED: a plan not of the licence's market, or unknown; DISCOUNT_*: the discount code is refused" };

const ownRenewalRoute = createRoute({
  method: "get",
  path: "/licenses/{id}/renewal",
  operationId: "getLicenceRenewal",
  tags: TAGS,
  security: SESSION,
  summary: "Your licence's renewal options",
  description: "One of your licences (name, plan, dates) and the plans of its market it can be renewed with.",
  request: { params: IdParam },
  responses: { 200: json(RenewalSchema, "The licence and its renewal plans"), ...errorResponses([401, 403, 404, 422], { 404: NOT_YOURS }) },
});
const ownRenewRoute = createRoute({
  method: "post",
  path: "/licenses/{id}/renew",
  operationId: "renewLicence",
  tags: TAGS,
  security: SESSION,
  summary: "Renew one of your licences",
  description: "Starts a checkout that, once paid, extends this licence from its current expiry (or lengthens the term of one not yet activated). The return lands on License Keys.",
  request: { params: IdParam, ...jsonBody(RenewalCheckoutBodySchema) },
  responses: {
    201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"),
    ...errorResponses([401, 403, 404, 409, 429, ...JSON_BODY], { 403: FORBIDDEN_STATE_CHANGE, 404: NOT_YOURS, ...REFUSED, 429: "RATE_LIMITED: checkouts per user; see Retry-After" }),
  },
});
const tokenRenewalRoute = createRoute({
  method: "get",
  path: "/renewals/{token}",
  operationId: "getRenewalByLink",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "A reminder link's licence and renewal options",
  description: "The licence a reminder's signed link names (its name, plan and dates, never its buy key) and the plans of its market.",
  request: { params: TokenParam },
  responses: { 200: json(RenewalSchema, "The licence and its renewal plans"), ...errorResponses([404, 422, 429], { 404: BAD_LINK }) },
});
const tokenRenewRoute = createRoute({
  method: "post",
  path: "/renewals/{token}/checkout",
  operationId: "renewLicenceByLink",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "Renew the licence of a reminder link",
  description: "Starts the owner's checkout for the licence the signed link names, without signing in. Once paid, that licence is extended; the return lands back on the link's page (`/renew/{token}`), which shows what was paid and the new expiry, signed in or not (`returnTo` is ignored).",
  request: { params: TokenParam, ...jsonBody(RenewalCheckoutBodySchema) },
  responses: {
    201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"),
    ...errorResponses([403, 404, 409, 429, ...JSON_BODY], {
      403: "INVALID_ORIGIN: the request carries a session cookie but comes from another site",
      404: BAD_LINK,
      ...REFUSED,
      429: "RATE_LIMITED: checkouts per address; see Retry-After",
    }),
  },
});
const unsubscribeRoute = createRoute({
  method: "post",
  path: "/reminders/unsubscribe/{token}",
  operationId: "unsubscribeReminders",
  tags: [TAG_NAMES.account],
  security: ANONYMOUS,
  summary: "Stop expiry reminders (one click)",
  description: "The reminders' List-Unsubscribe address (RFC 8058 one-click POST): turns the customer's expiry reminders off. Any body is ignored.",
  request: { params: z.object({ token: z.string().max(200).openapi({ description: "The signed token from the List-Unsubscribe header" }) }) },
  responses: {
    200: json(z.object({ unsubscribed: z.literal(true) }), "Reminders are off"),
    ...errorResponses([403, 404, 422, 429, ...ANY_BODY], { 403: "INVALID_ORIGIN: the request carries a session cookie but comes from another site", 404: "NOT_FOUND: the link is not genuine" }),
  },
});


export function createRenewalRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new OpenAPIHono<AppEnv>();
  const { db, secret } = deps;
  const licenseOfLink = async (token: string) => {
    const check = readRenewToken(secret, token);
    if (!check.ok && check.reason === "expired") throw new AppError("RENEW_LINK_EXPIRED", "This renewal link has expired. Sign in to renew from License Keys.");
    if (!check.ok) throw new AppError("NOT_FOUND", "This renewal link is not valid");
    return tokenLicense(db, check.licenceId);
  };
  return app
    .openapi(ownRenewalRoute, async (c) => {
      const me = requireUser(c.get("ctx"));
      return c.json(await describeRenewal(db, await ownLicense(db, me.email, c.req.valid("param").id)), 200);
    })
    .openapi(ownRenewRoute, async (c) => {
      const me = requireUser(c.get("ctx"));
      applyRateLimit(c, [deps.limiter.hit(`checkout:user:${me.id}`, { limit: 30, windowSeconds: 60 })]);
      const license = await ownLicense(db, me.email, c.req.valid("param").id);
      c.header("Cache-Control", "no-store");
      return c.json(await startRenewalCheckout(deps, license, c.req.valid("json"), pageLanguage(c.req.header("cookie"))), 201);
    })
    .openapi(tokenRenewalRoute, async (c) => {
      applyRateLimit(c, [deps.limiter.hit(`renewal-link:ip:${c.get("clientIp")}`, { limit: 60, windowSeconds: 60 })]);
      c.header("Cache-Control", "no-store");
      return c.json(await describeRenewal(db, await licenseOfLink(c.req.valid("param").token)), 200);
    })
    .openapi(tokenRenewRoute, async (c) => {
      applyRateLimit(c, [deps.limiter.hit(`checkout:ip:${c.get("clientIp")}`, { limit: 20, windowSeconds: 60 })]);
      const { token } = c.req.valid("param");
      const license = await licenseOfLink(token);
      c.header("Cache-Control", "no-store");
      return c.json(await startRenewalCheckout(deps, license, c.req.valid("json"), pageLanguage(c.req.header("cookie")), token), 201);
    })
    .openapi(unsubscribeRoute, async (c) => {
      applyRateLimit(c, [deps.limiter.hit(`unsubscribe:ip:${c.get("clientIp")}`, { limit: 30, windowSeconds: 60 })]);
      const userId = readUnsubscribeToken(secret, c.req.valid("param").token);
      if (!userId) throw new AppError("NOT_FOUND", "This link is not valid");
      await db.update(user).set({ expiryReminders: false, updatedAt: new Date() }).where(eq(user.id, userId));
      return c.json({ unsubscribed: true as const }, 200);
    });
}
