import { EXPIRED_KEY_MARKER, type LicenseStatus } from "../../../contracts/licenses";

export interface StatusInput {
  licenseKey: string | null;
  startDate: Date | null;
  expireDate: Date | null;
}

/** The spec's rule, in its order: expirekey_ → Expired; no dates → New; future expiry → Active; else Expired. */
export function licenseStatus(l: StatusInput, now: Date = new Date()): LicenseStatus {
  if (l.licenseKey?.includes(EXPIRED_KEY_MARKER)) return "Expired";
  if (!l.startDate && !l.expireDate) return "New";
  if (l.expireDate && l.expireDate.getTime() > now.getTime()) return "Active";
  return "Expired";
}
