// The Catalogue page's words, English and Khmer (namespace "catalogue"; the Khmer arrives with the
// rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enCatalogue from "~/locales/en/catalogue.json";

import "~/components/data-table/copy";

registerNamespace("catalogue", { en: enCatalogue });

export const useCatalogueCopy = () => useTranslation("catalogue");

/** The namespace's t() in the language current at the call (toasts after an await, validation). */
export const catalogueText = translatorFor("catalogue");
