// The reconciler: pending orders whose callback never came are checked with the provider, with a
// backoff (half the order's age, 15 s to 5 min) until the order's lifetime ends; then cancelled.
// Orders are claimed with SKIP LOCKED and a moved next_check_at, so instances share the work.
import { eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { OrdersDeps } from "./deps";
import { settleOrder } from "./settle";

export async function reconcileOrders(deps: OrdersDeps, now = new Date(), batch = 20): Promise<{ checked: number; settled: number }> {
  const at = now.toISOString();
  const claimed = await deps.db.execute(sql`
    update orders
       set next_check_at = ${at}::timestamptz
             + least(interval '5 minutes', greatest(interval '15 seconds', (${at}::timestamptz - created_at) / 2))
     where id in (
       select id from orders
        where status = 'pending' and (next_check_at is null or next_check_at <= ${at}::timestamptz)
        order by next_check_at nulls first
        limit ${batch}
        for update skip locked)
    returning id`);
  const ids = (claimed as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  let settled = 0;
  for (const id of ids) {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
    if (!order) continue;
    const after = await settleOrder(deps, order, now).catch((err) => {
      deps.logger.warn({ err, orderId: id }, "order reconciliation failed");
      return order;
    });
    if (after.status !== "pending") settled++;
  }
  return { checked: ids.length, settled };
}

/** Runs the reconciler every `everyMs` (one pass at a time); stop() ends it. */
export function startOrderReconciler(deps: OrdersDeps, everyMs = 10_000) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= reconcileOrders(deps)
      .catch((err) => deps.logger.warn({ err }, "order reconciler failed"))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
