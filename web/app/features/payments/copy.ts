// The payment pop-ups' words, English and Khmer (namespace "payments"): the checkout dialog, its
// failure toasts, the return's success popup and status toasts. The spec's English texts are kept
// word for word. No React here: toasts are made outside components.
import i18n, { registerNamespace, translatorFor, useTranslation, type TFunction } from "~/lib/i18n";
import { planTitle } from "../../../../contracts/plan-catalogue";
import enPayments from "~/locales/en/payments.json";

registerNamespace("payments", { en: enPayments });

export const usePaymentsCopy = () => useTranslation("payments");

/** The payments namespace's t() in the language current at the call (toasts). */
export const paymentsText = translatorFor("payments");

const MONTHS = /^(\d+) Months?$/;

/**
 * What was bought, in the reader's language, from the server's English title: a plan's is made
 * from its length by the one function every plan title comes from (contracts/plan-catalogue.ts
 * planTitle: "3 Months" → "3 ខែ"); the top-up's ("Balance Top Up") is this namespace's; anything
 * else stays as the server named it. Where the answer carries the plan's length (planMonths,
 * months), planTitle(months, language) says the same without reading the title.
 */
export function itemTitle(title: string, t: TFunction = paymentsText): string {
  // The server names a top-up with the English title (contracts/orders.ts TOP_UP_TITLE).
  if (title === enPayments.topUpTitle) return t("payments:topUpTitle");
  const months = MONTHS.exec(title);
  return months ? planTitle(Number(months[1]), i18n.language) : title;
}

/** The provider's failure toasts (the spec's: 'Error' / 'Failed to load <provider> script. Please try again.'). */
export function providerErrors(provider: string) {
  return {
    title: paymentsText("errors.title"),
    script: paymentsText("errors.script", { provider }),
    payment: paymentsText("errors.payment", { provider }),
  };
}
