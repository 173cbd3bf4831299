// Pages of long lists at any size (decision 030):
//   - the rows of page N are found on a narrow index first (ids only, index-only where the filter
//     allows), then fetched by primary key: a deep page skips index entries, not table rows;
//   - a list's total is exact up to EXACT_COUNT_LIMIT matches; above it, counting every match would
//     read them all, so the total is the planner's estimate and the answer says so (totalIsEstimate).
import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { queryRows } from "./sql-array";
import { DAY_MS } from "../../contracts/units";

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
  return estimatedCount(db, from, where);
}

/** The planner's estimate of a filter known to match more than EXACT_COUNT_LIMIT rows. */
export async function estimatedCount(db: Db, from: PgTable | SQL, where: SQL | undefined): Promise<BoundedCount> {
  const [plan] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) select 1 from ${from} ${whereOf(where)}`);
  const raw = plan ? Object.values(plan)[0] : undefined;
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan?: { "Plan Rows"?: number } }> | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
  return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), totalIsEstimate: true };
}

export interface DayCounts {
  /** A rollup of the list's rows per UTC day (and shard), kept by triggers. */
  table: PgTable;
  day: PgColumn;
  n: PgColumn;
  /** Narrows the rollup as the list is narrowed (a status). */
  where?: SQL;
}

/** Where a page starts: below the end of a UTC day, skipping that day's rows before the page. */
export interface DayAnchor {
  before: Date;
  skip: number;
}

/**
 * Where page N of a list without a search or dates starts (decision 033): the newest UTC day
 * whose rows, with every newer day's, reach past the page's offset. The page is read below that
 * day's end, skipping only that day's rows before it: no page skips more than one day's rows,
 * however deep. Undefined past the last row.
 */
export async function dayAnchor(db: Db, counts: DayCounts, offset: number): Promise<DayAnchor | undefined> {
  const [row] = await queryRows<{ day: string; newer: string | number }>(
    db,
    sql`select day::text as day, upto - n as newer from (
          select day, n, sum(n) over (order by day desc) as upto
          from (select ${counts.day} as day, sum(${counts.n}) as n from ${counts.table} ${whereOf(counts.where)} group by ${counts.day}) per_day
        ) running
        where upto > ${offset} order by day desc limit 1`,
  );
  if (!row) return undefined;
  return { before: new Date(Date.parse(`${row.day}T00:00:00Z`) + DAY_MS), skip: offset - Number(row.newer) };
}

export interface PageOf {
  table: PgTable;
  id: PgColumn;
  /** The list's order, newest first: the time column, then `id` as the tie-break. */
  at: PgColumn;
  where: SQL | undefined;
  limit: number;
  offset: number;
  /** The page starts below this day (dayAnchor): `offset` is ignored for the anchor's `skip`. */
  anchor?: DayAnchor;
}

/**
 * The ids of one page of a list, newest first, as a subquery for `inArray(table.id, …)`: a walk
 * of the (time, id) index, index-only where the filter allows, so a deep page skips index entries,
 * not table rows (decision 030). A list without a filter (or with a status only) passes its day
 * anchor, and the walk starts at that day (decision 033). A search with few matches does not walk
 * at all: collectMatches finds them through its own indexes.
 */
export function pageIdsOf(p: PageOf): SQL {
  const where = p.anchor ? and(p.where, sql`${p.at} < ${p.anchor.before.toISOString()}::timestamptz`) : p.where;
  return sql`(select ${p.id} from ${p.table} ${whereOf(where)} order by ${p.at} desc, ${p.id} desc limit ${p.limit} offset ${p.anchor ? p.anchor.skip : p.offset})`;
}

export interface CollectOf<T extends string> {
  table: PgTable;
  id: PgColumn;
  at: PgColumn;
  where: SQL;
  limit: number;
  offset: number;
  /** Aggregates over every match, written with the table's own columns (they name the matches here). */
  totals?: Record<T, SQL>;
}

export interface Collected<T extends string> {
  /** Exact: the filter matches at most EXACT_COUNT_LIMIT rows. */
  total: number;
  /** The page's ids, newest first. */
  ids: string[];
  totals: Record<T, number>;
}

/**
 * A filter's matches collected once through its own indexes (trigram, e-mail, owner), up to
 * EXACT_COUNT_LIMIT + 1 of them (decision 033). When there are no more than EXACT_COUNT_LIMIT, the
 * exact count, the page's ids (newest first) and the totals all come from that one pass: a rare or
 * absent search term costs one index lookup, not a walk of the whole table. Undefined when the
 * filter matches more: the caller estimates, walks the time index and sums as before.
 */
export async function collectMatches<T extends string = never>(db: Db, p: CollectOf<T>): Promise<Collected<T> | undefined> {
  const totals = Object.entries<SQL>(p.totals ?? ({} as Record<T, SQL>));
  // The CTE takes the table's name, so the caller's columns ("orders"."email") name the matches
  // in the outer query; inside its own definition the name is still the table.
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${p.table} as materialized (select * from ${p.table} where ${p.where} limit ${EXACT_COUNT_LIMIT + 1})
        select count(*) as n,
          (select coalesce(json_agg(page.id), '[]') from (select ${p.id} as id from ${p.table} order by ${p.at} desc, ${p.id} desc limit ${p.limit} offset ${p.offset}) page) as ids
          ${sql.join(
            totals.map(([name, expr]) => sql`, ${expr} as ${sql.identifier(name)}`),
            sql``,
          )}
        from ${p.table}`,
  );
  const n = Number(row?.n ?? 0);
  if (n > EXACT_COUNT_LIMIT) return undefined;
  const raw = row?.ids;
  const ids = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as string[];
  return { total: n, ids, totals: Object.fromEntries(totals.map(([name]) => [name, Number(row?.[name] ?? 0)])) as Record<T, number> };
}
