// The return's texts (namespace "payments"): the dashboard's in the reader's language; the
// subscription pages pass their own (namespace "subscription").
import { itemTitle, paymentsText, type TitledItem } from "~/features/payments/copy";
import { checkoutOutcomeText } from "~/features/payments/outcome-text";
import { checkoutProviderName } from "~/features/payments/provider-name";
import type { TFunction } from "~/lib/i18n";

import type { ReturnStatus } from "./payment-return";

export type PaymentReturnText = {
  successTitle: string;
  /** 'Your {plan} subscription has been processed.' (the plan's title from its length: '3 Months', '3 ខែ'). */
  planDescription: (plan: TitledItem) => string;
  /** 'Your balance top-up of {price} has been processed.' (`price` formatted: '$10.00'). */
  topUpDescription: (price: string) => string;
  planLabel: string;
  amountLabel: string;
  done: string;
  /** Toasts for a return without success. */
  status: Record<ReturnStatus, { title: string; description: string }>;
};

/**
 * The return's words in the current language (`t`: a component's, so it re-renders on a switch);
 * `provider`: the order's provider when the page knows the order.
 */
export function paymentReturnText(t: TFunction = paymentsText, provider = checkoutProviderName()): PaymentReturnText {
  const outcome = checkoutOutcomeText(provider);
  return {
    successTitle: t("payments:return.successTitle"),
    planDescription: (plan) => t("payments:return.planDescription", { plan: itemTitle(plan) }),
    topUpDescription: (price) => t("payments:return.topUpDescription", { price }),
    planLabel: t("payments:return.planLabel"),
    amountLabel: t("payments:return.amountLabel"),
    done: t("payments:return.done"),
    status: {
      pending: { title: t("payments:return.status.pending.title"), description: t("payments:return.status.pending.description", { provider }) },
      failed: outcome.failed,
      cancelled: outcome.cancelled,
      refunded: { title: t("payments:return.status.refunded.title"), description: t("payments:return.status.refunded.description") },
      unknown: { title: t("payments:return.status.unknown.title"), description: t("payments:return.status.unknown.description") },
    },
  };
}
