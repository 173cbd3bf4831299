// The receipt e-mail: queued in the outbox by fulfilOrder, in the transaction that marks the order
// paid (so exactly once per order: only one caller ever gets past fulfilment's guarded UPDATE).
// Written in the order's language, with the receipt's content and where to get the PDF: account
// holders from Transactions History, buyers without an account (the subscription tool) through
// a signed link that works for RECEIPT_LINK_DAYS days. The PDF is not attached: the outbox stores
// rendered text and HTML only (decision 022).
import { RECEIPT_LINK_DAYS } from "../../../contracts/receipts";
import type { Tx } from "../../db/client";
import { enqueueEmail } from "../../providers/email/outbox";
import type { PaymentReceiptProps } from "../../providers/email/templates/payment-receipt";
import type { OrderRow } from "../orders/dto";
import { receiptDownloadUrl } from "./download-link";
import { buildPaymentReceipt, receiptLanguageOf, receiptPlanOf, receiptRows, type PaymentReceipt } from "./model";

export interface ReceiptEmailDeps {
  /** Public address of the site (links). */
  baseUrl: string;
  /** AUTH_SECRET: signs the download link. */
  secret: string;
}

/** Where the e-mail sends the buyer for the PDF. */
export function receiptDownload(deps: ReceiptEmailDeps, receipt: PaymentReceipt, order: Pick<OrderRow, "userId">): PaymentReceiptProps["download"] {
  const t = receipt.texts;
  if (order.userId) return { url: `${deps.baseUrl}/transactions-history`, label: t.openHistory, note: t.openHistoryNote };
  return { url: receiptDownloadUrl(deps.baseUrl, deps.secret, receipt.tranId, receipt.paidAt), label: t.downloadPdf, note: t.linkValidity(RECEIPT_LINK_DAYS) };
}

export function paymentReceiptEmail(receipt: PaymentReceipt, download: PaymentReceiptProps["download"]): PaymentReceiptProps {
  const t = receipt.texts;
  const s = receipt.seller;
  return {
    lang: receipt.language,
    subject: t.subject(s.name, receipt.tranId),
    preview: t.preview(receipt.item.title, receipt.amount),
    heading: t.title,
    intro: t.intro(receipt.amount, receipt.item.title),
    rows: receiptRows(receipt),
    sellerLabel: t.seller,
    seller: [s.legalName, ...s.address, s.email, s.website, ...(s.taxId ? [`${t.taxId}: ${s.taxId}`] : [])],
    download,
    copyNote: t.copyLink,
    thanks: t.thanks,
    questions: t.questions(s.email),
    footer: t.footer(s.name),
  };
}

/** Queues the receipt of an order that has just been paid, inside the caller's transaction. */
export async function queuePaymentReceiptEmail(tx: Tx, deps: ReceiptEmailDeps, order: OrderRow): Promise<void> {
  const receipt = buildPaymentReceipt(order, await receiptPlanOf(tx, order), receiptLanguageOf(order));
  await enqueueEmail(tx, { to: order.email, template: "payment-receipt", props: paymentReceiptEmail(receipt, receiptDownload(deps, receipt, order)) });
}
