// GET /api/payments/receipts/{token}: a return page asks whether its payment was really made. No
// session (the subscription tool's buyers have none): the token from the return (or from the
// checkout that created the order) is the proof, and the answer names only the plan, the amount
// and the status. With `refresh=1` a pending payment is first checked with the payment provider:
// the page that holds the provider's window open learns a decline or a cancellation at once (#14).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ReceiptResponseSchema } from "../../../contracts/orders";
import type { AppEnv } from "../../auth/context";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, errorResponses, json, TAG_NAMES } from "../../lib/openapi";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "./deps";
import { planMonthsById } from "../plans/service";
import { toOrderDto } from "./dto";
import { readReceiptToken } from "./receipt";
import { findOrderByTranId, settleOrder } from "./settle";

const receiptRoute = createRoute({
  method: "get",
  path: "/payments/receipts/{token}",
  operationId: "getPaymentReceipt",
  tags: [TAG_NAMES.orders],
  security: ANONYMOUS,
  summary: "A payment's verified status, for the page that started or received it",
  description:
    "The status, plan and amount of the payment a receipt token names (the token comes with the checkout that created the order, and with its return). No session: the token is the proof, and the answer names no person or licence.",
  request: {
    params: z.object({ token: z.string().max(64).openapi({ description: "The receipt token of the return URL's `receipt` parameter" }) }),
    query: z.object({ refresh: z.enum(["0", "1"]).optional().openapi({ description: "1: ask the payment provider first when the payment is pending" }) }),
  },
  responses: {
    200: json(ReceiptResponseSchema, "The payment as the server verified it"),
    ...errorResponses([404, 422, 429], { 404: "NOT_FOUND: no payment has this token", 429: "RATE_LIMITED: per address; see Retry-After" }),
  },
});

export function createReceiptRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  return new OpenAPIHono<AppEnv>().openapi(receiptRoute, async (c) => {
    applyRateLimit(c, [deps.limiter.hit(`receipt:ip:${c.get("clientIp")}`, { limit: 240, windowSeconds: 60 })]);
    const tranId = readReceiptToken(deps.secret, c.req.valid("param").token);
    let order = tranId ? await findOrderByTranId(deps, tranId) : null;
    if (!order) throw new AppError("NOT_FOUND", "No payment has this receipt.");
    // A page watching its open checkout asks about once a second; the provider is asked at most that often
    // per payment, whoever asks.
    if (c.req.valid("query").refresh === "1" && order.status === "pending" && deps.limiter.hit(`receipt:refresh:${order.tranId}`, { limit: 75, windowSeconds: 60 }).allowed) {
      order = await settleOrder(deps, order);
    }
    c.header("Cache-Control", "no-store");
    // The order as its owner sees it, less everything that names a person or a licence.
    const { status, kind, planTitle, planMonths, amountMills, amount, currency, paidAt } = toOrderDto(order, await planMonthsById(deps.db, [order.planId]));
    return c.json({ receipt: { status, kind, planTitle, planMonths, amountMills, amount, currency, paidAt } }, 200);
  });
}
