// What the orders feature announces for others to react to, in the transaction of the cause
// (features/events/in-transaction.ts, decision 065). Who reacts is wired in server/reactions.ts:
// orders imports none of them.
import { TransactionEvents } from "../events/in-transaction";
import type { OrderRow } from "./dto";

export interface OrderEvents {
  /** An order has just been paid and its goods granted (once per order: fulfilOrder). */
  "order.paid": { order: OrderRow };
  /** A pending order was closed unpaid (failed, cancelled, expired or refunded before it was paid), once. */
  "order.closed": { order: OrderRow };
}

export type OrderEventBus = TransactionEvents<OrderEvents>;

export const createOrderEvents = (): OrderEventBus => new TransactionEvents<OrderEvents>();
