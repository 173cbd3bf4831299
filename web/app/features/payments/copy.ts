// The payment pop-ups' words, English and Khmer (namespace "payments"): the checkout dialog, its
// failure toasts, the return's success popup and status toasts. The spec's English texts are kept
// word for word. No React here: toasts are made outside components.
import { registerNamespace, translatorFor, useTranslation, type TFunction } from "~/lib/i18n";
import enPayments from "~/locales/en/payments.json";

registerNamespace("payments", { en: enPayments });

export const usePaymentsCopy = () => useTranslation("payments");

/** The payments namespace's t() in the language current at the call (toasts). */
export const paymentsText = translatorFor("payments");

// What was bought, in the reader's language: ./item-title.ts (no namespace, no catalogue).
export { itemTitle, type TitledItem } from "./item-title";

/** The provider's failure toasts (the spec's: 'Error' / 'Failed to load <provider> script. Please try again.'). */
export function providerErrors(provider: string) {
  return {
    title: paymentsText("errors.title"),
    script: paymentsText("errors.script", { provider }),
    payment: paymentsText("errors.payment", { provider }),
  };
}

/**
 * The dashboard checkout dialog's own labels (namespace "payments", `checkout.*`): what every
 * dashboard checkout shows the same; a page adds its title, description, hint and Pay words.
 */
export function checkoutLabels(t: TFunction) {
  return {
    summaryLabel: t("checkout.summary"),
    itemLabel: t("checkout.item"),
    amountLabel: t("checkout.amount"),
    emailLabel: t("checkout.email"),
    emailHint: t("checkout.emailHint"),
    emailLoading: t("checkout.emailLoading"),
    emailMissing: t("checkout.emailMissing"),
    emailError: t("checkout.emailError"),
    acceptsLabel: t("checkout.accepts"),
    cancel: t("checkout.cancel"),
    paying: t("checkout.paying"),
  };
}
