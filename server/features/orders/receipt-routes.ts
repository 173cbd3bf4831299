// GET /api/payments/receipts/{token}: a return page asks whether its payment was really made. No
// session (the subscription tool's buyers have none): the token from the return (or from the
// checkout that created the order) is the proof, and the answer names only the plan, the amount
// and the status. With `refresh=1` a pending payment is first checked with the payment provider:
// the page that holds the provider's window open learns a decline or a cancellation at once (#14).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ReceiptResponseSchema } from "../../../contracts/orders";
import type { AppEnv } from "../../auth/context";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, ANY_BODY, errorResponses, json, TAG_NAMES } from "../../lib/openapi";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "./deps";
import { planMonthsById } from "../plans/service";
import { toOrderDto, type OrderRow } from "./dto";
import { readReceiptToken } from "./receipt";
import { closeCheckout, findOrderByTranId, settleOrder } from "./settle";

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

const TokenParams = z.object({ token: z.string().max(64).openapi({ description: "The receipt token of the checkout (or of the return URL's `receipt` parameter)" }) });
const closeRoute = createRoute({
  method: "post",
  path: "/payments/receipts/{token}/close",
  operationId: "closeCheckoutByReceipt",
  tags: [TAG_NAMES.orders],
  security: ANONYMOUS,
  summary: "Close the checkout a receipt token names, when its payment window was closed without paying",
  description:
    "POST /api/orders/{id}/close for a checkout started without a session (the subscription tool, a reminder link's renewal): the token that came with the checkout is the proof. The payment provider is asked first: a paid checkout is settled, never closed; one still pending is closed there and reads `cancelled`. Any other answers as it stands.",
  request: { params: TokenParams },
  responses: {
    200: json(ReceiptResponseSchema, "The payment as it now stands"),
    ...errorResponses([403, 404, 422, 429, ...ANY_BODY], { 403: "INVALID_ORIGIN: the request carries a session cookie but comes from another site", 404: "NOT_FOUND: no payment has this token", 429: "RATE_LIMITED: per address; see Retry-After" }),
  },
});

async function receiptOf(deps: OrdersDeps, order: OrderRow) {
  // The order as its owner sees it, less everything that names a person or a licence.
  const { status, kind, planTitle, planMonths, amountMills, amount, currency, paidAt, providerName } = toOrderDto(order, await planMonthsById(deps.db, [order.planId]));
  return { receipt: { status, kind, planTitle, planMonths, amountMills, amount, currency, paidAt, providerName } };
}

async function orderOfToken(deps: OrdersDeps, token: string): Promise<OrderRow> {
  const tranId = readReceiptToken(deps.secret, token);
  const order = tranId ? await findOrderByTranId(deps, tranId) : null;
  if (!order) throw new AppError("NOT_FOUND", "No payment has this receipt.");
  return order;
}

export function createReceiptRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  return new OpenAPIHono<AppEnv>().openapi(receiptRoute, async (c) => {
    applyRateLimit(c, [deps.limiter.hit(`receipt:ip:${c.get("clientIp")}`, { limit: 240, windowSeconds: 60 })]);
    let order = await orderOfToken(deps, c.req.valid("param").token);
    // A page watching its open checkout asks about once a second; the provider is asked at most that often
    // per payment, whoever asks.
    if (c.req.valid("query").refresh === "1" && order.status === "pending" && deps.limiter.hit(`receipt:refresh:${order.tranId}`, { limit: 75, windowSeconds: 60 }).allowed) {
      order = await settleOrder(deps, order);
    }
    c.header("Cache-Control", "no-store");
    return c.json(await receiptOf(deps, order), 200);
  }).openapi(closeRoute, async (c) => {
    // The checkouts' own limit per address (the subscription tool's).
    applyRateLimit(c, [deps.limiter.hit(`checkout:ip:${c.get("clientIp")}`, { limit: 20, windowSeconds: 60 })]);
    const order = await closeCheckout(deps, await orderOfToken(deps, c.req.valid("param").token));
    c.header("Cache-Control", "no-store");
    return c.json(await receiptOf(deps, order), 200);
  });
}
