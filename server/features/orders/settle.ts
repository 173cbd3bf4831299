// Verification: nothing is granted on the word of a callback, a query string or a browser. The
// payment provider must say the payment was approved, for the same amount and currency.
// settleOrder is the one path used by the callback, the return URLs, the page
// watching an open checkout and the reconciler.
import { and, eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { PaymentVerdict } from "../../providers/payments/types";
import type { OrdersDeps } from "./deps";
import type { Fulfilment, OrderRow } from "./dto";
import { fulfilOrder } from "./fulfil";

export type Verdict = PaymentVerdict;

/** The provider's word on an order's payment. */
export function verifyPayment(deps: Pick<OrdersDeps, "providers">, order: OrderRow): Promise<PaymentVerdict> {
  return deps.providers.of(order).verify({ reference: order.tranId, amountMills: order.amountMills, currency: order.currency });
}

/** Closes a pending order without fulfilment (guarded: only a pending order changes). */
async function closeOrder(deps: OrdersDeps, order: OrderRow, status: "failed" | "cancelled" | "refunded", why: Fulfilment, now: Date) {
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(orders)
      .set({ status, updatedAt: now, fulfilment: { ...why } })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
      .returning();
    // Whoever holds something for the checkout lets it go with it (a discount code's use, decision 077).
    if (closed) await deps.events.emit(tx, "order.closed", { order: closed });
  });
}

async function reload(deps: OrdersDeps, id: string): Promise<OrderRow> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Asks the provider about an order and applies the answer; returns the order as it now stands. */
export async function settleOrder(deps: OrdersDeps, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.status !== "pending" && order.status !== "cancelled") return order;
  const verdict = await verifyPayment(deps, order);
  if (verdict.outcome === "approved") {
    await fulfilOrder(deps, order.id, verdict.approvalCode, now);
    return reload(deps, order.id);
  }
  if (order.status !== "pending") return order; // cancelled here: only a late approval changes it
  const expired = order.expiresAt !== null && now >= order.expiresAt;
  switch (verdict.outcome) {
    case "declined":
      await closeOrder(deps, order, "failed", { reason: "declined" }, now);
      break;
    case "cancelled":
      await closeOrder(deps, order, "cancelled", { reason: "cancelled at the provider" }, now);
      break;
    case "refunded":
      await closeOrder(deps, order, "refunded", { reason: "refunded at the provider" }, now);
      break;
    case "mismatch":
      deps.logger.error({ orderId: order.id, tranId: order.tranId, detail: verdict.detail }, "the provider approved a different payment than the order: not fulfilled");
      if (expired) await closeOrder(deps, order, "failed", { reason: "verification_mismatch", detail: verdict.detail }, now);
      break;
    case "unavailable":
      deps.logger.warn({ orderId: order.id, detail: verdict.detail }, "payment check failed; will retry");
      break;
    default:
      if (expired) return expireCheckout(deps, order, now);
  }
  return reload(deps, order.id);
}

/**
 * The end of a checkout nobody closed (decision 060): its lifetime is over and the provider still
 * says pending (or does not know it: the window was never opened). It is closed at the provider, so
 * it can no longer be paid, and cancelled here. A provider that will not close it is asked once
 * more, and a payment found then is honoured; otherwise the order is cancelled all the same (a
 * later approval still pays a cancelled order: settleOrder).
 */
async function expireCheckout(deps: OrdersDeps, order: OrderRow, now: Date): Promise<OrderRow> {
  const closed = (await deps.providers.of(order).close(order.tranId)) === "closed";
  if (!closed) {
    const again = await verifyPayment(deps, order);
    if (again.outcome === "approved") {
      await fulfilOrder(deps, order.id, again.approvalCode, now);
      return reload(deps, order.id);
    }
  }
  await closeOrder(deps, order, "cancelled", { reason: "expired", closedAtProvider: closed }, now);
  return reload(deps, order.id);
}

export async function findOrderByTranId(deps: OrdersDeps, tranId: string): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.tranId, tranId));
  return row ?? null;
}

/**
 * The customer closed the provider's window (its cancel URL, or the page's POST
 * /api/orders/{id}/close, decision 060): the provider is asked first, so a checkout that was paid
 * is settled (paid, fulfilled), never closed; one still pending is closed at the provider, so it
 * can no longer be paid, and shows as cancelled at once instead of pending until it expires. A
 * provider that will not close it (the payment was approved meanwhile, or any other answer) falls
 * back to verify(): a payment made is always honoured. A late approval the provider reports for a
 * closed checkout (a sandbox has been seen allowing that for cards) still fulfils: settleOrder
 * accepts an approval for a cancelled order.
 */
export async function closeCheckout(deps: OrdersDeps, order: OrderRow, now = new Date()): Promise<OrderRow> {
  if (order.status !== "pending") return order;
  const checked = await settleOrder(deps, order, now);
  if (checked.status !== "pending") return checked;
  if ((await deps.providers.of(order).close(order.tranId)) !== "closed") return settleOrder(deps, checked, now);
  await closeOrder(deps, order, "cancelled", { reason: "closed by the customer" }, now);
  return reload(deps, order.id);
}
