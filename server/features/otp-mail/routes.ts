// OTP mail orders for the dashboard (session) and for API-key holders (/api/v1/otp).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { OtpMessageListSchema, OtpOrderListQuerySchema, OtpOrderListSchema, OtpOrderSchema } from "../../../contracts/otp-mail";
import { OtpBuyBodySchema, OtpServiceListSchema } from "../../../contracts/otp-service-schemas";
import { singleLineText } from "../../../contracts/text";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { AppError } from "../../lib/errors";
import { emptyJsonIsNoBody } from "../../lib/http-middleware";
import { ANY_BODY, API_KEY, errorResponses, FORBIDDEN_STATE_CHANGE, json, SESSION, TAG_NAMES, type ErrorStatus } from "../../lib/openapi";
import { ensureApiKey } from "../balance/service";
import type { AccountEventHub } from "../events/hub";
import { MAX_WAIT_SECONDS, waitForOtpOrder } from "./wait";
import { getOtpOrder, cancelOtpMail, checkOtpMail, listOtpOrders, listOtpServices, otpOrderMessages, type OtpMailDeps } from "./service";
import { buyOtpMail, reorderOtpMail } from "./buy";

const Order = z.object({ order: OtpOrderSchema });
const IdParam = z.object({ id: z.string().max(64).openapi({ description: "The order's id" }) });
const WaitQuery = z.object({
  wait: z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS).optional().openapi({ description: `Seconds to wait for a code (0–${MAX_WAIT_SECONDS})` }),
});
const IdempotencyHeader = z.object({
  "idempotency-key": singleLineText(undefined, { trim: false }).min(8).max(128).optional().openapi({ description: "A key of the caller's choosing: the same key again answers the first order (200) instead of buying another" }),
});

/** The dashboard's routes (session) and the public API's (API key): the same operations. */
interface Door {
  prefix: string;
  tag: string;
  security: typeof SESSION | typeof API_KEY;
  /** operationId of an operation: `verb` + `Noun` of this door. */
  id: (verb: string, noun: string) => string;
  /** The statuses of the caller's credential: 401, and 403 for a session. */
  credential: ErrorStatus[];
  /** The credential's refusals. */
  refusals: Partial<Record<ErrorStatus, string>>;
  /** Who "your" is. */
  whose: string;
}

const DOORS = {
  dashboard: {
    prefix: "/otp-mail",
    tag: TAG_NAMES.otpMail,
    security: SESSION,
    id: (verb, noun) => `${verb}${noun}`,
    credential: [401, 403],
    refusals: {},
    whose: "the signed-in user's",
  },
  publicApi: {
    prefix: "/v1/otp",
    tag: TAG_NAMES.publicApi,
    security: API_KEY,
    id: (verb, noun) => `${verb}Public${noun}`,
    credential: [401],
    refusals: { 401: "UNAUTHENTICATED: no valid API key in `Authorization: Bearer <key>`" },
    whose: "the API key owner's",
  },
} satisfies Record<string, Door>;

const OTP_REFUSALS: Partial<Record<ErrorStatus, string>> = {
  404: "NOT_FOUND: no order of yours has this id (another user's included)",
  429: "RATE_LIMITED: OTP requests per account per minute (PUBLIC_API_RATE_LIMIT); see Retry-After",
  503: "SUPPLIER_FAILED: the mail supplier could not sell or read an address (nothing charged)",
};

