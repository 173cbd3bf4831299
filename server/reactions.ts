// Which feature reacts to which other feature's events: the one place that names both sides
// (decision 065), so a feature never imports another to tell it something happened. Orders
// announce "order.paid" in the payment's transaction and the receipts feature queues the receipt
// in it; a provider's callback about a paid order has the refunds feature look for refunds.
import { createOrdersDeps, type OrdersDeps, type OrdersDepsInput, type OrdersOwnDeps } from "./features/orders/deps";
import { releaseDiscountOfClosedOrder, spendDiscountOfPaidOrder } from "./features/discounts/order-reactions";
import { createOrderEvents } from "./features/orders/events";
import { queuePaymentReceiptEmail } from "./features/receipts/email";
import { syncProviderRefunds } from "./features/refunds/record-and-apply";

/** The orders feature's dependencies with the other features' reactions registered. */
export function withOrderReactions(own: OrdersOwnDeps): OrdersDeps {
  const deps: OrdersDeps = { ...own, events: createOrderEvents(), checkRefunds: syncProviderRefunds };
  deps.events.on("order.paid", (tx, { order }) => queuePaymentReceiptEmail(tx, deps, order));
  // A discount code's use (decision 077): spent when its order is paid, given back when it closes unpaid.
  deps.events.on("order.paid", (tx, { order }) => spendDiscountOfPaidOrder(tx, order));
  deps.events.on("order.closed", (tx, { order }) => releaseDiscountOfClosedOrder(tx, order));
  return deps;
}

/** The orders feature's dependencies from the configuration, wired (server.ts, app.ts, tests). */
export const createWiredOrdersDeps = (input: OrdersDepsInput): OrdersDeps => withOrderReactions(createOrdersDeps(input));
