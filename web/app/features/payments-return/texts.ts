// The return's texts. The dashboard is English; the subscription pages pass their translation.
import { CHECKOUT_OUTCOME_TEXT } from "~/features/payments/outcome-text";
import { PAYMENT_PROVIDER_NAME } from "~/features/payments/providers";

import type { ReturnStatus } from "./payment-return";

export const PAYMENT_SUCCESS_TITLE = "Payment Successful!";

export type PaymentReturnText = {
  successTitle: string;
  /** 'Your {plan} subscription has been processed.' */
  planDescription: (planTitle: string) => string;
  /** 'Your balance top-up of {price} has been processed.' (`price` formatted: '$10.00'). */
  topUpDescription: (price: string) => string;
  planLabel: string;
  amountLabel: string;
  done: string;
  /** Toasts for a return without success. */
  status: Record<ReturnStatus, { title: string; description: string }>;
};

export const PAYMENT_RETURN_TEXT: PaymentReturnText = {
  successTitle: PAYMENT_SUCCESS_TITLE,
  planDescription: (planTitle) => `Your ${planTitle} subscription has been processed.`,
  topUpDescription: (price) => `Your balance top-up of ${price} has been processed.`,
  planLabel: "Plan",
  amountLabel: "Amount paid",
  done: "Done",
  status: {
    pending: {
      title: "Payment pending",
      description: `${PAYMENT_PROVIDER_NAME} has not confirmed this payment yet. It usually takes less than a minute.`,
    },
    failed: CHECKOUT_OUTCOME_TEXT.failed,
    cancelled: CHECKOUT_OUTCOME_TEXT.cancelled,
    refunded: { title: "Payment refunded", description: "This payment has been refunded." },
    unknown: {
      title: "Payment not found",
      description: "We could not find this payment. If money was taken, please contact support.",
    },
  },
};
