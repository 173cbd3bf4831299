// "Try again" on a checkout that was not completed (decision 060): whether a row offers it. What it
// does (a fresh checkout of the same thing, the payment window, watching it) is in
// ./try-again-checkout.tsx, loaded with the first press (issue #28 item 5).
import type { Order } from "~/features/payments/api";

/** Whether the viewer may start this order again: their own cancelled plan or top-up. */
export function canTryAgain(order: Order, viewer: { isAdmin: boolean; email: string | undefined }): boolean {
  if (order.status !== "cancelled" || order.kind === "tool") return false;
  if (order.kind === "plan" && !order.planId) return false;
  return !viewer.isAdmin || (viewer.email !== undefined && viewer.email.toLowerCase() === order.email.toLowerCase());
}
