// The payment pop-ups' words, English and Khmer (namespace "payments"): the checkout dialog, its
// failure toasts, the return's success popup and status toasts. The spec's English texts are kept
// word for word. No React here: toasts are made outside components.
import { registerNamespace, translatorFor, useTranslation, type TFunction } from "~/lib/i18n";
import enPayments from "~/locales/en/payments.json";

registerNamespace("payments", { en: enPayments });

export const usePaymentsCopy = () => useTranslation("payments");

/** The payments namespace's t() in the language current at the call (toasts). */
export const paymentsText = translatorFor("payments");

const MONTHS = /^(\d+) Months?$/;

/**
 * What was bought, in the reader's language: a plan's title ("3 Months", from its length: "3 ខែ"),
 * the top-up's ("Balance Top Up"), or anything else as the server named it.
 */
export function itemTitle(title: string, t: TFunction = paymentsText): string {
  // The server names a top-up with the English title (contracts/orders.ts TOP_UP_TITLE).
  if (title === enPayments.topUpTitle) return t("payments:topUpTitle");
  const months = MONTHS.exec(title);
  return months ? t("payments:planTitle", { count: Number(months[1]) }) : title;
}

/** The provider's failure toasts (the spec's: 'Error' / 'Failed to load <provider> script. Please try again.'). */
export function providerErrors(provider: string) {
  return {
    title: paymentsText("errors.title"),
    script: paymentsText("errors.script", { provider }),
    payment: paymentsText("errors.payment", { provider }),
  };
}
