// Pages of long lists at any size (decision 030):
//   - the rows of page N are found on a narrow index first (ids only, index-only where the filter
//     allows), then fetched by primary key: a deep page skips index entries, not table rows;
//   - a list's total is exact up to EXACT_COUNT_LIMIT matches; above it, counting every match would
//     read them all, so the total is the planner's estimate and the answer says so (totalIsEstimate).
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { queryRows } from "./sql-array";

/** Totals up to this many matches are counted exactly. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface BoundedCount {
  total: number;
  /** The total is the planner's estimate (more than EXACT_COUNT_LIMIT matches). */
  totalIsEstimate: boolean;
}

const whereOf = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);

/** Rows of `from` (a table, or a join) matching `where`: exact up to EXACT_COUNT_LIMIT, else estimated. */
export async function boundedCount(db: Db, from: PgTable | SQL, where: SQL | undefined): Promise<BoundedCount> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from (select 1 from ${from} ${whereOf(where)} limit ${EXACT_COUNT_LIMIT + 1}) capped`);
  const n = Number(row?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { total: n, totalIsEstimate: false };
  const [plan] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) select 1 from ${from} ${whereOf(where)}`);
  const raw = plan ? Object.values(plan)[0] : undefined;
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan?: { "Plan Rows"?: number } }> | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
  return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), totalIsEstimate: true };
}
