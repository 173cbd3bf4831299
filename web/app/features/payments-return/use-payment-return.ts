// Taking a payment return out of the address once, and the toasts every return page shows for it
// (the dashboard pages and the subscription-tool pages).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";

import { showToaster } from "~/lib/toaster";

import { hasPaymentReturn, parsePaymentReturn, withoutReturnParams, type PaidPayment, type PaymentReturn, type ReturnStatus } from "./payment-return";
import type { PaymentReturnText } from "./texts";

/**
 * Calls `onReturn` once per return in the address (with a key unique to it), after cleaning the
 * address (replace: a reload repeats nothing). Addresses with return parameters that do not parse
 * are cleaned too, and nothing is called.
 */
export function usePaymentReturn(onReturn: (ret: PaymentReturn, key: string) => void, cleanTo?: string) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  // The latest handler, without re-running the effect when it changes.
  const handler = useRef(onReturn);
  useEffect(() => {
    handler.current = onReturn;
  });

  useEffect(() => {
    if (!hasPaymentReturn(search)) return;
    const key = `${pathname}${search}`;
    if (handled.current === key) return;
    handled.current = key;
    const ret = parsePaymentReturn(new URLSearchParams(search));
    void navigate(cleanTo ?? withoutReturnParams(pathname, search), { replace: true });
    if (ret) handler.current(ret, key);
  }, [pathname, search, cleanTo, navigate]);
}

/** 'Payment Successful!' with what was bought. */
export function showSuccessToast(text: PaymentReturnText, payment: PaidPayment, id: string) {
  showToaster();
  toast.success(text.successTitle, {
    id: `payment-success-${id}`,
    description: payment.kind === "topup" ? text.topUpDescription(payment.planPrice) : text.planDescription(payment),
  });
}

/** A return that is not a success (yet): failed and unknown as errors, the others as notes. */
export function showStatusToast(text: PaymentReturnText, status: ReturnStatus, key: string) {
  showToaster();
  const { title, description } = text.status[status];
  const show = status === "failed" || status === "unknown" ? toast.error : toast.info;
  show(title, { id: `payment-status-${key}`, description });
}
