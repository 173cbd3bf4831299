// Verification: nothing is granted on the word of a callback, a query string or a browser.
// PayWay's check-transaction-2 must say APPROVED (code 0) for the same amount and currency.
// settleOrder is the one path used by the callback, the return URLs and the reconciler.
import { and, eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { PaywayClient } from "../../providers/payway/client";
import type { OrdersDeps } from "./deps";
import type { Fulfilment, OrderRow } from "./dto";
import { fulfilOrder } from "./fulfil";

export type Verdict =
  | { outcome: "approved"; apv: string }
  | { outcome: "declined" | "cancelled" | "refunded" | "pending" | "not_found" }
  | { outcome: "mismatch" | "unavailable"; detail: string };

export async function verifyPayment(payway: PaywayClient, order: OrderRow): Promise<Verdict> {
  let check;
  try {
    check = await payway.checkTransaction(order.tranId);
  } catch (err) {
    return { outcome: "unavailable", detail: (err as Error).message };
  }
  if (!check.found) return { outcome: "not_found" };
  switch (check.paymentStatus) {
    case "APPROVED":
      if (check.paymentStatusCode !== 0) return { outcome: "mismatch", detail: `APPROVED with code ${check.paymentStatusCode}` };
      if (check.amountMills !== order.amountMills) return { outcome: "mismatch", detail: `amount ${check.amountMills} mills, order ${order.amountMills}` };
      if (check.currency !== order.currency) return { outcome: "mismatch", detail: `currency ${check.currency}, order ${order.currency}` };
      return { outcome: "approved", apv: check.apv };
    case "DECLINED":
      return { outcome: "declined" };
    case "CANCELLED":
      return { outcome: "cancelled" };
    case "REFUNDED":
      return { outcome: "refunded" };
    default:
      // PENDING, and PRE-AUTH (authorised, not captured: not paid).
      return { outcome: "pending" };
  }
}

/** Closes a pending order without fulfilment (guarded: only a pending order changes). */
async function closeOrder(deps: OrdersDeps, order: OrderRow, status: "failed" | "cancelled" | "refunded", why: Fulfilment, now: Date) {
  await deps.db
    .update(orders)
    .set({ status, updatedAt: now, fulfilment: { ...why } })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
}

async function reload(deps: OrdersDeps, id: string): Promise<OrderRow> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Asks PayWay about an order and applies the answer; returns the order as it now stands. */
export async function settleOrder(deps: OrdersDeps, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.status !== "pending" && order.status !== "cancelled") return order;
  const verdict = await verifyPayment(deps.payway, order);
  if (verdict.outcome === "approved") {
    await fulfilOrder(deps, order.id, verdict.apv, now);
    return reload(deps, order.id);
  }
  if (order.status !== "pending") return order; // cancelled here: only a late approval changes it
  const expired = order.expiresAt !== null && now >= order.expiresAt;
  switch (verdict.outcome) {
    case "declined":
      await closeOrder(deps, order, "failed", { reason: "declined" }, now);
      break;
    case "cancelled":
      await closeOrder(deps, order, "cancelled", { reason: "cancelled at PayWay" }, now);
      break;
    case "refunded":
      await closeOrder(deps, order, "refunded", { reason: "refunded at PayWay" }, now);
      break;
    case "mismatch":
      deps.logger.error({ orderId: order.id, tranId: order.tranId, detail: verdict.detail }, "PayWay approved a different payment than the order: not fulfilled");
      if (expired) await closeOrder(deps, order, "failed", { reason: "verification_mismatch", detail: verdict.detail }, now);
      break;
    case "unavailable":
      deps.logger.warn({ orderId: order.id, detail: verdict.detail }, "PayWay check failed; will retry");
      break;
    default:
      if (expired) await closeOrder(deps, order, "cancelled", { reason: "expired" }, now);
  }
  return reload(deps, order.id);
}

export async function findOrderByTranId(deps: OrdersDeps, tranId: string): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.tranId, tranId));
  return row ?? null;
}

/**
 * The customer closed PayWay's window (its cancel_url): close the transaction at PayWay, so it can
 * no longer be paid, and show the order as cancelled at once instead of pending until it expires.
 * PayWay refusing because the payment was approved meanwhile (or any other answer) falls back to
 * asking check-transaction-2: a payment made is always honoured. A late approval PayWay reports
 * for a closed transaction (its sandbox allowed that for cards) still fulfils: settleOrder accepts
 * an approval for a cancelled order.
 */
export async function closeCheckout(deps: OrdersDeps, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.status !== "pending") return order;
  let closed = false;
  try {
    closed = (await deps.payway.closeTransaction(order.tranId, now)).outcome === "closed";
  } catch (err) {
    deps.logger.warn({ orderId: order.id, err: (err as Error).message }, "PayWay close-transaction failed; checking the transaction instead");
  }
  if (!closed) return settleOrder(deps, order, now);
  await closeOrder(deps, order, "cancelled", { reason: "closed by the customer" }, now);
  return reload(deps, order.id);
}