function routesFor(door: Door) {
  const { prefix, tag, security, id, credential } = door;
  /** The errors of an operation: the credential's, then its own. */
  const errors = (statuses: ErrorStatus[], descriptions: Partial<Record<ErrorStatus, string>> = {}) =>
    errorResponses([...credential, ...statuses], { ...OTP_REFUSALS, ...door.refusals, ...descriptions });
  /** A POST: with a session, INVALID_ORIGIN besides the second factor. */
  const post = { 403: FORBIDDEN_STATE_CHANGE };
  const common = { tags: [tag], security };
  return {
    services: createRoute({
      method: "get",
      path: `${prefix}/services`,
      operationId: id("list", "OtpServices"),
      ...common,
      summary: "The sites addresses can be bought for",
      description: "The service catalogue: each site's price (mills), lifetime, sender domains whose mail counts, and whether it can be bought now.",
      responses: { 200: json(OtpServiceListSchema, "Services"), ...errors([429]) },
    }),
    list: createRoute({
      method: "get",
      path: `${prefix}/orders`,
      operationId: id("list", "OtpOrders"),
      ...common,
      summary: "Your OTP mail orders",
      description: `${door.whose[0]!.toUpperCase()}${door.whose.slice(1)} OTP mail orders, newest first, by date range, with the total spent.`,
      request: { query: OtpOrderListQuerySchema },
      responses: { 200: json(OtpOrderListSchema, "Orders"), ...errors([422, 429]) },
    }),
    buy: createRoute({
      method: "post",
      path: `${prefix}/orders`,
      operationId: id("buy", "OtpOrder"),
      ...common,
      summary: "Buy an address for one-time codes",
      description: `Buys a disposable address that receives a site's one-time codes (the body's \`service\`, Facebook by default), paid from ${door.whose} balance at that service's price. Send an Idempotency-Key to make a retry safe.`,
      request: { headers: IdempotencyHeader, body: { content: { "application/json": { schema: OtpBuyBodySchema } }, required: false } },
      responses: {
        201: json(Order, "The order"),
        200: json(Order, "The same Idempotency-Key again: the first order"),
        ...errors([...ANY_BODY, 402, 404, 409, 415, 422, 429, 503], {
          ...post,
          404: "API_KEY_NOT_FOUND: the account's API key is no longer active",
          409: "OUT_OF_STOCK: no address is available right now (nothing charged)",
        }),
      },
    }),
    check: createRoute({
      method: "post",
      path: `${prefix}/orders/{id}/check`,
      operationId: id("check", "OtpOrder"),
      ...common,
      summary: "Read the mailbox for codes",
      description: "Reads the order's mailbox and records every code that arrived since the purchase (latest last).",
      request: { params: IdParam },
      responses: { 200: json(Order, "The order with its codes, latest last"), ...errors([...ANY_BODY, 404, 422, 429, 503], post) },
    }),
    reorder: createRoute({
      method: "post",
      path: `${prefix}/orders/{id}/reorder`,
      operationId: id("reorder", "OtpOrder"),
      ...common,
      summary: "Another code on the same address",
      description:
        "Buys another code on the address of one of your orders (Kopeechka's reorder), within or after its lifetime, at that order's price: a new order linked to the first (`reorderOf`), refunded once if nothing arrives before it expires.",
      request: { params: IdParam, headers: IdempotencyHeader },
      responses: {
        201: json(Order, "The new order on the same address"),
        200: json(Order, "The same Idempotency-Key again: the first reorder"),
        ...errors([...ANY_BODY, 402, 404, 409, 422, 429, 503], { ...post, 409: "NOT_PENDING: this address cannot be reordered" }),
      },
    }),
    get: createRoute({
      method: "get",
      path: `${prefix}/orders/{id}`,
      operationId: id("get", "OtpOrder"),
      ...common,
      summary: "One order, optionally waiting for its code",
      description: `One order as stored. With \`wait=N\` (at most ${MAX_WAIT_SECONDS}) the answer is held until a code arrives or N seconds pass, whichever is first; it costs no polling on the server (it listens for the order's change) and counts once against the rate limit.`,
      request: { params: IdParam, query: WaitQuery },
      responses: { 200: json(Order, "The order"), ...errors([404, 422, 429]) },
    }),
    messages: createRoute({
      method: "get",
      path: `${prefix}/orders/{id}/messages`,
      operationId: id("list", "OtpOrderMessages"),
      ...common,
      summary: "The whole messages an order received",
      description:
        "Every message the order's address received since the purchase, oldest first: sender, subject, time, text and sanitised HTML (no scripts, styles or images). Kept for the order's lifetime plus OTP_MESSAGE_RETENTION_HOURS.",
      request: { params: IdParam },
      responses: { 200: json(OtpMessageListSchema, "The messages, oldest first"), ...errors([404, 422, 429]) },
    }),
    cancel: createRoute({
      method: "post",
      path: `${prefix}/orders/{id}/cancel`,
      operationId: id("cancel", "OtpOrder"),
      ...common,
      summary: "Cancel an order before a code arrives",
      description: "Cancels a pending order whose mailbox has no code yet; the price goes back to the balance.",
      request: { params: IdParam },
      responses: {
        200: json(Order, "The cancelled order"),
        ...errors([...ANY_BODY, 404, 409, 422, 429, 503], { ...post, 409: "ORDER_HAS_CODE: a code has arrived; NOT_PENDING: the order is closed already" }),
      },
    }),
  };
}

