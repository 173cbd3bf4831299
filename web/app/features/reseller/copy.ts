// The Reseller page's words, English and Khmer (namespace "reseller"; the Khmer arrives with the
// rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enReseller from "~/locales/en/reseller.json";

import "~/components/data-table/copy";

registerNamespace("reseller", { en: enReseller });

export const useResellerCopy = () => useTranslation("reseller");

/** The namespace's t() in the language current at the call (a toast after an await). */
export const resellerText = translatorFor("reseller");
