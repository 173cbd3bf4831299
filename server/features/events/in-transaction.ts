// Events that other features react to INSIDE the transaction of their cause (decision 065): the
// feature that owns a fact announces it (orders: "order.paid"), and whoever must act on it registers
// a handler at start-up (server/reactions.ts), so the announcing feature imports none of them.
// Handlers run one after another on the caller's transaction, before it commits: what they write
// commits with the cause or not at all (a receipt is queued with the payment, never without), and
// a handler that throws rolls the cause back. Nothing here is asynchronous after the commit: for
// that, features use the outbox (e-mails) and shop events (webhooks, Telegram).
import type { Tx } from "../../db/client";

export type TransactionHandler<P> = (tx: Tx, payload: P) => Promise<void>;

/** A registry of in-transaction handlers for the events of map M (event name -> payload). */
export class TransactionEvents<M extends object> {
  private readonly handlers = new Map<keyof M, Array<TransactionHandler<never>>>();

  /** Adds a handler for `type`; handlers run in the order they were added. */
  on<K extends keyof M>(type: K, handler: TransactionHandler<M[K]>): this {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler as TransactionHandler<never>]);
    return this;
  }

  /** Runs every handler of `type` on the caller's transaction, one at a time (a transaction runs one statement at a time). */
  async emit<K extends keyof M>(tx: Tx, type: K, payload: M[K]): Promise<void> {
    for (const handler of (this.handlers.get(type) ?? []) as Array<TransactionHandler<M[K]>>) await handler(tx, payload);
  }
}
