// PayWay's wire format: purchase, check-transaction-2 and close-transaction, POST only.
import { Hono, type Context } from "hono";
import { PAYWAY_PATHS } from "../client";
import { fromBase64, hashesEqual, tranIdHash } from "../hash";
import { readFields } from "./body";
import type { SimContext } from "./context";
import { checkoutPage, fakeKhqr } from "./page";
import { gatewayDate, STATUS_CODE, type SimTransaction } from "./store";
import { validatePurchase } from "./validate";

const DAY_MS = 86_400_000;
const status = (code: number | string, message: string, tranId = "") => ({ status: { code, message, tran_id: tranId } });

export function checkResponse(tx: SimTransaction) {
  const amount = Number(tx.amount); // serialisation only: PayWay answers with JSON numbers
  const paid = tx.status === "APPROVED" || tx.status === "REFUNDED";
  return {
    data: {
      payment_status_code: STATUS_CODE[tx.status],
      payment_status: tx.status,
      total_amount: amount,
      original_amount: amount,
      refund_amount: tx.status === "REFUNDED" ? Number(tx.refundAmount) : 0,
      discount_amount: 0,
      payment_amount: paid ? amount : 0,
      payment_currency: paid ? tx.currency : "",
      apv: paid ? tx.apv : "",
      transaction_date: gatewayDate(tx.createdAt),
    },
    status: { code: "00", message: "Success!", tran_id: tx.tranId },
  };
}

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
    closed: false,
    refundAmount: "",
    callbacks: [],
  };
}

/** Verifies the req_time + merchant_id + tran_id hash; an error answer, or the merchant's transaction lookup. */
async function signedLookup(sim: SimContext, c: Context) {
  const raw = await readFields(c);
  const tranId = raw.tran_id ?? "";
  const profile = sim.merchants[raw.merchant_id ?? ""];
  if (!profile) return { error: c.json(status(8, "Invalid merchant profile", tranId), 200) };
  const expected = tranIdHash(profile.apiKey, raw.req_time ?? "", raw.merchant_id!, tranId);
  if (!raw.hash || !hashesEqual(expected, raw.hash)) return { error: c.json(status(5, "Invalid hash", tranId), 403) };
  const tx = sim.store.get(raw.merchant_id!, tranId);
  const age = tx ? sim.now().getTime() - tx.createdAt.getTime() : 0;
  if (!tx || age < sim.options.visibilityDelayMs || age > 7 * DAY_MS) return { error: c.json(status(6, "tran_id not found", tranId), 200) };
  return { tx };
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

  app.post(PAYWAY_PATHS.check, async (c) => {
    const found = await signedLookup(sim, c);
    return found.error ?? c.json(checkResponse(found.tx), 200);
  });

  app.post(PAYWAY_PATHS.close, async (c) => {
    const found = await signedLookup(sim, c);
    if (found.error) return found.error;
    const tx = found.tx;
    if (tx.status === "APPROVED" || tx.status === "REFUNDED") return c.json(status(2, "Transaction already approved and cannot be cancelled", tx.tranId), 403);
    if (tx.status === "PENDING") sim.store.transition(tx, "CANCELLED");
    tx.closed = true;
    return c.json(status("00", "Success!", tx.tranId), 200);
  });
  return app;
}
