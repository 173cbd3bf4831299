// Signed links of the expiry reminders (decision 026), HMAC-SHA256 under AUTH_SECRET like the
// receipt links (receipts/download-link.ts), each with its own purpose string so no token passes
// for another:
//   renew:       `<licence id>.<expiry>.<mac>`: opens that licence's renewal checkout without
//                signing in, until the expiry (Unix seconds, base 36);
//   unsubscribe: `<user id>.<mac>`: stops that customer's reminders (List-Unsubscribe, one click).
import { createHmac, timingSafeEqual } from "node:crypto";
import { DAY_MS, isUuid } from "../../../contracts/units";

const MAC_LENGTH = 22; // base64url characters: 132 bits
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const EXPIRY = /^[0-9a-z]{1,10}$/;
const MAC = new RegExp(`^[A-Za-z0-9_-]{${MAC_LENGTH}}$`); // ASCII only: timingSafeEqual needs equal byte lengths

/** A reminder's renew link works this long after the term it reminds of ends. */
export const RENEW_LINK_DAYS_AFTER_EXPIRY = 30;

const mac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url").slice(0, MAC_LENGTH);
const same = (given: string, expected: string) => MAC.test(given) && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export function renewToken(secret: string, licenseId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${licenseId}.${expires}.${mac(secret, `licence-renew:${licenseId}:${expires}`)}`;
}

/** The link for a reminder about a term ending at `termEnd`. */
export function renewUrl(baseUrl: string, secret: string, licenseId: string, termEnd: Date): string {
  return `${baseUrl}/renew/${renewToken(secret, licenseId, new Date(termEnd.getTime() + RENEW_LINK_DAYS_AFTER_EXPIRY * DAY_MS))}`;
}

export type RenewTokenCheck = { ok: true; licenceId: string } | { ok: false; reason: "invalid" | "expired" };

/** Genuine and unexpired: the licence's id. An expired link is told apart only when genuine. */
export function readRenewToken(secret: string, token: string, now = new Date()): RenewTokenCheck {
  const [licenseId, expires, given, ...rest] = token.split(".");
  if (!licenseId || !expires || !given || rest.length || !isUuid(licenseId) || !EXPIRY.test(expires)) return { ok: false, reason: "invalid" };
  if (!same(given, mac(secret, `licence-renew:${licenseId}:${expires}`))) return { ok: false, reason: "invalid" };
  if (parseInt(expires, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, licenceId: licenseId };
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, `reminders-unsubscribe:${userId}`)}`;
}

export function unsubscribeUrl(baseUrl: string, secret: string, userId: string): string {
  return `${baseUrl}/api/reminders/unsubscribe/${unsubscribeToken(secret, userId)}`;
}

/** The user id of a genuine unsubscribe token, else null. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, given, ...rest] = token.split(".");
  if (!userId || !given || rest.length || !USER_ID.test(userId)) return null;
  return same(given, mac(secret, `reminders-unsubscribe:${userId}`)) ? userId : null;
}
