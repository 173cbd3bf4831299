// Payment receipts: which orders have one, where its PDF is. Shared by the server (routes, e-mail)
// and the web (Transactions History's Receipt action). A *payment receipt* is the document for a
// paid order; the *receipt token* of the return pages (GET /api/payments/receipts/{token},
// decision 019) is something else. Receipts exist in every language of the shop (languages.ts).
import type { Language } from "./languages";

/** How long the e-mailed download link of a receipt works (buyers without an account). */
export const RECEIPT_LINK_DAYS = 30;

/** A receipt exists for an order that was paid: paid now, or refunded after it was paid. */
export function hasPaymentReceipt(order: { status: string; paidAt: string | Date | null }): boolean {
  return (order.status === "paid" || order.status === "refunded") && order.paidAt !== null;
}

/** The receipt's PDF for a signed-in owner or an admin; the order's language unless `lang` is given. */
export function receiptPdfPath(orderId: string, lang?: Language): string {
  return `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf${lang ? `?lang=${lang}` : ""}`;
}

/**
 * A receipt's number is its order's payment reference (tran_id), made once at checkout by the
 * payment provider's rule (PayWay: "KS" + UTC yyMMddHHmmss + 6 random characters) and never
 * reused. Read back from a link or token only in this shape: at most 20 letters, digits and '-'.
 */
export const RECEIPT_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

/** The number a paid order's receipt carries (the e-mail, the PDF, its file name). */
export function receiptNumber(order: { tranId: string }): string {
  return order.tranId;
}

/** Whether a text read from a link or a token can be a receipt number. */
export function isReceiptNumber(text: string): boolean {
  return RECEIPT_NUMBER_PATTERN.test(text);
}

/** The PDF's file name: keyshop-receipt-<tran_id>.pdf */
export function receiptFileName(tranId: string): string {
  return `keyshop-receipt-${tranId}.pdf`;
}
