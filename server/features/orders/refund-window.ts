// The money-back guarantee's window (site.config.json refundWindowDays): the order list shows it to
// the order's owner, and the refunds feature checks it when a refund is asked for.
import { DAY_MS } from "../../../contracts/units";
import type { OrderRow } from "./dto";

/** Until when the owner of a paid order may ask for a refund (null: not this order, or never). */
export function requestableUntil(order: Pick<OrderRow, "status" | "userId" | "paidAt" | "amountMills" | "refundedMills">, windowDays: number): Date | null {
  if (windowDays <= 0 || order.status !== "paid" || !order.userId || !order.paidAt || order.refundedMills >= order.amountMills) return null;
  return new Date(order.paidAt.getTime() + windowDays * DAY_MS);
}
