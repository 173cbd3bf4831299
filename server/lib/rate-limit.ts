// Fixed-window rate limits in the database (shared by every instance), with standard headers.
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { pgArray } from "../db/sql-array";
import { AppError } from "./errors";

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Counts one hit on each key in one statement (one round trip, however many rules): a key's
 * window restarts once it has passed. The table is unlogged: no disk flush per hit.
 */
export async function hitRateLimits(db: Db, hits: Array<{ key: string; rule: RateLimitRule; increment?: number }>): Promise<RateLimitResult[]> {
  const counts = await addToCounters(db, hits);
  return hits.map(({ rule }, i) => {
    const { count, resetSeconds } = counts[i]!; // every row comes back: no `expected` given
    return { allowed: count <= rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - count), resetSeconds };
  });
}

/**
 * Adds to each key's counter in one statement; returns each key's total in its current window.
 * The hits travel as three arrays (three parameters however many keys a flush carries), so a
 * flush of thousands of keys costs one small statement rather than thousands of bound values.
 */
async function addToCounters(
  db: Db,
  hits: Array<{ key: string; rule: RateLimitRule; increment?: number; expected?: number }>,
): Promise<Array<{ count: number; resetSeconds: number } | undefined>> {
  const keys = hits.map((h) => h.key);
  const increments = hits.map((h) => h.increment ?? 1);
  const windows = hits.map((h) => h.rule.windowSeconds);
  // With `expected` (the caller's idea of each total), only the counters that differ come back:
  // a flush of thousands of keys nobody else touched parses no rows on the event loop.
  const expected = hits.map((h) => h.expected ?? -1);
  const result = await db.execute(sql`
    with hit (key, count, win, expected) as (
      select key, count, make_interval(secs => win), expected
      from unnest(${pgArray(keys)}::text[], ${pgArray(increments)}::int[], ${pgArray(windows)}::int[], ${pgArray(expected)}::int[]) as t(key, count, win, expected)
    ),
    -- Existing counters: one hash join (a per-row lookup into the hits would be quadratic).
    updated as (
      update api_rate_limits r set
        count = case when r.window_start <= now() - h.win then h.count else r.count + h.count end,
        window_start = case when r.window_start <= now() - h.win then now() else r.window_start end
      from hit h where r.key = h.key
      returning r.key, r.count, r.window_start
    ),
    -- New counters; one created by a concurrent flush meanwhile is added to (its window is new).
    inserted as (
      insert into api_rate_limits (key, window_start, count)
      select key, now(), count from hit where key not in (select key from updated)
      on conflict (key) do update set count = api_rate_limits.count + excluded.count
      returning key, count, window_start
    ),
    upserted as (select * from updated union all select * from inserted)
    select u.key, u.count, ceil(extract(epoch from (u.window_start + h.win - now())))::int as reset
    from upserted u join hit h on h.key = u.key
    where u.count <> h.expected`);
  const rows = (result as unknown as { rows: Array<{ key: string; count: number; reset: number }> }).rows;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return hits.map(({ key }) => {
    const row = byKey.get(key);
    return row && { count: Number(row.count), resetSeconds: Math.max(1, Number(row.reset)) };
  });
}


