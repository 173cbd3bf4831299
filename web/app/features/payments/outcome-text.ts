// What the page says when PayWay answers a checkout with anything but a payment: the same words on
// the page that held PayWay's window (watch-checkout) and on the page a return lands on.
export type OutcomeText = { title: string; description: string };

export type CheckoutOutcomeText = { failed: OutcomeText; cancelled: OutcomeText };

export const CHECKOUT_OUTCOME_TEXT: CheckoutOutcomeText = {
  failed: {
    title: "Payment failed",
    description: "PayWay did not approve the payment. No money was taken; please try again.",
  },
  cancelled: { title: "Payment cancelled", description: "The payment was cancelled. Nothing was charged." },
};
