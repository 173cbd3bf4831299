// The Discount codes page's words, English and Khmer (namespace "discounts"; the Khmer arrives with
// the rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enDiscounts from "~/locales/en/discounts.json";

import "~/components/data-table/copy";

registerNamespace("discounts", { en: enDiscounts });

export const useDiscountsCopy = () => useTranslation("discounts");

/** The namespace's t() in the language current at the call (toasts after an await, validation). */
export const discountsText = translatorFor("discounts");
