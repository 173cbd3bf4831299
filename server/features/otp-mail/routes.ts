// OTP mail orders for the dashboard (session) and for API-key holders (/api/v1/otp).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ErrorBodySchema } from "../../../contracts/errors";
import { OtpOrderListQuerySchema, OtpOrderListSchema, OtpOrderSchema } from "../../../contracts/otp-mail";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { AppError } from "../../lib/errors";
import { ensureApiKey } from "../balance/service";
import { buyOtpMail, cancelOtpMail, checkOtpMail, listOtpOrders, type OtpMailDeps } from "./service";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = {
  401: json(ErrorBodySchema, "Not signed in / invalid API key"),
  402: json(ErrorBodySchema, "INSUFFICIENT_FUNDS"),
  404: json(ErrorBodySchema, "No such order of yours"),
  409: json(ErrorBodySchema, "OUT_OF_STOCK (buy; nothing charged), ORDER_HAS_CODE or NOT_PENDING"),
  422: json(ErrorBodySchema, "Invalid input"),
  429: json(ErrorBodySchema, "Rate limited; see Retry-After"),
  503: json(ErrorBodySchema, "SUPPLIER_FAILED: the mail supplier could not sell or read an address (nothing charged)"),
};
const Order = z.object({ order: OtpOrderSchema });
const IdParam = z.object({ id: z.string().max(64) });
const IdempotencyHeader = z.object({ "idempotency-key": z.string().min(8).max(128).optional() });

function routesFor(prefix: string, tag: string) {
  return {
    list: createRoute({ method: "get", path: `${prefix}/orders`, tags: [tag], summary: "Your OTP mail orders, newest first, by date range", request: { query: OtpOrderListQuerySchema }, responses: { 200: json(OtpOrderListSchema, "Orders"), ...errors } }),
    buy: createRoute({ method: "post", path: `${prefix}/orders`, tags: [tag], summary: "Buy an address for Facebook codes (debits the price)", request: { headers: IdempotencyHeader }, responses: { 201: json(Order, "The order"), 200: json(Order, "The same Idempotency-Key again: the first order"), ...errors } }),
    check: createRoute({ method: "post", path: `${prefix}/orders/{id}/check`, tags: [tag], summary: "Read the mailbox for codes", request: { params: IdParam }, responses: { 200: json(Order, "The order with its codes, latest last"), ...errors } }),
    cancel: createRoute({ method: "post", path: `${prefix}/orders/{id}/cancel`, tags: [tag], summary: "Cancel before a code arrives (refunded)", request: { params: IdParam }, responses: { 200: json(Order, "The cancelled order"), ...errors } }),
  };
}

function toDate(value?: string) {
  return value ? new Date(value) : undefined;
}

function buildRoutes(deps: OtpMailDeps & { secret: string }, prefix: string, tag: string, beforeEach: (c: Context<AppEnv>) => void) {
  const r = routesFor(prefix, tag);
  const app = new OpenAPIHono<AppEnv>();
  const keyFor = async (c: Context<AppEnv>) => {
    const ctx = c.get("ctx");
    if (ctx.apiKeyId) return ctx.apiKeyId;
    return (await ensureApiKey({ db: deps.db, secret: deps.secret, userId: requireUser(ctx).id })).id;
  };
  return app
    .openapi(r.list, async (c) => {
      beforeEach(c);
      const q = c.req.valid("query");
      return c.json(await listOtpOrders(deps.db, { userId: requireUser(c.get("ctx")).id, from: toDate(q.from), to: toDate(q.to), page: q.page, pageSize: q.pageSize }), 200);
    })
    .openapi(r.buy, async (c) => {
      beforeEach(c);
      const user = requireUser(c.get("ctx"));
      const { order, replayed } = await buyOtpMail(deps, { userId: user.id, apiKeyId: await keyFor(c), idempotencyKey: c.req.valid("header")["idempotency-key"] });
      return c.json({ order }, replayed ? 200 : 201);
    })
    .openapi(r.check, async (c) => {
      beforeEach(c);
      return c.json({ order: await checkOtpMail(deps, { userId: requireUser(c.get("ctx")).id, id: c.req.valid("param").id }) }, 200);
    })
    .openapi(r.cancel, async (c) => {
      beforeEach(c);
      return c.json({ order: await cancelOtpMail(deps, { userId: requireUser(c.get("ctx")).id, id: c.req.valid("param").id }) }, 200);
    });
}

export interface OtpLimit {
  limiter: SharedRateLimiter;
  /** OTP requests per account per minute (PUBLIC_API_RATE_LIMIT). */
  perMinute: number;
}

/**
 * One limit per account for every OTP action, whichever door it comes through: the dashboard
 * (session), the public API (Bearer key) and the spec's functions count together.
 */
export function limitOtp(c: Context<AppEnv>, { limiter, perMinute }: OtpLimit, userId: string) {
  applyRateLimit(c, [limiter.hit(`otp:user:${userId}`, { limit: perMinute, windowSeconds: 60 })]);
}

/** Dashboard routes (session cookie). */
export function createOtpMailRoutes(deps: OtpMailDeps & { secret: string; limit: OtpLimit }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/otp-mail/*", guard(requireUser));
  app.route("/", buildRoutes(deps, "/otp-mail", "otp mail", (c) => limitOtp(c, deps.limit, requireUser(c.get("ctx")).id)));
  return app;
}

/** Public API routes (Bearer API key). */
export function createPublicOtpRoutes(deps: OtpMailDeps & { secret: string; limit: OtpLimit }) {
  return buildRoutes(deps, "/v1/otp", "public API", (c) => {
    const ctx = c.get("ctx");
    if (!ctx.apiKeyId) throw new AppError("UNAUTHENTICATED", "Invalid API key.");
    limitOtp(c, deps.limit, requireUser(ctx).id);
  });
}
