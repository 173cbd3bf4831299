// The renew link's token (decision 026), HMAC-SHA256 under AUTH_SECRET like the receipt links:
// `<licence id>.<expiry>.<mac>` opens that licence's renewal checkout without signing in, until the
// expiry (Unix seconds, base 36). Orders reads it (a renewal's checkout returns to its link); the
// renewals feature makes it for its reminders (renewals/token.ts).
import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "../../../contracts/units";

const MAC_LENGTH = 22; // base64url characters: 132 bits
const EXPIRY = /^[0-9a-z]{1,10}$/;
const MAC = new RegExp(`^[A-Za-z0-9_-]{${MAC_LENGTH}}$`); // ASCII only: timingSafeEqual needs equal byte lengths

/** The first MAC_LENGTH base64url characters of HMAC-SHA256(secret, text). */
export const signedMac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url").slice(0, MAC_LENGTH);
/** Whether a given MAC is the expected one, in constant time. */
export const sameMac = (given: string, expected: string) => MAC.test(given) && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export function renewToken(secret: string, licenseId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${licenseId}.${expires}.${signedMac(secret, `licence-renew:${licenseId}:${expires}`)}`;
}

export type RenewTokenCheck = { ok: true; licenceId: string } | { ok: false; reason: "invalid" | "expired" };

/** Genuine and unexpired: the licence's id. An expired link is told apart only when genuine. */
export function readRenewToken(secret: string, token: string, now = new Date()): RenewTokenCheck {
  const [licenseId, expires, given, ...rest] = token.split(".");
  if (!licenseId || !expires || !given || rest.length || !isUuid(licenseId) || !EXPIRY.test(expires)) return { ok: false, reason: "invalid" };
  if (!sameMac(given, signedMac(secret, `licence-renew:${licenseId}:${expires}`))) return { ok: false, reason: "invalid" };
  if (parseInt(expires, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, licenceId: licenseId };
}
