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
 * request) and merged into the shared table by a flush every `flushMs`. A key's hits go with the
 * first flush once they are a tenth of its limit (URGENT_SHARE), and within MAX_WAIT_MS otherwise:
 * so an instance learns of the others' traffic on a key before it has let through a tenth of the
 * limit unseen, and the table is not rewritten every second for the tens of thousands of keys that
 * see a hit now and then (the licence API's 20,000 desktop tools: decision 086).
 */
type LimiterEntry = {
  rule: RateLimitRule;
  windowEnd: number;
  shared: number;
  pending: number;
  /** When its oldest unflushed hit came (it waits at most MAX_WAIT_MS). */
  dirtySince: number;
  /** Unflushed hits that make it urgent: a tenth of its limit, at least one. */
  urgentAt: number;
};

/** The share of a rule's limit an instance may hold back before its hits go with the next flush. */
const URGENT_SHARE = 0.1;
/** The longest a hit waits before the shared table has it. */
export const MAX_WAIT_MS = 10_000;

/** Expired entries looked at per slice of a flush: the sweep never holds the event loop for long. */
const SWEEP_PER_FLUSH = 5_000;
/** Keys per flush statement (about a millisecond of the event loop to prepare and read back). */
const FLUSH_SLICE = 2_000;

export class SharedRateLimiter {
  private readonly entries = new Map<string, LimiterEntry>();
  /** Entries with hits not yet flushed: a flush reads these, never the whole map (hundreds of thousands of keys under load). */
  private readonly dirty = new Map<string, LimiterEntry>();
  /** Dirty keys that go with the next flush, whatever their wait (their hits reached `urgentAt`). */
  private readonly urgent = new Set<string>();
  /** Where the sweep of expired entries goes on at the next flush. */
  private sweep: Iterator<[string, LimiterEntry]> | undefined;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    flushMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flushDue(), flushMs);
    this.timer.unref();
  }

  hit(key: string, rule: RateLimitRule, now = Date.now()): RateLimitResult {
    let entry = this.entries.get(key);
    if (!entry || now >= entry.windowEnd) {
      if (entry) {
        // Hits of a window that has ended count nowhere now: dropped, not carried into the next.
        this.dirty.delete(key);
        this.urgent.delete(key);
      }
      entry = { rule, windowEnd: now + rule.windowSeconds * 1000, shared: 0, pending: 0, dirtySince: 0, urgentAt: Math.max(1, Math.ceil(rule.limit * URGENT_SHARE)) };
      this.entries.set(key, entry);
    }
    if (entry.pending++ === 0) {
      entry.dirtySince = now;
      this.dirty.set(key, entry); // at the end: the dirty map is in the order of dirtySince
    }
    if (entry.pending === entry.urgentAt) this.urgent.add(key);
    const count = entry.shared + entry.pending;
    return {
      allowed: count <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetSeconds: Math.max(1, Math.ceil((entry.windowEnd - now) / 1000)),
    };
  }

  /** Adds all of this instance's new hits to the shared counters and learns everyone's totals. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing; // a periodic flush under way takes only the keys due
    this.flushing = this.doFlush(Infinity).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** The periodic flush: the urgent keys, and those whose oldest hit has waited MAX_WAIT_MS. */
  flushDue(now = Date.now()): Promise<void> {
    this.flushing ??= this.doFlush(now - MAX_WAIT_MS).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async doFlush(dirtyBy: number) {
    // In slices, one statement each: under load a second's hits are tens of thousands of keys, and
    // preparing them in one piece held the event loop for 10–14 ms, which every answer in flight
    // waited out (the licence API's p99; docs/benchmarks.md). A slice is about a millisecond, and
    // requests are served while its statement runs. Only the keys dirty when the flush began. A
    // slice of the sweep goes with each, so the sweep keeps pace with however many keys arrive.
    let left = this.dirty.size;
    do {
      this.sweepExpired(Date.now());
      const batch = left > 0 ? this.takeDirty(Math.min(left, FLUSH_SLICE), dirtyBy, Date.now()) : [];
      if (!batch.length) return;
      left -= batch.length;
      await this.flushSlice(batch);
    } while (left > 0);
  }

  /**
   * Up to `count` entries with their pending hits, no longer dirty (the hits are now in flight):
   * the urgent ones first, then those dirty since `dirtyBy` or earlier (a prefix of the dirty map).
   * The hits of a window that has ended are dropped: they count nowhere now (sent, they would open
   * the table's next window with them).
   */
  private takeDirty(count: number, dirtyBy: number, now: number) {
    const batch: Array<{ key: string; e: LimiterEntry; increment: number }> = [];
    const take = (key: string, e: LimiterEntry) => {
      this.dirty.delete(key);
      this.urgent.delete(key);
      if (now >= e.windowEnd) e.pending = 0;
      else if (e.pending > 0) {
        batch.push({ key, e, increment: e.pending });
        e.pending = 0;
      }
    };
    for (const key of this.urgent) {
      if (batch.length === count) return batch;
      const e = this.dirty.get(key);
      if (e) take(key, e);
      else this.urgent.delete(key);
    }
    for (const [key, e] of this.dirty) {
      if (batch.length === count || e.dirtySince > dirtyBy) break;
      take(key, e);
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
        b.e.pending += b.increment; // tried again at the next flush
        if (this.entries.get(b.key) !== b.e) continue;
        if (!this.dirty.has(b.key)) this.dirty.set(b.key, b.e);
        this.urgent.add(b.key);
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