function toDate(value?: string) {
  return value ? new Date(value) : undefined;
}

function buildRoutes(deps: OtpMailDeps & { secret: string; events?: AccountEventHub }, door: Door, beforeEach: (c: Context<AppEnv>) => void) {
  const r = routesFor(door);
  const app = new OpenAPIHono<AppEnv>();
  const keyFor = async (c: Context<AppEnv>) => {
    const ctx = c.get("ctx");
    if (ctx.apiKeyId) return ctx.apiKeyId;
    return (await ensureApiKey({ db: deps.db, secret: deps.secret, userId: requireUser(ctx).id })).id;
  };
  app.use(r.buy.path, emptyJsonIsNoBody());
  return app
    .openapi(r.services, (c) => {
      beforeEach(c);
      return c.json({ services: listOtpServices(deps) }, 200);
    })
    .openapi(r.list, async (c) => {
      beforeEach(c);
      const q = c.req.valid("query");
      return c.json(await listOtpOrders(deps.db, { userId: requireUser(c.get("ctx")).id, from: toDate(q.from), to: toDate(q.to), page: q.page, pageSize: q.pageSize }), 200);
    })
    .openapi(r.buy, async (c) => {
      beforeEach(c);
      const user = requireUser(c.get("ctx"));
      const body = (c.req.valid("json") as { service?: string } | undefined) ?? {};
      const keyHash = c.get("ctx").unverifiedKeyHash;
      const { order, replayed } = await buyOtpMail(deps, { userId: user.id, apiKeyId: await keyFor(c), keyHash, service: body.service, idempotencyKey: c.req.valid("header")["idempotency-key"] });
      return c.json({ order }, replayed ? 200 : 201);
    })
    .openapi(r.check, async (c) => {
      beforeEach(c);
      return c.json({ order: await checkOtpMail(deps, { userId: requireUser(c.get("ctx")).id, id: c.req.valid("param").id }) }, 200);
    })
    .openapi(r.reorder, async (c) => {
      beforeEach(c);
      const user = requireUser(c.get("ctx"));
      const input = { userId: user.id, apiKeyId: await keyFor(c), id: c.req.valid("param").id, idempotencyKey: c.req.valid("header")["idempotency-key"] };
      const { order, replayed } = await reorderOtpMail(deps, input);
      return c.json({ order }, replayed ? 200 : 201);
    })
    .openapi(r.get, async (c) => {
      beforeEach(c);
      const input = { userId: requireUser(c.get("ctx")).id, id: c.req.valid("param").id };
      const wait = c.req.valid("query").wait ?? 0;
      const order = wait > 0 && deps.events ? await waitForOtpOrder(deps, deps.events, { ...input, waitSeconds: wait, signal: c.req.raw.signal }) : await getOtpOrder(deps, input);
      return c.json({ order }, 200);
    })
    .openapi(r.messages, async (c) => {
      beforeEach(c);
      return c.json({ messages: await otpOrderMessages(deps, { userId: requireUser(c.get("ctx")).id, id: c.req.valid("param").id }) }, 200);
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
export function createOtpMailRoutes(deps: OtpMailDeps & { secret: string; limit: OtpLimit; events?: AccountEventHub }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/otp-mail/*", guard(requireUser));
  app.route("/", buildRoutes(deps, DOORS.dashboard, (c) => limitOtp(c, deps.limit, requireUser(c.get("ctx")).id)));
  return app;
}

/** Public API routes (Bearer API key). */
export function createPublicOtpRoutes(deps: OtpMailDeps & { secret: string; limit: OtpLimit; events?: AccountEventHub }) {
  return buildRoutes(deps, DOORS.publicApi, (c) => {
    const ctx = c.get("ctx");
    if (!ctx.apiKeyId) throw new AppError("UNAUTHENTICATED", "Invalid API key.");
    limitOtp(c, deps.limit, requireUser(ctx).id);
  });
}
