// The reconciler: pending orders whose callback never came are checked with the provider, with a
// backoff (half the order's age, 15 s to 5 min) until the order's lifetime ends, and looked at again
// at that moment: then closed at the provider and cancelled (decision 060), within a pass (10 s).
// Paid orders are looked at for refunds made at the provider (its portal sends no callback) for
// the provider's 30 days of refunds , with a backoff of half the time since payment (1 hour to 3 days):
// about 20 looks per order (decision 024). Orders are claimed with SKIP LOCKED and a moved
// next_check_at, so instances share the work. Each refund pass first applies refunds that were
// recorded but whose goods were not taken back yet (a failure after the provider refunded, decision
// 034): with the reconciler's 10 s timer, within seconds.
import { eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import { applyRecordedRefunds, syncProviderRefunds } from "../refunds/service";
import type { OrdersDeps } from "./deps";
import { settleOrder } from "./settle";

/** Refunds at the provider are looked for this long after payment (the provider refunds up to 30 days). */
const REFUND_LOOK_DAYS = 30;

/** One pass: refunds recorded but not applied, then paid orders due a look for refunds made at the provider. */
export async function reconcileRefunds(deps: OrdersDeps, now = new Date(), batch = 20): Promise<{ applied: number; checked: number; refunded: number }> {
  const applied = await applyRecordedRefunds(deps, now, batch);
  const at = now.toISOString();
  const claimed = await deps.db.execute(sql`
    update orders
       set next_check_at = case
             when coalesce(paid_at, created_at) < ${at}::timestamptz - make_interval(days => ${REFUND_LOOK_DAYS}) then null
             else ${at}::timestamptz + least(interval '3 days', greatest(interval '1 hour', (${at}::timestamptz - coalesce(paid_at, created_at)) / 2))
           end
     where id in (
       select id from orders
        where status = 'paid' and next_check_at <= ${at}::timestamptz
        order by next_check_at
        limit ${batch}
        for update skip locked)
    returning id, next_check_at`);
  const rows = (claimed as unknown as { rows: Array<{ id: string; next_check_at: unknown }> }).rows.filter((r) => r.next_check_at !== null);
  let refunded = 0;
  for (const { id } of rows) {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
    if (!order) continue;
    const synced = await syncProviderRefunds(deps, order, now).catch((err) => {
      deps.logger.warn({ err, orderId: id }, "refund check failed; will retry");
      return null;
    });
    if (synced) refunded++;
  }
  return { applied, checked: rows.length, refunded };
}

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
