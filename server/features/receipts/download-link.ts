// The e-mailed download link of a payment receipt, for buyers without an account (the
// subscription tool): `<tran_id>.<expiry>.<mac>`, the expiry in Unix seconds (base 36) and the
// MAC an HMAC-SHA256 under AUTH_SECRET of both (132 bits kept), so a link can be neither made up
// for another payment nor kept alive past its expiry. Its purpose string differs from the
// return pages' receipt token (orders/receipt.ts), so neither token passes for the other.
import { createHmac, timingSafeEqual } from "node:crypto";
import { isReceiptNumber, RECEIPT_LINK_DAYS } from "../../../contracts/receipts";
import { DAY_MS } from "../../../contracts/units";

const MAC_LENGTH = 22; // base64url characters: 132 bits
const EXPIRY = /^[0-9a-z]{1,10}$/;
const MAC = new RegExp(`^[A-Za-z0-9_-]{${MAC_LENGTH}}$`); // ASCII only: timingSafeEqual needs equal byte lengths

function mac(secret: string, tranId: string, expires: string) {
  return createHmac("sha256", secret).update(`payment-receipt-pdf:${tranId}:${expires}`).digest("base64url").slice(0, MAC_LENGTH);
}

export function receiptDownloadToken(secret: string, tranId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${tranId}.${expires}.${mac(secret, tranId, expires)}`;
}

/** The link for a receipt paid at `paidAt`: it works for RECEIPT_LINK_DAYS days. */
export function receiptDownloadUrl(baseUrl: string, secret: string, tranId: string, paidAt: Date): string {
  const token = receiptDownloadToken(secret, tranId, new Date(paidAt.getTime() + RECEIPT_LINK_DAYS * DAY_MS));
  return `${baseUrl}/api/payment-receipts/${token}/receipt.pdf`;
}

export type DownloadTokenCheck = { ok: true; tranId: string } | { ok: false; reason: "invalid" | "expired" };

/** Genuine and unexpired: the payment's tran_id. An expired link is told apart only when genuine. */
export function readReceiptDownloadToken(secret: string, token: string, now = new Date()): DownloadTokenCheck {
  const [tranId, expires, given, ...rest] = token.split(".");
  if (!tranId || !expires || !given || rest.length || !isReceiptNumber(tranId) || !EXPIRY.test(expires) || !MAC.test(given)) {
    return { ok: false, reason: "invalid" };
  }
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(mac(secret, tranId, expires)))) return { ok: false, reason: "invalid" };
  if (parseInt(expires, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, tranId };
}
