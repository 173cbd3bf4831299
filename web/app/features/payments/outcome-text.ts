// What the page says when the provider answers a checkout with anything but a payment: the same words on
// the page that held the payment window (watch-checkout) and on the page a return lands on.
import { paymentsText as t } from "./copy";
import { checkoutProviderName } from "./provider-name";

export type OutcomeText = { title: string; description: string };

export type CheckoutOutcomeText = { failed: OutcomeText; cancelled: OutcomeText };

/** The words for a declined or cancelled checkout, in the language current at the call; `provider`: the order's. */
export function checkoutOutcomeText(provider = checkoutProviderName()): CheckoutOutcomeText {
  return {
    failed: { title: t("outcome.failed.title"), description: t("outcome.failed.description", { provider }) },
    cancelled: { title: t("outcome.cancelled.title"), description: t("outcome.cancelled.description") },
  };
}
