// Audit entries in words, for the customer's page and the Audit Log page, in the language current
// at the call (namespace "adminCustomer").
import type { AuditEntry } from "../api";
import { formatMoney } from "../../../../../contracts/money";
import { formatDate } from "~/lib/dates";

import { adminCustomerText as t } from "./copy";

const str = (value: unknown) => (typeof value === "string" ? value : null);
const num = (value: unknown) => (typeof value === "number" ? value : null);
const role = (value: unknown) => {
  const name = str(value);
  return name ? t(`roles.${name}`, { defaultValue: name }) : "?";
};

/** What a licence action did, or null for other entries. */
export function licenseActionText(entry: Pick<AuditEntry, "action" | "before" | "after">): string | null {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case "licence.issue": {
      const plan = str(after.planId);
      return plan ? t("audit.text.issuedPlan", { plan }) : t("audit.text.issued");
    }
    case "licence.extend": {
      const until = str(after.expireDate);
      const days = num(after.days) ?? "?";
      return until ? t("audit.text.extendedUntil", { days, date: formatDate(until) }) : t("audit.text.extendedTerm", { days, term: num(after.termDays) ?? "?" });
    }
    case "licence.suspend":
      return t("audit.text.suspended");
    case "licence.resume":
      return t("audit.text.resumed");
    case "licence.revoke":
      return t("audit.text.revoked");
    case "licence.reset_changes":
      return t("audit.text.changesReset", { before: num(before.changesLeft) ?? "?", after: num(after.changesLeft) ?? "?" });
    case "licence.release_device": {
      // The stored audit rows name the device key `licenseKey` (decision 031).
      const key = str(before.licenseKey);
      return key ? t("audit.text.releasedKey", { key }) : t("audit.text.released");
    }
    case "licence.resend_key":
      return t("audit.text.resent");
    case "licence.suspicious":
      return t("audit.text.suspicious", { addresses: num(after.addresses) ?? "?", keys: num(after.refusedKeys) ?? "?" });
    default:
      return null;
  }
}

/** Any entry the customer's page lists, in words. */
export function auditText(entry: AuditEntry): string {
  const license = licenseActionText(entry);
  if (license) return license;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case "user.role":
      return t(after.superAdmin ? "audit.text.roleSuper" : "audit.text.role", { before: role(before.role), after: role(after.role) });
    case "user.two_factor_reset":
      return t("audit.text.twoFactorReset");
    case "balance.adjust": {
      const delta = num(after.deltaMills);
      const balance = num(after.balanceMills);
      if (delta === null) return t("audit.text.balanceAdjust");
      const key = delta >= 0 ? "audit.text.balanceAdded" : "audit.text.balanceSubtracted";
      return balance === null ? t(key, { amount: formatMoney(Math.abs(delta)) }) : t(`${key}Now`, { amount: formatMoney(Math.abs(delta)), balance: formatMoney(balance) });
    }
    default:
      return entry.action;
  }
}
