// The watchdog: every minute (each instance; the alerts are throttled across instances) it looks
// for work nobody is doing: e-mails or deliveries due for more than STUCK_MINUTES (their worker is
// down or wedged), pending payments more than STUCK_MINUTES past their lifetime, and refunds
// recorded more than STUCK_MINUTES ago whose goods were not taken back (the reconciler is not
// settling or applying them; decision 034). Each alert goes out at most once an hour. It also prunes old
// events (with their deliveries and attempts) once nothing of them is pending.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import { recordThrottledShopEvent } from "./events";

export const STUCK_MINUTES = 15;
export const ALERT_EVERY_SECONDS = 3600;
/** Events (and their delivery log) are kept this long. */
export const KEEP_EVENTS_DAYS = 30;

export interface WatchdogFindings {
  emails: number;
  deliveries: number;
  orders: number;
  refunds: number;
  alerts: string[];
}

export async function runWatchdog(db: Db, { minutes = STUCK_MINUTES }: { minutes?: number } = {}): Promise<WatchdogFindings> {
  const [row] = await queryRows<{ emails: string | number; deliveries: string | number; orders: string | number; refunds: string | number }>(
    db,
    sql`select
          (select count(*) from email_outbox where status = 'pending' and next_attempt_at < now() - make_interval(mins => ${minutes})) as emails,
          (select count(*) from deliveries where status = 'pending' and next_attempt_at < now() - make_interval(mins => ${minutes})) as deliveries,
          (select count(*) from orders where status = 'pending' and expires_at < now() - make_interval(mins => ${minutes})) as orders,
          (select count(*) from refunds where applied_at is null and created_at < now() - make_interval(mins => ${minutes})) as refunds`,
  );
  const findings: WatchdogFindings = { emails: Number(row?.emails ?? 0), deliveries: Number(row?.deliveries ?? 0), orders: Number(row?.orders ?? 0), refunds: Number(row?.refunds ?? 0), alerts: [] };
  if (findings.emails || findings.deliveries) {
    const sent = await recordThrottledShopEvent(
      db,
      { key: "ops.outbox_stuck", everySeconds: ALERT_EVERY_SECONDS },
      { type: "ops.outbox_stuck", subject: "outbox", data: { emails: findings.emails, deliveries: findings.deliveries, minutes } },
    );
    if (sent) findings.alerts.push("ops.outbox_stuck");
  }
  if (findings.orders || findings.refunds) {
    const sent = await recordThrottledShopEvent(
      db,
      { key: "ops.reconciler_stuck", everySeconds: ALERT_EVERY_SECONDS },
      { type: "ops.reconciler_stuck", subject: "reconciler", data: { orders: findings.orders, refunds: findings.refunds, minutes } },
    );
    if (sent) findings.alerts.push("ops.reconciler_stuck");
  }
  return findings;
}

/** Old events whose deliveries are all settled, with their deliveries and attempts (cascade). */
export async function pruneShopEvents(db: Db, { days = KEEP_EVENTS_DAYS, batch = 1000 }: { days?: number; batch?: number } = {}): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from shop_events where id in (
          select e.id from shop_events e
           where e.created_at < now() - make_interval(days => ${days})
             and not exists (select 1 from deliveries d where d.event_id = e.id and d.status = 'pending')
           limit ${batch})
        returning id`,
  );
  await db.execute(sql`delete from dev_telegram_messages where received_at < now() - make_interval(days => ${days})`);
  return rows.length;
}
