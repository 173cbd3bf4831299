// GET /api/payments/receipts/{token}: a return page asks whether its payment was really made. No
// session (the subscription tool's buyers have none): the token from the return (or from the
// checkout that created the order) is the proof, and the answer names only the plan, the amount
// and the status. With `refresh=1` a pending payment is first checked with the payment provider:
// the page that holds the provider's window open learns a decline or a cancellation at once (#14).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "../../../contracts/errors";
import { ReceiptResponseSchema } from "../../../contracts/orders";
import type { AppEnv } from "../../auth/context";
import { AppError } from "../../lib/errors";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrdersDeps } from "./deps";
import { toOrderDto } from "./dto";
import { readReceiptToken } from "./receipt";
import { findOrderByTranId, settleOrder } from "./settle";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

const receiptRoute = createRoute({
  method: "get",
  path: "/payments/receipts/{token}",
  tags: ["orders"],
  summary: "A payment's status, plan and amount, for the page that started or received it (the token comes with the checkout and its return)",
  request: {
    params: z.object({ token: z.string().max(64) }),
    query: z.object({ refresh: z.enum(["0", "1"]).optional().openapi({ description: "1: ask the payment provider first when the payment is pending" }) }),
  },
  responses: {
    200: json(ReceiptResponseSchema, "The payment as the server verified it"),
    404: json(ErrorBodySchema, "No payment has this token"),
    429: json(ErrorBodySchema, "Rate limited; see Retry-After"),
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
    const { status, kind, planTitle, amountMills, amount, currency, paidAt } = toOrderDto(order);
    return c.json({ receipt: { status, kind, planTitle, amountMills, amount, currency, paidAt } }, 200);
  });
}
