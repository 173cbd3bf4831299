// The admin Overview: every figure is an SQL aggregate, read from indexes made for it (migration
// 0006) or from the sales_daily rollup the order triggers keep. Never rows paged into a client.
//   - 'today' and 'this month' begin at midnight in the viewer's time zone;
//   - all-time revenue sums sales_daily (a few thousand rows), not a million orders;
//   - today, this month, the 30-day chart and the plan mix read orders_paid_at_idx (paid orders
//     by paid_at) for their window only;
//   - active users read licenses_valid_expire_idx (licences valid now, with their e-mail).
// Sales are net of refunds, on the day of the sale (decision 024): a partly refunded order counts
// amount − refunded; a fully refunded one is no longer 'paid' and counts nothing.
import { desc, sql } from "drizzle-orm";
import {
  RECENT_TRANSACTIONS,
  REVENUE_CHART_DAYS,
  type AdminStats,
  type Overview,
  type PlanMixEntry,
  type RevenueDay,
} from "../../../contracts/admin";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { DEFAULT_SUSPICION_THRESHOLDS, type SuspicionThresholds } from "../../config";
import { listSuspiciousLicenses } from "../licenses/signals";
import { toOrderDto } from "../orders/dto";
import { planMonthsById } from "../plans/service";
import { int, queryRows } from "./rows";

/** The licence rule for 'valid now', written exactly as the partial index's predicate. */
const VALID_LICENCE = sql.raw(`(license_key is null or position('expirekey_' in license_key) = 0)`);

interface Window {
  now: string;
  tz: string;
}

// Local midnight of a day in the viewer's zone, as an instant: (local date)::timestamp AT TIME ZONE tz.
const todayStart = ({ now, tz }: Window) => sql`((${now}::timestamptz at time zone ${tz})::date::timestamp at time zone ${tz})`;
const monthStart = ({ now, tz }: Window) => sql`(date_trunc('month', ${now}::timestamptz at time zone ${tz}) at time zone ${tz})`;
const chartStart = ({ now, tz }: Window) =>
  sql`(((${now}::timestamptz at time zone ${tz})::date - ${REVENUE_CHART_DAYS - 1}::int)::timestamp at time zone ${tz})`;

async function totalUsers(db: Db) {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(*) as n from "user"`);
  return int(row?.n);
}

async function activeUsers(db: Db, w: Window) {
  // Licence e-mails are stored lower-cased, so distinct e-mails are distinct people.
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(distinct email) as n from licenses where expire_date > ${w.now}::timestamptz and ${VALID_LICENCE}`,
  );
  return int(row?.n);
}

async function salesTodayAndMonth(db: Db, w: Window) {
  const [row] = await queryRows<{ today: string | null; month: string | null }>(
    db,
    sql`select
          sum(amount_mills - refunded_mills) filter (where paid_at >= ${todayStart(w)}) as today,
          sum(amount_mills - refunded_mills) as month
        from orders
        where status = 'paid' and paid_at >= ${monthStart(w)}`,
  );
  return { salesTodayMills: int(row?.today), monthlySalesMills: int(row?.month) };
}

async function allTimeRevenue(db: Db) {
  const [row] = await queryRows<{ total: string | null }>(db, sql`select sum(paid_mills) as total from sales_daily`);
  return int(row?.total);
}

export async function getAdminStats({ db, tz = "UTC", now = new Date() }: { db: Db; tz?: string; now?: Date }): Promise<AdminStats> {
  const w = { now: now.toISOString(), tz };
  const [users, active, sales, allTime] = await Promise.all([totalUsers(db), activeUsers(db, w), salesTodayAndMonth(db, w), allTimeRevenue(db)]);
  return { totalUsers: users, activeUsers: active, ...sales, allTimeRevenueMills: allTime };
}

/** 30 local days, oldest first, zero-filled by the database; licence sales and top-ups apart. */
async function revenueByDay(db: Db, w: Window): Promise<RevenueDay[]> {
  const rows = await queryRows<{ day: string; plan: string | null; topup: string | null }>(
    db,
    sql`with days as (
          select ((${w.now}::timestamptz at time zone ${w.tz})::date - g)::date as day
          from generate_series(0, ${REVENUE_CHART_DAYS - 1}::int) as g
        ),
        sales as (
          select (paid_at at time zone ${w.tz})::date as day,
                 sum(amount_mills - refunded_mills) filter (where kind <> 'topup') as plan,
                 sum(amount_mills - refunded_mills) filter (where kind = 'topup') as topup
          from orders
          where status = 'paid' and paid_at >= ${chartStart(w)}
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, sales.plan, sales.topup
        from days left join sales on sales.day = days.day
        order by days.day`,
  );
  return rows.map((r) => ({ day: r.day, planMills: int(r.plan), topupMills: int(r.topup) }));
}

/** Paid licence sales per plan over the chart's 30 days. */
async function planMix(db: Db, w: Window): Promise<PlanMixEntry[]> {
  const rows = await queryRows<{ plan_id: string; title: string | null; months: number | null; market: string | null; n: string; mills: string }>(
    db,
    sql`select s.plan_id, p.title, p.months, p.market, s.n, s.mills
        from (
          select coalesce(plan_id, '') as plan_id, count(*) as n, sum(amount_mills - refunded_mills) as mills
          from orders
          where status = 'paid' and kind <> 'topup' and paid_at >= ${chartStart(w)}
          group by 1
        ) s
        left join plans p on p.id = s.plan_id
        order by s.mills desc, s.plan_id`,
  );
  return rows.map((r) => ({ planId: r.plan_id, title: r.title ?? (r.plan_id || "Other"), months: r.months === null ? null : Number(r.months), market: r.market, count: int(r.n), mills: int(r.mills) }));
}

async function recentTransactions(db: Db) {
  const rows = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_TRANSACTIONS);
  const months = await planMonthsById(db, rows.map((r) => r.planId));
  return rows.map((row) => toOrderDto(row, months));
}

/** PostgreSQL refuses a zone it does not know (22023); the contract already checked the name with Intl. */
function unknownZone(err: unknown): never {
  const e = err as { code?: string; cause?: { code?: string } };
  if (e?.code === "22023" || e?.cause?.code === "22023") {
    throw new AppError("VALIDATION_FAILED", "tz: Unknown time zone", [{ path: "tz", message: "Unknown time zone" }]);
  }
  throw err;
}

export async function getOverview({
  db,
  tz = "UTC",
  now = new Date(),
  thresholds = DEFAULT_SUSPICION_THRESHOLDS,
}: {
  db: Db;
  tz?: string;
  now?: Date;
  thresholds?: SuspicionThresholds;
}): Promise<Overview> {
  const w = { now: now.toISOString(), tz };
  const [users, active, sales, allTime, byDay, mix, recent, suspicious] = await Promise.all([
    totalUsers(db),
    activeUsers(db, w),
    salesTodayAndMonth(db, w),
    allTimeRevenue(db),
    revenueByDay(db, w),
    planMix(db, w),
    recentTransactions(db),
    listSuspiciousLicenses({ db, now }),
  ]).catch(unknownZone);
  return {
    timeZone: tz,
    generatedAt: now.toISOString(),
    cards: { totalUsers: users, activeUsers: active, ...sales, allTimeRevenueMills: allTime },
    revenueByDay: byDay,
    planMix: mix,
    recentTransactions: recent,
    suspiciousLicences: suspicious,
    suspicionThresholds: thresholds,
  };
}
