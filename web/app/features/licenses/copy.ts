// License Keys' and License History's words, English and Khmer (namespaces "licenses" and
// "history"; the Khmer arrives with the rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
// The Change Key and Rename dialogs' words: ./dialog-copy.ts (namespace "licenseDialogs"), loaded
// with the dialogs (issue #28 item 5).
import { daysLeft } from "../../../../contracts/renewal-terms";
import { registerNamespace, useTranslation, type TFunction } from "~/lib/i18n";
import enHistory from "~/locales/en/history.json";
import enLicenses from "~/locales/en/licenses.json";

import "~/components/data-table/copy";

registerNamespace("licenses", { en: enLicenses });
registerNamespace("history", { en: enHistory });

export const useLicensesCopy = () => useTranslation("licenses");
export const useHistoryCopy = () => useTranslation("history");

/**
 * A licence's term in a few words: days left while it runs ('12 days left'), or for a licence not
 * yet activated its whole term, extensions included ('365 days from first activation'). Null once
 * it has ended (contracts/renewals.ts termSummary, in the reader's language).
 */
export function termText(t: TFunction, l: { expireDate: string | null; termDays: number }, now: Date = new Date()): string | null {
  if (!l.expireDate) return t("licenses:term.fromActivation", { count: l.termDays });
  const left = daysLeft(l.expireDate, now);
  return left > 0 ? t("licenses:term.daysLeft", { count: left }) : null;
}

/** The server's names for changes no person made (the history's changedBy), by what they are called in the copy. */
const CHANGED_BY_NAMES: Record<string, string> = { system: "system", "desktop tool": "desktopTool", support: "support", refund: "refund" };

/** Who made a key change, in the reader's language: a person's e-mail as it is, the shop's own names translated. */
export function changedByText(t: TFunction, changedBy: string | null): string | null {
  const name = changedBy === null ? undefined : CHANGED_BY_NAMES[changedBy];
  return name ? t(`history:changedByNames.${name}`) : changedBy;
}

