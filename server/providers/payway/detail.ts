// transaction-detail: the richer record of one transaction, with its operations history (payment,
// refunds). Same signed body as check-transaction-2 (req_time + merchant_id + tran_id).
// For after-the-fact reads (refund decisions, reconciliation), not for payment status polling:
// PayWay allows 10 requests per minute and shows a new transaction about 5 s later than check.
import { z } from "zod";
import { numberToMills } from "./amounts";
import { formatReqTime, tranIdHash } from "./hash";
import { PAYWAY_PATHS, PaywayError, parseAnswer, postJson, StatusSchema, type PaywaySettings } from "./transport";

export interface TransactionOperation {
  /** Completed, Pre-Auth, Completed Pre-Auth, Cancelled Pre-Auth, Refunded (and "Create Order" for cards). */
  status: string;
  /** The operation's amount in mills (a refund's own amount); null if PayWay's number is not exact. */
  amountMills: number | null;
  /** Gateway local time (UTC+7), "YYYY-MM-DD HH:mm:ss". */
  transactionDate: string | null;
  bankRef: string;
}

export interface TransactionDetail {
  transactionId: string;
  paymentStatus: string;
  paymentStatusCode: number;
  /** Amounts in mills; null when PayWay's number is missing or not exact. */
  originalAmountMills: number | null;
  originalCurrency: string;
  totalAmountMills: number | null;
  /** What the payer actually paid, possibly in another currency. */
  paymentAmountMills: number | null;
  paymentCurrency: string;
  /** Total refunded so far. */
  refundAmountMills: number | null;
  discountAmountMills: number | null;
  apv: string;
  transactionDate: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  bankRef: string;
  /** ABA Pay, KHQR, VISA, MC, JCB, CUP, Alipay, Wechat. */
  paymentType: string;
  /** Masked account number or card PAN. */
  payerAccount: string;
  bankName: string;
  /** ONUS, OFFUS_DOMESTIC, OFFUS_INTERNATIONAL (cards). */
  cardSource: string;
  operations: TransactionOperation[];
}

export type TransactionDetailResult = ({ found: true } & TransactionDetail) | { found: false; code: string; message: string };

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? "" : String(v)));

const OperationSchema = z.object({
  status: z.string(),
  amount: z.unknown().optional(),
  transaction_date: z.string().nullish(),
  bank_ref: text,
});

const DetailResponseSchema = z.object({
  data: z
    .object({
      transaction_id: text,
      payment_status_code: z.coerce.number(),
      payment_status: z.string(),
      original_amount: z.unknown().optional(),
      original_currency: text,
      total_amount: z.unknown().optional(),
      payment_amount: z.unknown().optional(),
      payment_currency: text,
      refund_amount: z.unknown().optional(),
      discount_amount: z.unknown().optional(),
      apv: text,
      transaction_date: z.string().nullish(),
      first_name: text,
      last_name: text,
      email: text,
      phone: text,
      bank_ref: text,
      payment_type: text,
      payer_account: text,
      bank_name: text,
      card_source: text,
      transaction_operations: z.array(OperationSchema).nullish(),
    })
    .nullish(),
  status: StatusSchema,
});

/** Not found → found: false; the 10/min limit (code 429), a wrong key and other failures throw PaywayError. */
export async function transactionDetail(settings: PaywaySettings, tranId: string, now = new Date()): Promise<TransactionDetailResult> {
  const reqTime = formatReqTime(now);
  const answer = await postJson(settings, PAYWAY_PATHS.detail, {
    req_time: reqTime,
    merchant_id: settings.merchantId,
    tran_id: tranId,
    hash: tranIdHash(settings.apiKey, reqTime, settings.merchantId, tranId),
  });
  const { data: d, status } = parseAnswer(DetailResponseSchema, answer);
  if (status.code === "6") return { found: false, code: status.code, message: status.message ?? "tran_id not found" };
  if (status.code !== "00" || !d) throw new PaywayError(`PayWay transaction-detail failed: ${status.code} ${status.message ?? ""}`.trim(), status.code, answer.httpStatus);
  return {
    found: true,
    transactionId: d.transaction_id || tranId,
    paymentStatus: d.payment_status,
    paymentStatusCode: d.payment_status_code,
    originalAmountMills: numberToMills(d.original_amount),
    originalCurrency: d.original_currency,
    totalAmountMills: numberToMills(d.total_amount),
    paymentAmountMills: numberToMills(d.payment_amount),
    paymentCurrency: d.payment_currency,
    refundAmountMills: numberToMills(d.refund_amount),
    discountAmountMills: numberToMills(d.discount_amount),
    apv: d.apv,
    transactionDate: d.transaction_date ?? null,
    firstName: d.first_name,
    lastName: d.last_name,
    email: d.email,
    phone: d.phone,
    bankRef: d.bank_ref,
    paymentType: d.payment_type,
    payerAccount: d.payer_account,
    bankName: d.bank_name,
    cardSource: d.card_source,
    operations: (d.transaction_operations ?? []).map((op) => ({
      status: op.status,
      amountMills: numberToMills(op.amount),
      transactionDate: op.transaction_date ?? null,
      bankRef: op.bank_ref,
    })),
  };
}
