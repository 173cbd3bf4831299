// PayWay transaction ids: at most 20 characters of [A-Za-z0-9-], never reused.
import { randomString } from "../../lib/crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "KS" + UTC yyMMddHHmmss + 6 random characters = 20 characters (uniqueness is also a DB constraint). */
export function newTranId(now = new Date(), prefix = "KS"): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(2, 14);
  return `${prefix}${stamp}${randomString(ALPHABET, 20 - prefix.length - stamp.length)}`;
}
