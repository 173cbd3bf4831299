// The pushback PayWay POSTs to the (decoded) return_url after approval: JSON, signed with the
// sorted-keys HMAC in X-PayWay-HMAC-SHA512. The simulator can deliver it, lose it or repeat it.
import { callbackSignature } from "../callback-signature";
import { gatewayDate, type CallbackDelivery, type SimTransaction } from "./store";

export interface CallbackPlan {
  mode: "deliver" | "lose" | "repeat";
  /** Deliveries for "repeat" (default 2). */
  times?: number;
  /** Repeat deliveries all at once instead of one after another. */
  concurrent?: boolean;
}

export interface CallbackSettings {
  apiKey: string;
  sign: boolean;
  rich: boolean;
  timeoutMs: number;
  /** One retry after this delay when the merchant did not answer 2xx; null = none. */
  retryDelayMs: number | null;
  fetch: typeof fetch;
  now: () => Date;
}

export function callbackBody(tx: SimTransaction, rich: boolean): Record<string, unknown> {
  const base = { tran_id: tx.tranId, apv: tx.apv, status: "0", return_params: tx.returnParams };
  if (!rich) return base;
  const amount = Number(tx.amount); // serialisation only: PayWay sends amounts as JSON numbers
  return {
    ...base,
    original_amount: amount,
    original_currency: tx.currency,
    payment_amount: amount,
    payment_currency: tx.currency,
    total_amount: amount,
    discount_amount: 0,
    transaction_date: gatewayDate(tx.createdAt),
    first_name: tx.firstname,
    last_name: tx.lastname,
    email: tx.email,
    phone: tx.phone,
    bank_ref: tx.bankRef,
    payment_type: tx.payer?.paymentType ?? "",
    payer_account: tx.payer?.payerAccount ?? "",
    bank_name: tx.payer?.bankName ?? "",
    card_source: tx.payer?.cardSource ?? "",
  };
}

async function deliverOnce(tx: SimTransaction, s: CallbackSettings): Promise<CallbackDelivery> {
  const at = s.now().toISOString();
  const body = callbackBody(tx, s.rich);
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "PayWaySimulator/1.0" };
  if (s.sign) headers["x-payway-hmac-sha512"] = callbackSignature(s.apiKey, body);
  try {
    const res = await s.fetch(tx.returnUrl!, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(s.timeoutMs) });
    await res.body?.cancel().catch(() => {});
    return { at, status: res.status };
  } catch (err) {
    return { at, status: null, error: (err as Error).message };
  }
}

const ok = (d: CallbackDelivery) => d.status !== null && d.status >= 200 && d.status < 300;

/** Sends (or loses) the callback as planned; resolves when the planned deliveries are done. */
export async function sendCallback(tx: SimTransaction, plan: CallbackPlan, s: CallbackSettings): Promise<CallbackDelivery[]> {
  if (!tx.returnUrl || tx.closed || tx.status !== "APPROVED") return [];
  if (plan.mode === "lose") {
    const lost = { at: s.now().toISOString(), status: null, error: "lost by the simulator" };
    tx.callbacks.push(lost);
    return [lost];
  }
  const times = plan.mode === "repeat" ? Math.max(1, Math.min(plan.times ?? 2, 50)) : 1;
  let deliveries: CallbackDelivery[];
  if (plan.concurrent) deliveries = await Promise.all(Array.from({ length: times }, () => deliverOnce(tx, s)));
  else {
    deliveries = [];
    for (let i = 0; i < times; i++) deliveries.push(await deliverOnce(tx, s));
  }
  tx.callbacks.push(...deliveries);
  if (plan.mode === "deliver" && !ok(deliveries[0]!) && s.retryDelayMs !== null) {
    // PayWay's reported behaviour: an occasional single retry about 10 s later.
    setTimeout(() => void deliverOnce(tx, s).then((d) => tx.callbacks.push(d)), s.retryDelayMs).unref();
  }
  return deliveries;
}
