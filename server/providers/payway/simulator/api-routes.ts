// PayWay's wire format, POST only: purchase here; the tran_id lookups (check-transaction-2,
// close-transaction, transaction-detail) in lookup-routes.ts; the refund API in refund-route.ts.
import { Hono } from "hono";
import { PAYWAY_PATHS } from "../client";
import { fromBase64 } from "../hash";
import { readFields } from "./body";
import type { SimContext } from "./context";
import { createLookupRoutes } from "./lookup-routes";
import { checkoutPage, fakeKhqr } from "./page";
import { createRefundRoute } from "./refund-route";
import { simStatus as status } from "./signed";
import type { SimTransaction } from "./store";
import { validatePurchase } from "./validate";

function newTransaction(raw: Record<string, string>, currency: string, defaultReturnUrl: string | undefined, now: Date): SimTransaction {
  const lifetime = raw.lifetime ? Number(raw.lifetime) : 43_200;
  return {
    merchantId: raw.merchant_id!,
    tranId: raw.tran_id!,
    amount: raw.amount!,
    currency,
    status: "PENDING",
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime * 60_000),
    returnUrl: raw.return_url ? fromBase64(raw.return_url) : (defaultReturnUrl ?? null),
    cancelUrl: raw.cancel_url ?? "",
    continueSuccessUrl: raw.continue_success_url ?? "",
    returnParams: raw.return_params ?? "",
    paymentOption: raw.payment_option ?? "",
    firstname: raw.firstname ?? "",
    lastname: raw.lastname ?? "",
    email: raw.email ?? "",
    phone: raw.phone ?? "",
    apv: "",
    bankRef: "",
    approvedAt: null,
    payer: null,
    closed: false,
    refundAmount: "",
    refunds: [],
    callbacks: [],
  };
}

export function createApiRoutes(sim: SimContext) {
  const app = new Hono();
  const paths = Object.values(PAYWAY_PATHS);
  app.on(["GET", "PUT", "PATCH", "DELETE"], paths, (c) => c.json(status(405, "Method Not Allowed"), 405));

  app.post(PAYWAY_PATHS.purchase, async (c) => {
    const raw = await readFields(c);
    const profile = sim.merchants[raw.merchant_id ?? ""];
    if (!profile) return c.json(status(26, "Invalid merchant profile", raw.tran_id), 400);
    const failure = validatePurchase(raw, profile);
    if (failure) return c.json(status(failure.code, failure.message, raw.tran_id), failure.code === 1 ? sim.options.hashErrorStatus : 400);
    if (sim.store.has(raw.merchant_id!, raw.tran_id!) && !sim.options.lenientDuplicates) return c.json(status(4, "Duplicated tran_id", raw.tran_id), 400);
    const currency = raw.currency || profile.currencies?.[0] || "USD";
    const tx = newTransaction(raw, currency, profile.defaultReturnUrl, sim.now());
    sim.store.add(tx);
    if (tx.paymentOption === "abapay_khqr_deeplink") {
      const qr = fakeKhqr(tx);
      const origin = new URL(c.req.url).origin;
      return c.json({
        ...status("00", "Success!", tx.tranId),
        qr_string: qr,
        abapay_deeplink: `abamobilebank://ababank.com?type=payway&qrcode=${encodeURIComponent(qr)}`,
        checkout_qr_url: `${origin}${sim.basePath}/checkout/${encodeURIComponent(tx.tranId)}`,
      });
    }
    return c.html(checkoutPage(tx, sim.basePath));
  });

  app.route("/", createLookupRoutes(sim));
  app.route("/", createRefundRoute(sim));
  return app;
}
