// The refunds' reconciler: paid orders are looked at for refunds made at the provider (its portal
// sends no callback) for the provider's 30 days of refunds, with a backoff of half the time since
// payment (1 hour to 3 days): about 20 looks per order (decision 024). Orders are claimed with SKIP
// LOCKED and a moved next_check_at, so instances share the work. Each pass first applies refunds
// that were recorded but whose goods were not taken back yet (a failure after the provider
// refunded, decision 034): with the reconciler's 10 s timer, within seconds.
import { eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { OrdersDeps } from "../orders/deps";
import { applyRecordedRefunds, syncProviderRefunds } from "./record-and-apply";

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
