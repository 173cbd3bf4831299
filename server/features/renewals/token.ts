// Signed links of the expiry reminders (decision 026), HMAC-SHA256 under AUTH_SECRET like the
// receipt links (receipts/download-link.ts), each with its own purpose string so no token passes
// for another:
//   renew:       `<licence id>.<expiry>.<mac>`: opens that licence's renewal checkout without
//                signing in, until the expiry (orders/renew-token.ts, which the checkout's return reads);
//   unsubscribe: `<user id>.<mac>`: stops that customer's reminders (List-Unsubscribe, one click).
import { DAY_MS } from "../../../contracts/units";
import { renewToken, sameMac, signedMac } from "../orders/renew-token";

export { readRenewToken, renewToken, type RenewTokenCheck } from "../orders/renew-token";

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A reminder's renew link works this long after the term it reminds of ends. */
export const RENEW_LINK_DAYS_AFTER_EXPIRY = 30;

/** The link for a reminder about a term ending at `termEnd`. */
export function renewUrl(baseUrl: string, secret: string, licenseId: string, termEnd: Date): string {
  return `${baseUrl}/renew/${renewToken(secret, licenseId, new Date(termEnd.getTime() + RENEW_LINK_DAYS_AFTER_EXPIRY * DAY_MS))}`;
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${signedMac(secret, `reminders-unsubscribe:${userId}`)}`;
}

export function unsubscribeUrl(baseUrl: string, secret: string, userId: string): string {
  return `${baseUrl}/api/reminders/unsubscribe/${unsubscribeToken(secret, userId)}`;
}

/** The user id of a genuine unsubscribe token, else null. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, given, ...rest] = token.split(".");
  if (!userId || !given || rest.length || !USER_ID.test(userId)) return null;
  return sameMac(given, signedMac(secret, `reminders-unsubscribe:${userId}`)) ? userId : null;
}
