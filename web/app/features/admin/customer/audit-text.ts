// Audit entries in words, for the customer's page and the Audit Log page.
import type { AuditEntry } from "../api";
import { formatBalance } from "../../../../../contracts/money";
import { formatDate } from "~/lib/dates";

const str = (value: unknown) => (typeof value === "string" ? value : null);
const num = (value: unknown) => (typeof value === "number" ? value : null);

/** What a licence action did, or null for other entries. */
export function licenceActionText(entry: Pick<AuditEntry, "action" | "before" | "after">): string | null {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case "licence.issue":
      return `Licence issued${str(after.planId) ? ` (${str(after.planId)})` : ""}`;
    case "licence.extend": {
      const until = str(after.expireDate);
      return `Extended by ${num(after.days) ?? "?"} days${until ? `, until ${formatDate(until)}` : `, term ${num(after.termDays) ?? "?"} days`}`;
    }
    case "licence.suspend":
      return "Licence suspended";
    case "licence.resume":
      return "Licence resumed";
    case "licence.revoke":
      return "Licence revoked";
    case "licence.reset_changes":
      return `Changes left ${num(before.changesLeft) ?? "?"} → ${num(after.changesLeft) ?? "?"}`;
    case "licence.release_device":
      // The stored audit rows name the device key `licenseKey` (decision 031).
      return `Device released${str(before.licenseKey) ? ` (${str(before.licenseKey)})` : ""}`;
    case "licence.resend_key":
      return "Key e-mail sent again";
    case "licence.suspicious":
      return `Flagged suspicious: ${num(after.addresses) ?? "?"} addresses, ${num(after.refusedKeys) ?? "?"} refused device keys in 24 h`;
    default:
      return null;
  }
}

/** Any entry the customer's page lists, in words. */
export function auditText(entry: AuditEntry): string {
  const licence = licenceActionText(entry);
  if (licence) return licence;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case "user.role":
      return `Role ${str(before.role) ?? "?"} → ${str(after.role) ?? "?"}${after.superAdmin ? " (super-admin)" : ""}`;
    case "user.two_factor_reset":
      return "Two-factor authentication reset";
    case "balance.adjust": {
      const delta = num(after.deltaMills);
      const balance = num(after.balanceMills);
      if (delta === null) return "Balance adjustment";
      return `Balance ${delta >= 0 ? "added" : "subtracted"}: ${formatBalance(Math.abs(delta))}${balance === null ? "" : ` (now ${formatBalance(balance)})`}`;
    }
    default:
      return entry.action;
  }
}
