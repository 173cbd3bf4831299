import { EXPIRED_KEY_MARKER, type LicenseStatus, type TermStatus } from "../../../contracts/licenses";

export interface StatusInput {
  deviceKey: string | null;
  startDate: Date | null;
  expireDate: Date | null;
  /** Set by an admin: the tool is refused (SUSPENDED) until the licence is resumed. */
  suspendedAt?: Date | null;
  /** Set by an admin (or a refund): never valid again. */
  revokedAt?: Date | null;
}

/** The spec's rule, in its order: expirekey_ → Expired; no dates → New; future expiry → Active; else Expired. */
export function termStatus(l: StatusInput, now: Date = new Date()): TermStatus {
  if (l.deviceKey?.includes(EXPIRED_KEY_MARKER)) return "Expired";
  if (!l.startDate && !l.expireDate) return "New";
  if (l.expireDate && l.expireDate.getTime() > now.getTime()) return "Active";
  return "Expired";
}

/** What the dashboard shows: Revoked, else Suspended, else the term's state. */
export function licenseStatus(l: StatusInput, now: Date = new Date()): LicenseStatus {
  if (l.revokedAt) return "Revoked";
  if (l.suspendedAt) return "Suspended";
  return termStatus(l, now);
}

/** Why an admin's hold refuses the licence, or null (checked before anything else about it). */
export function holdOf(l: StatusInput): "REVOKED" | "SUSPENDED" | null {
  if (l.revokedAt) return "REVOKED";
  if (l.suspendedAt) return "SUSPENDED";
  return null;
}
