// What the page says when the provider answers a checkout with anything but a payment: the same words on
// the page that held the payment window (watch-checkout) and on the page a return lands on.
import { PAYMENT_PROVIDER_NAME } from "./providers";

export type OutcomeText = { title: string; description: string };

export type CheckoutOutcomeText = { failed: OutcomeText; cancelled: OutcomeText };

export const CHECKOUT_OUTCOME_TEXT: CheckoutOutcomeText = {
  failed: {
    title: "Payment failed",
    description: `${PAYMENT_PROVIDER_NAME} did not approve the payment. No money was taken; please try again.`,
  },
  cancelled: { title: "Payment cancelled", description: "The payment was cancelled. Nothing was charged." },
};