/** A counter's state without counting: for limits that count failures only, after the fact. */
export async function readRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const result = await db.execute(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as reset
    from api_rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`);
  const row = (result as unknown as { rows: Array<{ count: number; reset: number }> }).rows[0];
  const count = Number(row?.count ?? 0);
  return { allowed: count < rule.limit, limit: rule.limit, remaining: Math.max(0, rule.limit - count), resetSeconds: Math.max(1, Number(row?.reset ?? rule.windowSeconds)) };
}

export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const [result] = await hitRateLimits(db, [{ key, rule }]);
  return result!;
}

/**
 * Rate limits for hot paths: counted in memory (exact within this instance, no database write per
 * request) and merged into the shared table every `flushMs`, so all instances see each other's
 * traffic within about a second.
 */
type LimiterEntry = { rule: RateLimitRule; windowEnd: number; shared: number; pending: number };

/** Expired entries looked at per slice of a flush: the sweep never holds the event loop for long. */
const SWEEP_PER_FLUSH = 5_000;
/** Keys per flush statement (about a millisecond of the event loop to prepare and read back). */
const FLUSH_SLICE = 2_000;

export class SharedRateLimiter {
  private readonly entries = new Map<string, LimiterEntry>();
  /** Entries with hits not yet flushed: a flush reads these, never the whole map (hundreds of thousands of keys under load). */
  private readonly dirty = new Map<string, LimiterEntry>();
  /** Where the sweep of expired entries goes on at the next flush. */
  private sweep: Iterator<[string, LimiterEntry]> | undefined;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    flushMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  hit(key: string, rule: RateLimitRule, now = Date.now()): RateLimitResult {
    let entry = this.entries.get(key);
    if (!entry || now >= entry.windowEnd) {
      entry = { rule, windowEnd: now + rule.windowSeconds * 1000, shared: 0, pending: 0 };
      this.entries.set(key, entry);
    }
    if (entry.pending++ === 0) this.dirty.set(key, entry);
    const count = entry.shared + entry.pending;
    return {
      allowed: count <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetSeconds: Math.max(1, Math.ceil((entry.windowEnd - now) / 1000)),
    };
  }

  /** Adds this instance's new hits to the shared counters and learns everyone's totals. */
  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async doFlush() {
    // In slices, one statement each: under load a second's hits are tens of thousands of keys, and
    // preparing them in one piece held the event loop for 10–14 ms, which every answer in flight
    // waited out (the licence API's p99; docs/benchmarks.md). A slice is about a millisecond, and
    // requests are served while its statement runs. Only the keys dirty when the flush began. A
    // slice of the sweep goes with each, so the sweep keeps pace with however many keys arrive.
    let left = this.dirty.size;
    do {
      this.sweepExpired(Date.now());
      const batch = left > 0 ? this.takeDirty(Math.min(left, FLUSH_SLICE)) : [];
      if (!batch.length) return;
      left -= batch.length;
      await this.flushSlice(batch);
    } while (left > 0);
  }

  /** Up to `count` dirty entries with their pending hits, no longer dirty (the hits are now in flight). */
  private takeDirty(count: number) {
    const batch: Array<{ key: string; e: LimiterEntry; increment: number }> = [];
    for (const [key, e] of this.dirty) {
      this.dirty.delete(key);
      if (e.pending > 0) {
        batch.push({ key, e, increment: e.pending });
        e.pending = 0;
      }
      if (batch.length === count) break;
    }
    return batch;
  }

  private async flushSlice(batch: Array<{ key: string; e: LimiterEntry; increment: number }>) {
    try {
      const totals = await addToCounters(
        this.db,
        batch.map((b) => ({ key: b.key, rule: b.e.rule, increment: b.increment, expected: b.e.shared + b.increment })),
      );
      totals.forEach((total, i) => {
        const { e, increment } = batch[i]!;
        if (!total) {
          e.shared += increment; // the shared counter is what we expected: only our hits
          return;
        }
        e.shared = total.count; // everyone's hits so far in the shared window, ours included
        e.windowEnd = Date.now() + total.resetSeconds * 1000;
      });
    } catch (err) {
      for (const b of batch) {
        b.e.pending += b.increment; // try again next time
        if (this.entries.get(b.key) === b.e) this.dirty.set(b.key, b.e);
      }
      this.onError(err);
    }
  }

  /** Drops expired entries without pending hits, SWEEP_PER_FLUSH at a time, resuming where it stopped. */
  private sweepExpired(now: number) {
    this.sweep ??= this.entries.entries();
    for (let i = 0; i < SWEEP_PER_FLUSH; i++) {
      const next = this.sweep.next();
      if (next.done) {
        this.sweep = undefined;
        return;
      }
      const [key, e] = next.value;
      if (e.pending === 0 && now >= e.windowEnd) this.entries.delete(key);
    }
  }

  /** Keys held in memory (tests). */
  get size() {
    return this.entries.size;
  }

  stop() {
    clearInterval(this.timer);
    return this.flush();
  }
}

/** Sets RateLimit headers (IETF draft) and throws 429 with Retry-After when over the limit. */
export function applyRateLimit(c: Context, results: RateLimitResult[], message?: string) {
  for (const [name, value] of Object.entries(rateLimitHeaders(results))) c.header(name, value);
  throwIfLimited(results, message);
}

/** RateLimit-Limit/-Remaining/-Reset of the tightest rule, and Retry-After when one refuses. */
export function rateLimitHeaders(results: RateLimitResult[]): Record<string, string> {
  const tightest = results.reduce((a, b) => (b.remaining < a.remaining || (!b.allowed && a.allowed) ? b : a));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(tightest.limit),
    "RateLimit-Remaining": String(tightest.remaining),
    "RateLimit-Reset": String(tightest.resetSeconds),
  };
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length) headers["Retry-After"] = String(Math.max(...blocked.map((r) => r.resetSeconds)));
  return headers;
}

/** RATE_LIMITED when any rule refuses. */
export function throwIfLimited(results: RateLimitResult[], message?: string) {
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length) {
    const retryAfter = Math.max(...blocked.map((r) => r.resetSeconds));
    throw new AppError("RATE_LIMITED", message ?? `Too many requests. Try again in ${retryAfter} seconds.`);
  }
}
