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

/** What an order, a payment, a licence or a renewal names: the server's English title and the plan's length. */
export interface TitledItem {
  /** The server's English title ("3 Months", "Balance Top Up"). */
  planTitle: string | null;
  /** The plan's length in months (null: a top-up, or a plan no longer known). */
  planMonths: number | null;
}

/**
 * What was bought, in the reader's language: a plan's title is made from its length by the one
 * function every plan title comes from (contracts/plan-catalogue.ts planTitle: 3 → "3 ខែ"), so a
 * new length or a new language needs nothing here; the top-up's ("Balance Top Up") is this
 * namespace's; a plan no longer known keeps the title the server stored.
 */
export function itemTitle(item: TitledItem, t: TFunction = paymentsText): string {
  if (item.planMonths) return planTitle(item.planMonths, i18n.language);
  // The server names a top-up with the English title (contracts/orders.ts TOP_UP_TITLE).
  if (item.planTitle === enPayments.topUpTitle) return t("payments:topUpTitle");
  return item.planTitle ?? "";
}

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
