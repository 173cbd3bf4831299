// A return from the payment provider claims a payment; the page believes it only when the server confirms it
// (issue #14: a made-up URL showed "Payment Successful!" and stored a local record). The signed-in
// customer's order is read with their session (another customer's order id is "not found"); the
// subscription tool's return carries a receipt token instead (its buyers have no account).
import { formatMoney } from "../../../../contracts/money";
import { ordersApi } from "~/features/payments/api";

import { TOP_UP_TITLE } from "../../../../contracts/order-rules";
import { type PaidPayment, type PaymentReturn, type ReturnStatus } from "./payment-return";

export type VerifiedReturn =
  | { state: "paid"; payment: PaidPayment; orderId: string | null; transactionId: string | null }
  | { state: "pending"; orderId: string | null; receipt: string | null }
  | { state: "status"; status: ReturnStatus };

type Paid = { kind: "plan" | "topup" | "tool"; planTitle: string; planMonths: number | null; amountMills: number; giftEmail?: string | null };

/** The paid payment an order or a receipt stands for, in the server's words and amounts. */
export function paymentOf(paid: Paid): PaidPayment {
  const planPrice = formatMoney(paid.amountMills);
  return paid.kind === "topup"
    ? { kind: "topup", amountMills: paid.amountMills, planTitle: TOP_UP_TITLE, planMonths: null, planPrice }
    : { kind: "plan", planTitle: paid.planTitle, planMonths: paid.planMonths, planPrice, ...(paid.giftEmail ? { giftEmail: paid.giftEmail } : {}) };
}

/** What the server says about the payment a return names; nothing named: "unknown". */
export async function verifyReturn(ret: PaymentReturn): Promise<VerifiedReturn> {
  try {
    if (ret.orderId) {
      const { order } = await ordersApi.get(ret.orderId);
      if (order.status === "paid") return { state: "paid", payment: paymentOf(order), orderId: order.id, transactionId: order.tranId };
      return order.status === "pending" ? { state: "pending", orderId: order.id, receipt: null } : { state: "status", status: order.status };
    }
    if (ret.receipt) {
      const { receipt } = await ordersApi.receipt(ret.receipt);
      if (receipt.status === "paid") return { state: "paid", payment: paymentOf(receipt), orderId: null, transactionId: null };
      return receipt.status === "pending" ? { state: "pending", orderId: null, receipt: ret.receipt } : { state: "status", status: receipt.status };
    }
  } catch {
    // Not found (or not this customer's): nothing to celebrate.
  }
  return { state: "status", status: "unknown" };
}
