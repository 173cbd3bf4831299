// The payment provider's side of the money path, no session involved:
//   POST /api/<each provider's callback path>   its notification: read (signature) by that provider, then verified
//   GET  /api/check-transaction-plan            the spec's return URLs (after paying, and after closing the
//   GET  /api/check-transaction-topup           provider's window): verify with the provider, then redirect
//   GET  /api/check-transaction-SubscriptionTool the browser to the page the checkout started on
// Neither a notification nor a query string is proof of payment: settleOrder asks the provider.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { CheckoutReturnPageSchema, type CheckoutReturnPage } from "../../../contracts/orders";
import { formatMoney } from "../../../contracts/money";
import { singleLineText } from "../../../contracts/text";
import type { AppEnv } from "../../auth/context";
import { AppError } from "../../lib/errors";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { CLOSED_PARAM, RENEWAL_RETURN, RETURN_PATHS } from "./checkout";
import { readRenewToken } from "./renew-token";
import { receiptToken } from "./receipt";
import type { OrdersDeps } from "./deps";
import type { OrderRow } from "./dto";
import { closeCheckout, findOrderByTranId, settleOrder } from "./settle";
import { countPaymentVerifyFailure } from "../health/signals";

const ReturnQuerySchema = z.object({
  tran_id: singleLineText().max(64).optional(),
  v: z.enum(["1", "2"]).optional(),
  to: CheckoutReturnPageSchema.or(z.literal(RENEWAL_RETURN)).optional(),
  /** A reminder link's token (its renewal returns to /renew/<token>). */
  renew: singleLineText().max(200).optional(),
  [CLOSED_PARAM]: z.literal("1").optional(),
});
type ReturnQuery = z.infer<typeof ReturnQuerySchema>;

const PAGES: Record<CheckoutReturnPage, string> = { home: "/", "license-keys": "/license-keys", profile: "/profile", reseller: "/reseller" };

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

/**
 * The page a return lands on: where the checkout started (issue #14), except that a plan paid on the
 * landing goes on to /dashboard (→ License Keys: the spec's return target, where its key is). The
 * subscription tool's own pages as the spec has them.
 */
function pageFor(kind: OrderRow["kind"], order: OrderRow | null, q: Pick<ReturnQuery, "v" | "to">, renewLink: string | null): string {
  if (kind === "tool") return q.v === "2" ? "/license-history" : "/subscription_tool";
  if (renewLink) return `/renew/${renewLink}`;
  const start: CheckoutReturnPage = q.to === RENEWAL_RETURN ? "license-keys" : (q.to ?? (kind === "topup" ? "profile" : "home"));
  if (order?.status === "paid" && start === "home") return "/dashboard";
  return PAGES[start];
}

/**
 * The reminder link a renewal's return goes back to: only a genuine link (expired or not: the
 * payment was started while it worked) of the very licence the order renewed; else none, and the
 * return lands on License Keys as before.
 */
function renewalLinkOf(deps: OrdersDeps, order: OrderRow | null, q: Pick<ReturnQuery, "to" | "renew">): string | null {
  if (q.to !== RENEWAL_RETURN || !q.renew || !order?.renewLicenseId) return null;
  const check = readRenewToken(deps.secret, q.renew, new Date(0));
  return check.ok && check.licenceId === order.renewLicenseId ? q.renew : null;
}

/** Where the browser lands: the spec's success parameters only for a verified, paid order. */
function landing(deps: OrdersDeps, kind: OrderRow["kind"], order: OrderRow | null, q: Pick<ReturnQuery, "v" | "to" | "renew">): string {
  const renewLink = renewalLinkOf(deps, order, q);
  const page = pageFor(kind, order, q, renewLink);
  const url = new URL(`${deps.baseUrl}${page}`);
  if (!order) {
    url.searchParams.set("payment_status", "unknown");
    return url.toString();
  }
  if (order.status === "paid") {
    url.searchParams.set("payment_success", "true");
    if (order.kind === "topup") {
      url.searchParams.set("topup", "true");
      url.searchParams.set("amount", formatMoney(order.amountMills, { plain: true }));
    } else {
      url.searchParams.set("plan_price", formatMoney(order.amountMills));
      url.searchParams.set("plan_title", order.planTitle ?? "");
    }
  } else url.searchParams.set("payment_status", order.status);
  // What the page uses to ask whether the payment was made: the order (signed-in customers, their
  // session proves it is theirs) or a receipt token (the subscription tool: no account).
  // A reminder link's page may be read signed out: it asks with the receipt token too.
  if (order.kind !== "tool" && !renewLink) url.searchParams.set("order", order.id);
  else url.searchParams.set("receipt", receiptToken(deps.secret, order.tranId));
  return url.toString();
}

export function createProviderRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new Hono<AppEnv>();
  const { providers } = deps;

  // Each provider's notifications at its own path, about its own orders only.
  for (const provider of providers.all) app.post(provider.callbackPath, async (c) => {
    applyRateLimit(c, [deps.limiter.hit(`payment-callback:${c.get("clientIp")}`, { limit: 300, windowSeconds: 60 })]);
    const body = await callbackBody(c);
    const reading = provider.readCallback(body, (name) => c.req.header(name));
    if (!reading.ok && reading.reason === "invalid") throw new AppError("VALIDATION_FAILED", reading.message, [{ path: "tran_id", message: reading.message }]);
    if (!reading.ok) {
      deps.logger.warn({ provider: provider.id, detail: reading.message, ip: c.get("clientIp") }, "payment callback refused: signature");
      countPaymentVerifyFailure();
      throw new AppError("BAD_SIGNATURE", "Invalid callback signature");
    }
    const order = await findOrderByTranId(deps, reading.reference);
    if (!order || order.provider !== provider.id) throw new AppError("NOT_FOUND", "Unknown transaction");
    // A replay of a settled order costs nothing: no call to the provider, nothing granted. A paid
    // order's notification is also a moment to look for a refund made at the provider, at most
    // twice a minute per order, so replays cannot amplify into provider calls (decision 024).
    let settled = order;
    if (order.status !== "paid") settled = await settleOrder(deps, order);
    else if (deps.limiter.hit(`payment-callback:refunds:${order.id}`, { limit: 2, windowSeconds: 60 }).allowed) {
      settled = (await deps.checkRefunds(deps, order).catch((err) => (deps.logger.warn({ err, orderId: order.id }, "refund check failed"), null))) ?? order;
    }
    return c.json({ received: true, status: settled.status }, 200);
  });

  for (const kind of ["plan", "topup", "tool"] as const) {
    app.get(RETURN_PATHS[kind].replace(/^\/api/, ""), async (c) => {
      const parsed = ReturnQuerySchema.safeParse(c.req.query());
      const q: ReturnQuery = parsed.success ? parsed.data : {};
      const tranId = q.tran_id;
      let order = tranId && providers.all.some((p) => p.referencePattern.test(tranId)) ? await findOrderByTranId(deps, tranId) : null;
      if (order && order.kind !== kind) order = null;
      // The browser may arrive before the provider's notification: ask the provider now (limited per
      // address). A closed window (the cancel URL) closes the checkout there, unless it was paid after all.
      if (order && (order.status === "pending" || order.status === "cancelled") && deps.limiter.hit(`payment-return:${c.get("clientIp")}`, { limit: 60, windowSeconds: 60 }).allowed) {
        order = q[CLOSED_PARAM] && order.status === "pending" ? await closeCheckout(deps, order) : await settleOrder(deps, order);
      }
      c.header("Cache-Control", "no-store");
      return c.redirect(landing(deps, kind, order, q), 302);
    });
  }
  return app;
}
