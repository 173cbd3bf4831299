// PayWay as the shop's payment provider (server/providers/payments/types.ts): the purchase form
// signed here and posted by the browser into the checkout plugin's frame, check-transaction-2 as
// the only proof of payment, close-transaction, the signed pushback, and refunds.
import { z } from "zod";
import { PAYWAY_SIMULATOR_PATH, type PaywayConfig } from "../../config";
import type { CallbackReading, NewCheckout, PaymentContentSources, PaymentProvider, PaymentProviderDefinition, PaymentRef, PaymentSimulator, PaymentVerdict } from "../payments/types";
import { createPaywaySimulator } from "./simulator/app";
import { amountString } from "./amounts";
import { CALLBACK_SIGNATURE_HEADER } from "./callback-signature";
import { createPaywayClient, type PaywayClient } from "./client";
import { formatReqTime, TRAN_ID_PATTERN } from "./hash";
import { newTranId } from "./tran-id";

export const PAYWAY_PROVIDER_ID = "payway";

const CallbackSchema = z.looseObject({
  tran_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(TRAN_ID_PATTERN, "Invalid tran_id")),
  status: z.union([z.string(), z.number()]).optional(),
  apv: z.union([z.string(), z.number()]).optional(),
});

/** check-transaction-2's answer, judged for one payment: APPROVED (code 0) for the same amount and currency. */
export async function paywayVerdict(client: PaywayClient, payment: PaymentRef): Promise<PaymentVerdict> {
  let check;
  try {
    check = await client.checkTransaction(payment.reference);
  } catch (err) {
    return { outcome: "unavailable", detail: (err as Error).message };
  }
  if (!check.found) return { outcome: "not_found" };
  switch (check.paymentStatus) {
    case "APPROVED":
      if (check.paymentStatusCode !== 0) return { outcome: "mismatch", detail: `APPROVED with code ${check.paymentStatusCode}` };
      if (check.amountMills !== payment.amountMills) return { outcome: "mismatch", detail: `amount ${check.amountMills} mills, order ${payment.amountMills}` };
      if (check.currency !== payment.currency) return { outcome: "mismatch", detail: `currency ${check.currency}, order ${payment.currency}` };
      return { outcome: "approved", approvalCode: check.apv };
    case "DECLINED":
      return { outcome: "declined" };
    case "CANCELLED":
      return { outcome: "cancelled" };
    case "REFUNDED":
      return { outcome: "refunded" };
    default:
      // PENDING, and PRE-AUTH (authorised, not captured: not paid).
      return { outcome: "pending" };
  }
}

export function createPaywayProvider(settings: PaywayConfig, client: PaywayClient = createPaywayClient(settings)): PaymentProvider {
  return {
    id: PAYWAY_PROVIDER_ID,
    checkoutLifetimeMinutes: settings.lifetimeMinutes,
    callbackPath: "/payway/callback",
    referencePattern: TRAN_ID_PATTERN,
    newReference: (now) => newTranId(now),

    createCheckout(input: NewCheckout) {
      const reqTime = formatReqTime(input.now);
      const [firstname, ...rest] = (input.buyer.name ?? "").trim().split(/\s+/);
      const form = client.purchaseForm({
        tranId: input.reference,
        amountMills: input.amountMills,
        currency: input.currency,
        returnUrl: settings.callbackUrl,
        continueSuccessUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        firstname,
        lastname: rest.join(" "),
        email: input.buyer.email,
        paymentOption: settings.paymentOption,
        items: [{ name: input.itemTitle, quantity: 1, priceMills: input.amountMills }],
        // The spec's custom_fields, in its order: email, amount, req_time, then the rest (plan_title, is_topup).
        customFields: { email: input.buyer.email, amount: amountString(input.amountMills), req_time: reqTime, ...input.metadata },
        lifetimeMinutes: settings.lifetimeMinutes,
        now: input.now,
      });
      return { provider: "payway", ...form, method: "POST", formId: "aba_merchant_request", target: "aba_webservice", pluginUrl: settings.pluginUrl };
    },

    verify: (payment) => paywayVerdict(client, payment),

    async close(reference) {
      try {
        return (await client.closeTransaction(reference)).outcome === "closed" ? "closed" : "not_closed";
      } catch {
        return "not_closed"; // unreachable or refused: check-transaction decides
      }
    },

    readCallback(body, header): CallbackReading {
      const parsed = CallbackSchema.safeParse(body);
      if (!parsed.success) return { ok: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid callback" };
      const signature = client.checkSignature(body, header(CALLBACK_SIGNATURE_HEADER));
      if (signature === "invalid" || (signature === "absent" && settings.requireCallbackSignature)) {
        return { ok: false, reason: "bad_signature", message: `signature ${signature}` };
      }
      return { ok: true, reference: parsed.data.tran_id };
    },

    async refundedSoFar(payment) {
      // check-transaction-2 sees 7 days back; transaction-detail (10 a minute) the rest.
      const check = await client.checkTransaction(payment.reference);
      const found = check.found ? check : await client.transactionDetail(payment.reference);
      if (!found.found) return 0;
      if (found.paymentStatus !== "REFUNDED") return 0;
      if (found.refundAmountMills === null) throw new Error(`PayWay says ${payment.reference} is REFUNDED without a readable refund_amount`);
      return found.refundAmountMills;
    },

    async refund(payment, amountMills) {
      const result = await client.refund({ tranId: payment.reference, amountMills, currency: payment.currency === "KHR" ? "KHR" : "USD" });
      return result.outcome === "refunded"
        ? { outcome: "refunded", amountMills: result.amountMills, totalRefundedMills: result.totalRefundedMills }
        : { outcome: "refused", code: result.code, message: result.message };
    },
  };
}

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    const { origin } = new URL(url);
    return origin === "null" ? [] : [origin];
  } catch {
    return [];
  }
};

/**
 * The checkout form is posted into the `aba_webservice` frame at the API origin (also called by
 * the plugin's ABA Mobile in-app flow); the plugin's script, styles and images come from its own
 * origin. In embedded mode both are this server (/payway-sim).
 */
export function paywayContentSources(settings: PaywayConfig): PaymentContentSources {
  return { checkout: originOf(settings.baseUrl), assets: originOf(settings.pluginUrl) };
}

/** PayWay's simulator for this merchant, when PAYWAY_BASE_URL is unset. */
export function paywaySimulator(settings: PaywayConfig): PaymentSimulator | undefined {
  if (!settings.simulator) return undefined;
  const { app } = createPaywaySimulator({
    merchants: { [settings.merchantId]: { apiKey: settings.apiKey, currencies: ["USD", "KHR"], whitelist: [new URL(settings.callbackUrl).hostname] } },
    basePath: PAYWAY_SIMULATOR_PATH,
  });
  return { path: PAYWAY_SIMULATOR_PATH, fetch: app.fetch, url: settings.baseUrl, description: "payments: built-in PayWay simulator (set PAYWAY_BASE_URL for the real PayWay)" };
}

/** PayWay in the shop's list of providers (server/providers/payments/index.ts). */
export const paywayDefinition: PaymentProviderDefinition = {
  id: PAYWAY_PROVIDER_ID,
  /** How pages name it ("Verified with PayWay: paid."). */
  displayName: "PayWay",
  /** How receipts name the payment method. */
  methodName: "ABA PayWay",
  create: (config) => createPaywayProvider(config.payway),
  contentSources: (config) => paywayContentSources(config.payway),
  simulator: (config) => paywaySimulator(config.payway),
};
