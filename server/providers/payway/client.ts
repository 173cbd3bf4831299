// The PayWay client: the purchase form (signed here, posted by the browser), check-transaction-2
// (the only proof of payment we accept), close-transaction, transaction-detail, refunds and
// callback signature checks. Settings come from config.
import { z } from "zod";
import { amountString, numberToMills, type PaywayCurrency } from "./amounts";
import { checkCallbackSignature, type SignatureCheck } from "./callback-signature";
import { closeTransaction, type CloseTransactionResult } from "./close";
import { transactionDetail, type TransactionDetailResult } from "./detail";
import { formatReqTime, purchaseHash, toBase64, tranIdHash, type PurchaseFields } from "./hash";
import { refund, type RefundRequest, type RefundResult } from "./refund";
import { Code, PAYWAY_PATHS, PaywayError, parseAnswer, postJson, type PaywaySettings } from "./transport";

export { PAYWAY_PATHS, PaywayError, type PaywaySettings } from "./transport";
export type { CloseTransactionResult } from "./close";
export type { TransactionDetail, TransactionDetailResult, TransactionOperation } from "./detail";
export type { RefundRequest, RefundResult } from "./refund";

export interface PurchaseItem {
  name: string;
  quantity: number;
  priceMills: number;
}

export interface PurchaseRequest {
  tranId: string;
  amountMills: number;
  currency: PaywayCurrency;
  /** The callback URL (server-to-server); sent Base64-encoded as PayWay requires. */
  returnUrl: string;
  cancelUrl?: string;
  continueSuccessUrl?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  paymentOption?: string;
  items?: PurchaseItem[];
  customFields?: Record<string, string | number | boolean>;
  returnParams?: string;
  lifetimeMinutes?: number;
  now?: Date;
}

export interface PurchaseForm {
  action: string;
  /** Every field to post, `hash` included; values are the exact strings that were hashed. */
  fields: Record<string, string>;
}

/** Letters and spaces only (PayWay's errors 16/17), at most 20 characters; empty when nothing is left. */
export function sanitizeName(name: string | null | undefined): string {
  return (name ?? "")
    .replace(/[^\p{L}\p{M} ]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 20)
    .trim();
}

function itemsJson(items: PurchaseItem[], currency: PaywayCurrency): string {
  // Built as text so the price is the exact decimal, never a float.
  return `[${items.map((i) => `{"name":${JSON.stringify(i.name)},"quantity":${i.quantity},"price":${amountString(i.priceMills, currency)}}`).join(",")}]`;
}

export function buildPurchaseForm(settings: PaywaySettings, req: PurchaseRequest): PurchaseForm {
  const email = req.email && req.email.length <= 50 ? req.email : undefined;
  const fields: PurchaseFields = {
    req_time: formatReqTime(req.now ?? new Date()),
    merchant_id: settings.merchantId,
    tran_id: req.tranId,
    amount: amountString(req.amountMills, req.currency),
    items: req.items?.length ? toBase64(itemsJson(req.items, req.currency)) : undefined,
    firstname: sanitizeName(req.firstname) || undefined,
    lastname: sanitizeName(req.lastname) || undefined,
    email,
    payment_option: req.paymentOption || undefined,
    return_url: toBase64(req.returnUrl),
    cancel_url: req.cancelUrl,
    continue_success_url: req.continueSuccessUrl,
    currency: req.currency,
    custom_fields: req.customFields ? toBase64(JSON.stringify(req.customFields)) : undefined,
    return_params: req.returnParams,
    lifetime: req.lifetimeMinutes ? String(req.lifetimeMinutes) : undefined,
  };
  const posted: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== "") posted[k] = v;
  posted.hash = purchaseHash(settings.apiKey, fields);
  return { action: `${settings.baseUrl}${PAYWAY_PATHS.purchase}`, fields: posted };
}

const CheckResponseSchema = z.object({
  data: z
    .object({
      payment_status_code: z.coerce.number(),
      payment_status: z.string(),
      original_amount: z.unknown().optional(),
      total_amount: z.unknown().optional(),
      payment_amount: z.unknown().optional(),
      refund_amount: z.unknown().optional(),
      payment_currency: z.string().nullish(),
      original_currency: z.string().nullish(),
      apv: z.union([z.string(), z.number()]).nullish(),
      transaction_date: z.string().nullish(),
    })
    .nullish(),
  status: z.object({ code: Code, message: z.string().nullish() }),
});

export type CheckTransactionResult =
  | {
      found: true;
      /** APPROVED, PRE-AUTH, PENDING, DECLINED, REFUNDED, CANCELLED. */
      paymentStatus: string;
      paymentStatusCode: number;
      /** What the merchant asked for (original_amount, else total_amount), in mills; null if unreadable. */
      amountMills: number | null;
      /** original_currency when PayWay sends it, else payment_currency (empty while pending). */
      currency: string;
      apv: string;
      transactionDate: string | null;
      /**
       * Refunded so far (refund_amount), in mills; null if absent or unreadable. PayWay says
       * REFUNDED after a partial refund too: this tells how much.
       */
      refundAmountMills: number | null;
    }
  | { found: false; code: string; message: string };

export interface PaywayClient {
  readonly settings: PaywaySettings;
  purchaseForm(req: PurchaseRequest): PurchaseForm;
  checkTransaction(tranId: string, now?: Date): Promise<CheckTransactionResult>;
  /** Cancels an unpaid checkout. Network, shape and hash failures throw PaywayError. */
  closeTransaction(tranId: string, now?: Date): Promise<CloseTransactionResult>;
  /** The richer record with its operations (refunds included); 10 requests/minute at PayWay. */
  transactionDetail(tranId: string, now?: Date): Promise<TransactionDetailResult>;
  /** A full or partial refund; needs settings.rsaPublicKey. Transport failures throw PaywayError. */
  refund(req: RefundRequest): Promise<RefundResult>;
  checkSignature(body: Record<string, unknown>, header: string | null | undefined): SignatureCheck;
}

export function createPaywayClient(settings: PaywaySettings): PaywayClient {
  return {
    settings,
    purchaseForm: (req) => buildPurchaseForm(settings, req),
    checkSignature: (body, header) => checkCallbackSignature(settings.apiKey, body, header),
    closeTransaction: (tranId, now) => closeTransaction(settings, tranId, now),
    transactionDetail: (tranId, now) => transactionDetail(settings, tranId, now),
    refund: (req) => refund(settings, req),
    async checkTransaction(tranId, now = new Date()) {
      const reqTime = formatReqTime(now);
      const answer = await postJson(settings, PAYWAY_PATHS.check, {
        req_time: reqTime,
        merchant_id: settings.merchantId,
        tran_id: tranId,
        hash: tranIdHash(settings.apiKey, reqTime, settings.merchantId, tranId),
      });
      const { data, status } = parseAnswer(CheckResponseSchema, answer);
      if (status.code === "6") return { found: false, code: status.code, message: status.message ?? "tran_id not found" };
      if (status.code !== "00" || !data) throw new PaywayError(`PayWay check failed: ${status.code} ${status.message ?? ""}`.trim(), status.code, answer.httpStatus);
      return {
        found: true,
        paymentStatus: data.payment_status,
        paymentStatusCode: data.payment_status_code,
        amountMills: numberToMills(data.original_amount ?? data.total_amount),
        currency: data.original_currency || data.payment_currency || "",
        apv: data.apv == null ? "" : String(data.apv),
        transactionDate: data.transaction_date ?? null,
        refundAmountMills: numberToMills(data.refund_amount),
      };
    },
  };
}
