// Refunds API (decision 024). Access is decided before input is read:
//   POST /api/orders/{id}/refund-requests          the order's owner (money-back guarantee)
//   GET  /api/admin/refund-requests                admins: the open queue and recent shortfalls
//   POST /api/admin/refund-requests/{id}/approve   super-admins: the refund is made
//   POST /api/admin/refund-requests/{id}/decline   super-admins
//   POST /api/admin/orders/{id}/refunds            super-admins: refund all that is left, or an amount
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import {
  AdminRefundBodySchema,
  AdminRefundResponseSchema,
  DecideRefundRequestBodySchema,
  DecideRefundRequestResponseSchema,
  RefundQueueSchema,
  RefundRequestBodySchema,
  RefundRequestResponseSchema,
} from "../../../contracts/refunds";
import { guard, requireAdmin, requireSuperAdmin, requireUser, type AppEnv } from "../../auth/context";
import { errorResponses, FORBIDDEN_STATE_CHANGE, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "../orders/deps";
import { approveRefundRequest, createRefundRequest, declineRefundRequest, listRefundQueue } from "./requests";
import { refundOrder } from "./service";

const id = { params: z.object({ id: z.string().max(64) }) };
const ADMIN_403 = "FORBIDDEN: not an admin (super-admin where marked); SECOND_FACTOR_REQUIRED; INVALID_ORIGIN on state changes";
const MONEY_409 =
  "Nothing was refunded: ORDER_NOT_REFUNDABLE, REFUND_TOO_LARGE, REFUND_BALANCE_TOO_LOW, REFUND_WINDOW_CLOSED, REFUND_IN_PROGRESS, REFUND_REFUSED (the provider's message), REFUND_ALREADY_MADE (a refund made at the provider, now recorded), REFUND_REQUEST_DECIDED";
const moneyErrors = errorResponses([401, 403, 404, 409, 502, 503, ...JSON_BODY], {
  403: ADMIN_403,
  404: "NOT_FOUND: no such order or request",
  409: MONEY_409,
  502: "REFUND_OUTCOME_UNKNOWN: the payment provider did not answer; nothing recorded, the shop checks again within minutes",
  503: "PROVIDER_UNAVAILABLE: the payment provider could not be asked; nothing was refunded",
});

const requestRoute = createRoute({
  method: "post",
  path: "/orders/{id}/refund-requests",
  operationId: "requestRefund",
  tags: [TAG_NAMES.orders],
  security: SESSION,
  summary: "Ask for a refund of your own paid order (money-back guarantee)",
  description: "Within the money-back window (site.config.json refundWindowDays from payment) the order's owner asks for a refund with a reason; an admin approves or declines it, and both are e-mailed.",
  request: { ...id, ...jsonBody(RefundRequestBodySchema) },
  responses: {
    201: json(RefundRequestResponseSchema, "The request, waiting for an admin"),
    ...errorResponses([401, 403, 404, 409, 429, ...JSON_BODY], {
      403: FORBIDDEN_STATE_CHANGE,
      404: "NOT_FOUND: no such order of yours",
      409: "REFUND_REQUEST_OPEN, REFUND_WINDOW_PASSED or REFUND_NOT_REQUESTABLE",
      429: "RATE_LIMITED: refund requests per account; see Retry-After",
    }),
  },
});
const queueRoute = createRoute({
  method: "get",
  path: "/admin/refund-requests",
  operationId: "listRefundRequests",
  tags: [TAG_NAMES.admin],
  security: SESSION,
  summary: "Open money-back requests and recent refund shortfalls (admin)",
  description: "Open money-back requests, oldest first, and recent refunds that could not take back all of a top-up's credit.",
  responses: { 200: json(RefundQueueSchema, "The queue"), ...errorResponses([401, 403], { 403: ADMIN_403 }) },
});
const approveRoute = createRoute({
  method: "post",
  path: "/admin/refund-requests/{id}/approve",
  operationId: "approveRefundRequest",
  tags: [TAG_NAMES.admin],
  security: SESSION,
  summary: "Approve a money-back request (super-admin)",
  description: "The rest of the order is refunded through the payment provider and its goods are taken back; audited and e-mailed.",
  request: { ...id, ...jsonBody(DecideRefundRequestBodySchema) },
  responses: { 200: json(DecideRefundRequestResponseSchema, "The request answered, and the refund"), ...moneyErrors },
});
const declineRoute = createRoute({
  method: "post",
  path: "/admin/refund-requests/{id}/decline",
  operationId: "declineRefundRequest",
  tags: [TAG_NAMES.admin],
  security: SESSION,
  summary: "Decline a money-back request (super-admin)",
  description: "Declines the request with a note for the customer; audited and e-mailed.",
  request: { ...id, ...jsonBody(DecideRefundRequestBodySchema) },
  responses: {
    200: json(DecideRefundRequestResponseSchema, "The request answered"),
    ...errorResponses([401, 403, 404, 409, ...JSON_BODY], { 403: ADMIN_403, 404: "NOT_FOUND: no such request", 409: "REFUND_REQUEST_DECIDED" }),
  },
});
const refundRoute = createRoute({
  method: "post",
  path: "/admin/orders/{id}/refunds",
  operationId: "refundOrder",
  tags: [TAG_NAMES.admin],
  security: SESSION,
  summary: "Refund a paid order through the payment provider (super-admin)",
  description: "Refunds all that is left by default, or `amountMills`; the goods are taken back in the same transaction (a plan's licence revoked when all of it is refunded, a renewal's days removed, a top-up's credit debited); audited and e-mailed.",
  request: { ...id, ...jsonBody(AdminRefundBodySchema) },
  responses: { 201: json(AdminRefundResponseSchema, "The refund, the order as now, what was taken back"), ...moneyErrors },
});

export function createRefundRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/orders/:id/refund-requests", guard(requireUser));
  app.use("/admin/refund-requests", guard(requireAdmin));
  app.use("/admin/refund-requests/:id/*", guard(requireSuperAdmin));
  app.use("/admin/orders/:id/refunds", guard(requireSuperAdmin));
  return app
    .openapi(requestRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      applyRateLimit(c, [deps.limiter.hit(`refund-request:user:${user.id}`, { limit: 10, windowSeconds: 60 })]);
      const request = await createRefundRequest(deps, user, c.req.valid("param").id, c.req.valid("json").reason);
      return c.json({ request }, 201);
    })
    .openapi(queueRoute, async (c) => {
      return c.json(await listRefundQueue(deps), 200, { "Cache-Control": "no-store" });
    })
    .openapi(approveRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      return c.json(await approveRefundRequest(deps, actor, c.req.valid("param").id, c.req.valid("json").note), 200);
    })
    .openapi(declineRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      return c.json(await declineRefundRequest(deps, actor, c.req.valid("param").id, c.req.valid("json").note), 200);
    })
    .openapi(refundRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const input = c.req.valid("json");
      const result = await refundOrder(deps, { orderId: c.req.valid("param").id, amountMills: input.amountMills, reason: input.reason, source: "admin", actor });
      return c.json(result, 201);
    });
}
