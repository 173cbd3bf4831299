// close-transaction: cancel a checkout that has not been paid (shared/providers/payway.md §5.5).
// Same body and hash as check-transaction-2: req_time + merchant_id + tran_id.
//
// PayWay's codes for this endpoint differ from check-transaction-2's. Its own page lists
// 00 success, 1 wrong hash, 5 transaction not found, 26 invalid merchant profile; a paid
// transaction gives HTTP 403 code 2 "…already approved and cannot be cancelled". On
// check-transaction-2, 5 means "invalid hash" and 6 "not found", so 5 is read as "not found"
// only when its message does not speak of a hash, and 6 is accepted as "not found" too.
import { z } from "zod";
import { formatReqTime, tranIdHash } from "./hash";
import { PAYWAY_PATHS, PaywayError, parseAnswer, postJson, StatusSchema, type PaywaySettings } from "./transport";

export type CloseTransactionResult =
  /** Closed: PayWay will refuse the payment and send no callback for it. */
  | { outcome: "closed" }
  /** Paid (approved, or approved then refunded): nothing was cancelled; fulfil or refund it. */
  | { outcome: "already_approved" }
  /**
   * PayWay does not know the tran_id. Right after a checkout is created this can be PayWay's
   * visibility lag (a few seconds), so it is not proof that the checkout can never be paid.
   */
  | { outcome: "not_found" }
  /** Any other refusal about this transaction, with PayWay's code and message. */
  | { outcome: "not_closable"; code: string; message: string };

const CloseResponseSchema = z.object({ status: StatusSchema });

/** Codes that say the request (key, profile, PayWay itself) failed, not the transaction: they throw. */
const FAILURES = new Set(["1", "8", "11", "21", "26", "429", "503"]);

export async function closeTransaction(settings: PaywaySettings, tranId: string, now = new Date()): Promise<CloseTransactionResult> {
  const reqTime = formatReqTime(now);
  const answer = await postJson(settings, PAYWAY_PATHS.close, {
    req_time: reqTime,
    merchant_id: settings.merchantId,
    tran_id: tranId,
    hash: tranIdHash(settings.apiKey, reqTime, settings.merchantId, tranId),
  });
  const { status } = parseAnswer(CloseResponseSchema, answer);
  const message = status.message ?? "";
  const hashProblem = /hash/i.test(message);
  if (status.code === "00") return { outcome: "closed" };
  if (status.code === "2") return { outcome: "already_approved" };
  if (status.code === "6" || (status.code === "5" && !hashProblem)) return { outcome: "not_found" };
  if (FAILURES.has(status.code) || status.code === "5" || hashProblem) {
    throw new PaywayError(`PayWay close-transaction failed: ${status.code} ${message}`.trim(), status.code, answer.httpStatus);
  }
  return { outcome: "not_closable", code: status.code, message };
}
