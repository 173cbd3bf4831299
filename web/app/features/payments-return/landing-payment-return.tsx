import { useNavigate } from "react-router";

import { showStatusToast, usePaymentReturn } from "./use-payment-return";
import { paymentReturnText } from "./texts";
import { verifyReturn } from "./verify-return";

/**
 * A return from paying onto the landing, where a plan checkout started (issue #14): a declined,
 * cancelled or closed checkout is said here. A paid plan goes on to License Keys (the server sends
 * it to /dashboard, the spec's return target), so a success claimed here is checked with the
 * server and, when true, followed there; otherwise it is "not found".
 */
export function LandingPaymentReturn() {
  const navigate = useNavigate();
  usePaymentReturn((ret, key) => {
    if (ret.type === "status") {
      showStatusToast(paymentReturnText(), ret.status, key);
      return;
    }
    void verifyReturn(ret).then((verified) => {
      if (verified.state === "paid" && verified.orderId) {
        const { planTitle, planPrice } = verified.payment;
        const query = new URLSearchParams({ payment_success: "true", plan_price: planPrice, plan_title: planTitle, order: verified.orderId });
        void navigate(`/dashboard?${query.toString()}`);
      } else showStatusToast(paymentReturnText(), verified.state === "pending" ? "pending" : verified.state === "status" ? verified.status : "unknown", key);
    });
  });
  return null;
}
