// PayWay's side of the money path, no session involved:
//   POST /api/payway/callback          the pushback (return_url): signature checked, then verified
//   GET  /api/check-transaction-plan   the spec's return URLs (continue_success_url / cancel_url):
//   GET  /api/check-transaction-topup  verify with PayWay, then redirect the browser to the page
//   GET  /api/check-transaction-SubscriptionTool
// Neither a callback nor a query string is proof of payment: settleOrder asks PayWay.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { formatPrice } from "../../../contracts/plan-catalogue";
import type { AppEnv } from "../../auth/context";
import { AppError, validationError } from "../../lib/errors";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { CALLBACK_SIGNATURE_HEADER } from "../../providers/payway/callback-signature";
import { TRAN_ID_PATTERN } from "../../providers/payway/hash";
import { RETURN_PATHS } from "./checkout";
import { receiptToken } from "./receipt";
import type { OrdersDeps } from "./deps";
import type { OrderRow } from "./dto";
import { findOrderByTranId, settleOrder } from "./settle";

const CallbackSchema = z.looseObject({
  tran_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(TRAN_ID_PATTERN, "Invalid tran_id")),
  status: z.union([z.string(), z.number()]).optional(),
  apv: z.union([z.string(), z.number()]).optional(),
});
const ReturnQuerySchema = z.object({
  tran_id: z.string().regex(TRAN_ID_PATTERN).optional(),
  v: z.enum(["1", "2"]).optional(),
});

/** JSON as documented; form-urlencoded tolerated (older integrations). */
async function callbackBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError("BAD_REQUEST", "Malformed form body");
    });
    return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string"));
  }
  const body: unknown = await c.req.json(); // malformed JSON → 400 from the app's error handler
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError("BAD_REQUEST", "Expected a JSON object");
  return body as Record<string, unknown>;
}

/** Where the browser lands: the spec's success parameters only for a verified, paid order. */
function landing(deps: OrdersDeps, kind: OrderRow["kind"], order: OrderRow | null, variant: "1" | "2"): string {
  const page = kind !== "tool" ? "/dashboard" : variant === "2" ? "/license-history" : "/subscription_tool";
  const url = new URL(`${deps.baseUrl}${page}`);
  if (!order) {
    url.searchParams.set("payment_status", "unknown");
    return url.toString();
  }
  if (order.status === "paid") {
    url.searchParams.set("payment_success", "true");
    if (order.kind === "topup") {
      url.searchParams.set("topup", "true");
      url.searchParams.set("amount", formatPrice(order.amountMills).slice(1));
    } else {
      url.searchParams.set("plan_price", formatPrice(order.amountMills));
      url.searchParams.set("plan_title", order.planTitle ?? "");
    }
  } else url.searchParams.set("payment_status", order.status);
  // What the page uses to ask whether the payment was made: the order (signed-in customers, their
  // session proves it is theirs) or a receipt token (the subscription tool: no account).
  if (order.kind !== "tool") url.searchParams.set("order", order.id);
  else url.searchParams.set("receipt", receiptToken(deps.secret, order.tranId));
  return url.toString();
}

export function createPaywayRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new Hono<AppEnv>();

  app.post("/payway/callback", async (c) => {
    applyRateLimit(c, [deps.limiter.hit(`payway-callback:${c.get("clientIp")}`, { limit: 300, windowSeconds: 60 })]);
    const body = await callbackBody(c);
    const parsed = CallbackSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const signature = deps.payway.checkSignature(body, c.req.header(CALLBACK_SIGNATURE_HEADER));
    if (signature === "invalid" || (signature === "absent" && deps.settings.requireCallbackSignature)) {
      deps.logger.warn({ tranId: parsed.data.tran_id, signature, ip: c.get("clientIp") }, "PayWay callback refused: signature");
      throw new AppError("BAD_SIGNATURE", "Invalid callback signature", 401);
    }
    const order = await findOrderByTranId(deps, parsed.data.tran_id);
    if (!order) throw new AppError("NOT_FOUND", "Unknown transaction");
    // A replay of a settled order costs nothing: no call to PayWay, nothing granted.
    const settled = order.status === "paid" ? order : await settleOrder(deps, order);
    return c.json({ received: true, status: settled.status }, 200);
  });

  for (const kind of ["plan", "topup", "tool"] as const) {
    app.get(RETURN_PATHS[kind].replace(/^\/api/, ""), async (c) => {
      const q = ReturnQuerySchema.safeParse(c.req.query());
      const variant = q.success ? (q.data.v ?? "1") : "1";
      let order = q.success && q.data.tran_id ? await findOrderByTranId(deps, q.data.tran_id) : null;
      if (order && order.kind !== kind) order = null;
      // The browser may arrive before PayWay's callback: ask PayWay now (limited per address).
      if (order && (order.status === "pending" || order.status === "cancelled") && deps.limiter.hit(`payway-return:${c.get("clientIp")}`, { limit: 60, windowSeconds: 60 }).allowed) {
        order = await settleOrder(deps, order);
      }
      c.header("Cache-Control", "no-store");
      return c.redirect(landing(deps, kind, order, variant), 302);
    });
  }
  return app;
}
