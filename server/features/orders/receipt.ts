// A receipt token: what a checkout and its return carry so a page can ask whether that payment was
// really made, without an account (the subscription tool's buyers have none). It names one order
// (its tran_id, which the payer saw anyway) and carries an HMAC under AUTH_SECRET, so it cannot be
// made up for another order, and it reveals nothing but the plan, the amount and the status.
import { createHmac, timingSafeEqual } from "node:crypto";
import { isReceiptNumber } from "../../../contracts/receipts";

const MAC_LENGTH = 22; // base64url characters: 132 bits
const MAC_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${MAC_LENGTH}}$`);

function mac(secret: string, tranId: string) {
  return createHmac("sha256", secret).update(`payment-receipt:${tranId}`).digest("base64url").slice(0, MAC_LENGTH);
}

export function receiptToken(secret: string, tranId: string): string {
  return `${tranId}.${mac(secret, tranId)}`;
}

/** The order's tran_id when the token is genuine, else null. */
export function readReceiptToken(secret: string, token: string): string | null {
  const [tranId, given, ...rest] = token.split(".");
  // base64url only: a same-length token of other characters has another byte length (timingSafeEqual throws).
  if (!tranId || !given || rest.length || !isReceiptNumber(tranId) || !MAC_PATTERN.test(given)) return null;
  const expected = mac(secret, tranId);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? tranId : null;
}
