// Refunds API (decision 024). Access is decided before input is read:
//   POST /api/orders/{id}/refund-requests          the order's owner (money-back guarantee)
//   GET  /api/admin/refund-requests                admins: the open queue and recent shortfalls
//   POST /api/admin/refund-requests/{id}/approve   super-admins: the refund is made
//   POST /api/admin/refund-requests/{id}/decline   super-admins
//   POST /api/admin/orders/{id}/refunds            super-admins: refund all that is left, or an amount
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "../../../contracts/errors";
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
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "../orders/deps";
import { approveRefundRequest, createRefundRequest, declineRefundRequest, listRefundQueue } from "./requests";
import { refundOrder } from "./service";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const body = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const id = { params: z.object({ id: z.string().max(64) }) };
const errors = {
  401: json(ErrorBodySchema, "Not signed in"),
  403: json(ErrorBodySchema, "Not allowed (admin, or super-admin where marked)"),
  404: json(ErrorBodySchema, "No such order or request"),
  422: json(ErrorBodySchema, "Invalid input"),
};
const moneyErrors = {
  409: json(ErrorBodySchema, "Nothing was refunded: ORDER_NOT_REFUNDABLE, REFUND_TOO_LARGE, REFUND_BALANCE_TOO_LOW, REFUND_WINDOW_CLOSED, REFUND_IN_PROGRESS, REFUND_REFUSED (the provider's message), REFUND_ALREADY_MADE (a refund made at the provider, now recorded), REFUND_REQUEST_DECIDED"),
  502: json(ErrorBodySchema, "REFUND_OUTCOME_UNKNOWN: The payment provider did not answer; nothing recorded, the shop checks again within minutes"),
  503: json(ErrorBodySchema, "PROVIDER_UNAVAILABLE: the payment provider could not be asked; nothing was refunded"),
};

const requestRoute = createRoute({
  method: "post",
  path: "/orders/{id}/refund-requests",
  tags: ["orders"],
  summary: "Ask for a refund of one's own paid order within the money-back window (REFUND_WINDOW_DAYS)",
  request: { ...id, ...body(RefundRequestBodySchema) },
  responses: {
    201: json(RefundRequestResponseSchema, "The request, waiting for an admin"),
    409: json(ErrorBodySchema, "REFUND_REQUEST_OPEN, REFUND_WINDOW_PASSED or REFUND_NOT_REQUESTABLE"),
    429: json(ErrorBodySchema, "Rate limited; see Retry-After"),
    ...errors,
  },
});
const queueRoute = createRoute({
  method: "get",
  path: "/admin/refund-requests",
  tags: ["admin"],
  summary: "Open money-back requests, oldest first, and recent refunds that could not take back all of a top-up (admin)",
  responses: { 200: json(RefundQueueSchema, "The queue"), ...errors },
});
const approveRoute = createRoute({
  method: "post",
  path: "/admin/refund-requests/{id}/approve",
  tags: ["admin"],
  summary: "Approve a money-back request: the rest of the order is refunded through the payment provider (super-admin; audited, e-mailed)",
  request: { ...id, ...body(DecideRefundRequestBodySchema) },
  responses: { 200: json(DecideRefundRequestResponseSchema, "The request answered, and the refund"), ...moneyErrors, ...errors },
});
const declineRoute = createRoute({
  method: "post",
  path: "/admin/refund-requests/{id}/decline",
  tags: ["admin"],
  summary: "Decline a money-back request with a note for the customer (super-admin; audited, e-mailed)",
  request: { ...id, ...body(DecideRefundRequestBodySchema) },
  responses: { 200: json(DecideRefundRequestResponseSchema, "The request answered"), 409: json(ErrorBodySchema, "REFUND_REQUEST_DECIDED"), ...errors },
});
const refundRoute = createRoute({
  method: "post",
  path: "/admin/orders/{id}/refunds",
  tags: ["admin"],
  summary: "Refund a paid order through the payment provider: all that is left by default, or amountMills; the goods are taken back (super-admin; audited, e-mailed)",
  request: { ...id, ...body(AdminRefundBodySchema) },
  responses: { 201: json(AdminRefundResponseSchema, "The refund, the order as now, what was taken back"), ...moneyErrors, ...errors },
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
