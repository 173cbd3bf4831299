// The receipt e-mail: queued in the outbox by fulfilOrder, in the transaction that marks the order
// paid (so exactly once per order: only one caller ever gets past fulfilment's guarded UPDATE).
// Written in the recipient's language (the account's, else the order's; decision 040), with the
// receipt's content and where to get the PDF: account holders from Transactions History, buyers
// without an account (the subscription tool) through a signed link that works for
// RECEIPT_LINK_DAYS days. The PDF is not attached: the outbox stores rendered text and HTML only
// (decision 022).
import { RECEIPT_LINK_DAYS } from "../../../contracts/receipts";
import type { Tx } from "../../db/client";
import { enqueueEmail } from "../../providers/email/outbox";
import type { OrderRow } from "../orders/dto";
import { receiptDownloadUrl } from "./download-link";
import { receiptFacts, receiptPlanOf, type PaymentReceipt } from "./model";
import { receiptEmailView, type ReceiptDownload } from "../../../contracts/receipt-view";

export interface ReceiptEmailDeps {
  /** Public address of the site (links). */
  baseUrl: string;
  /** AUTH_SECRET: signs the download link. */
  secret: string;
  /** SHOP_TIME_ZONE: the paid time is in it. */
  shopTimeZone: string;
}

/** Where the e-mail sends the buyer for the PDF. */
export function receiptDownload(deps: Pick<ReceiptEmailDeps, "baseUrl" | "secret">, receipt: Pick<PaymentReceipt, "tranId" | "paidAt">, order: Pick<OrderRow, "userId">): ReceiptDownload {
  if (order.userId) return { kind: "history", url: `${deps.baseUrl}/transactions-history` };
  return { kind: "link", url: receiptDownloadUrl(deps.baseUrl, deps.secret, receipt.tranId, receipt.paidAt) };
}

/** Every word of the receipt e-mail, in the receipt's language (the template renders it; tests compare it with the PDF). */
export function paymentReceiptEmail(receipt: PaymentReceipt, download: ReceiptDownload) {
  return receiptEmailView(receipt, download, RECEIPT_LINK_DAYS);
}

/** Queues the receipt of an order that has just been paid, inside the caller's transaction. */
export async function queuePaymentReceiptEmail(tx: Tx, deps: ReceiptEmailDeps, order: OrderRow): Promise<void> {
  const facts = receiptFacts(order, await receiptPlanOf(tx, order));
  const download = receiptDownload(deps, { tranId: facts.tranId, paidAt: new Date(facts.paidAt) }, order);
  await enqueueEmail(tx, { to: order.email, template: "payment-receipt", props: { receipt: facts, download }, timeZone: deps.shopTimeZone, fallbackLanguage: order.locale });
}
