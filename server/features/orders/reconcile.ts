// The reconciler: pending orders whose callback never came are checked with the provider, with a
// backoff (half the order's age, 15 s to 5 min) until the order's lifetime ends, and looked at again
// at that moment: then closed at the provider and cancelled (decision 060), within a pass (10 s).
// Orders are claimed with SKIP LOCKED and a moved next_check_at, so instances share the work. Paid
// orders are looked at for refunds by the refunds feature (refunds/reconcile.ts).
import { eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { OrdersDeps } from "./deps";
import { settleOrder } from "./settle";

export async function reconcileOrders(deps: OrdersDeps, now = new Date(), batch = 20): Promise<{ checked: number; settled: number }> {
  const at = now.toISOString();
  const claimed = await deps.db.execute(sql`
    update orders
       set next_check_at = least(
             ${at}::timestamptz + least(interval '5 minutes', greatest(interval '15 seconds', (${at}::timestamptz - created_at) / 2)),
             -- the end of its lifetime, when it is closed (not up to 5 minutes later); never sooner than 15 s
             greatest(coalesce(expires_at, 'infinity'::timestamptz), ${at}::timestamptz + interval '15 seconds'))
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
