// The refund API (shared/providers/payway.md §5.5; PayWay's "Refund API" page): full or partial
// refunds of a paid transaction within 30 days, several partial ones up to the amount paid.
//   POST /api/merchant-portal/merchant-access/online-transaction/refund   (JSON)
//   { request_time, merchant_id, merchant_auth, hash }
//   merchant_auth = RSA(public key, {"mc_id","tran_id","refund_amount"}) in 117-byte pieces, Base64
//   hash = Base64(HMAC-SHA512(request_time + merchant_id + merchant_auth, API key))
// Note `request_time`, not `req_time`, on the merchant-portal APIs.
import { z } from "zod";
import { amountString, numberToMills, type PaywayCurrency } from "./amounts";
import { formatReqTime, refundHash } from "./hash";
import { parseRsaPublicKey } from "../../lib/rsa-keys";
import { encryptMerchantAuth } from "./merchant-auth";
import { PAYWAY_PATHS, PaywayError, parseAnswer, postJson, StatusSchema, type PaywaySettings } from "./transport";

export interface RefundRequest {
  tranId: string;
  /** What to give back now (part or all of what is left), in mills. */
  amountMills: number;
  /** The transaction's currency: KHR refunds are whole riel (default USD: at most 2 decimals). */
  currency?: PaywayCurrency;
  now?: Date;
}

export type RefundResult =
  | {
      outcome: "refunded";
      /** This refund. */
      amountMills: number;
      /** All refunds of the transaction so far, this one included (total_refunded); null if PayWay did not say. */
      totalRefundedMills: number | null;
      /** What the payer paid after discount (grand_total); null if PayWay did not say. */
      grandTotalMills: number | null;
      currency: string;
      /** REFUNDED after a full or a partial refund alike. */
      transactionStatus: string;
    }
  /**
   * PayWay said no; nothing was refunded. Codes from PayWay's page: PTL37 more than is left,
   * PTL57 unable to refund (e.g. past 30 days), PTL58 failed, PTL62 merchant, PTL168 concurrent
   * request (retry in a few seconds), PTL181 balance too low, PTL186/187 amount; PTL36 (not in
   * the table, seen in the sandbox) unknown or unpaid transaction.
   */
  | { outcome: "refused"; code: string; message: string; httpStatus: number };

const Totals = z.object({
  grand_total: z.unknown().optional(),
  total_refunded: z.unknown().optional(),
  currency: z.string().nullish(),
  transaction_status: z.string().nullish(),
});
// The page lists the totals beside `status`; a `data` wrapper (as other portal APIs use) is read too.
const RefundResponseSchema = Totals.extend({ data: Totals.nullish(), status: StatusSchema });

/** Wrong-hash codes of the portal ("PTL02") and of the other APIs ("1", "01"). */
const WRONG_HASH = new Set(["PTL02", "1", "01"]);

export function refundMerchantAuthJson(merchantId: string, tranId: string, amount: string): string {
  // Built as text so the amount is the exact decimal, never a float.
  return `{"mc_id":${JSON.stringify(merchantId)},"tran_id":${JSON.stringify(tranId)},"refund_amount":${amount}}`;
}

/**
 * Asks PayWay to refund. A PaywayError means the outcome is unknown when the request may have
 * reached PayWay (a timeout, a 5xx without JSON): look at transaction-detail's Refunded
 * operations before trying again. No RSA key, or a wrong API key, also throw PaywayError.
 * An invalid amount (zero, sub-cent, sub-riel) throws RangeError before anything is sent.
 */
export async function refund(settings: PaywaySettings, req: RefundRequest): Promise<RefundResult> {
  if (!settings.rsaPublicKey) {
    throw new PaywayError("Refunds need the merchant's RSA public key from ABA: set PAYWAY_RSA_PUBLIC_KEY", "rsa_key_missing");
  }
  let publicKey;
  try {
    publicKey = parseRsaPublicKey(settings.rsaPublicKey);
  } catch (err) {
    throw new PaywayError(`PAYWAY_RSA_PUBLIC_KEY is not usable: ${(err as Error).message}`, "rsa_key_invalid");
  }
  const amount = amountString(req.amountMills, req.currency ?? "USD");
  const requestTime = formatReqTime(req.now ?? new Date());
  const merchantAuth = encryptMerchantAuth(publicKey, refundMerchantAuthJson(settings.merchantId, req.tranId, amount));
  const answer = await postJson(settings, PAYWAY_PATHS.refund, {
    request_time: requestTime,
    merchant_id: settings.merchantId,
    merchant_auth: merchantAuth,
    hash: refundHash(settings.apiKey, requestTime, settings.merchantId, merchantAuth),
  });
  const body = parseAnswer(RefundResponseSchema, answer);
  const { status } = body;
  const message = status.message ?? "";
  if (WRONG_HASH.has(status.code)) throw new PaywayError(`PayWay refund: ${status.code} ${message}`.trim(), status.code, answer.httpStatus);
  if (status.code !== "00") return { outcome: "refused", code: status.code, message, httpStatus: answer.httpStatus };
  const totals = body.data ?? body;
  return {
    outcome: "refunded",
    amountMills: req.amountMills,
    totalRefundedMills: numberToMills(totals.total_refunded),
    grandTotalMills: numberToMills(totals.grand_total),
    currency: totals.currency ?? req.currency ?? "",
    transactionStatus: totals.transaction_status ?? "",
  };
}
