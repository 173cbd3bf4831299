// What an order's quantity means (decision 080), without zod: the dashboard's shell reads it too.

/** A reseller's bulk order: more than one licence. Every other order has quantity 1. */
export const isBulkOrder = (order: { quantity?: number | null }) => (order.quantity ?? 1) > 1;

/** One licence's price in a bulk order: the one its checkout kept (an order without one: its amount shared out, in whole mills). */
export const unitPriceOf = (order: { unitPriceMills?: number | null; amountMills: number; quantity?: number | null }) =>
  order.unitPriceMills ?? Math.floor(order.amountMills / Math.max(1, order.quantity ?? 1));
