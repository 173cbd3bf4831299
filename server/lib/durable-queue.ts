// What every durable outbox of the shop shares (the e-mail outbox, the deliveries of webhooks and
// Telegram messages): rows with a status, a due time, a time-limited claim and a failure count,
// claimed with SKIP LOCKED so many instances take disjoint rows, retried on a schedule, and a
// worker that drains them a batch at a time. Every time comes from the database's now(), so
// instances agree on "due" and "claimed" whatever their own clocks say.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Db } from "../db/client";

/** The columns a queue table must have (any names; these roles). */
export interface QueueColumns {
  id: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  lockedUntil: AnyPgColumn;
  lastError: AnyPgColumn;
}
export type QueueTable = PgTable & QueueColumns;

export interface QueueOptions {
  /** How long a claim holds a row (a dead instance's rows come back after this). */
  claimSeconds: number;
  /** Seconds to wait after the 1st, 2nd… failure; the last entry repeats. */
  retryDelaysSeconds: readonly number[];
  /** Failures after which a row is given up (its `deadStatus`). */
  maxAttempts: number;
  doneStatus: string;
  deadStatus: string;
}

/** Seconds to wait after `failedAttempts` failures, from a schedule whose last entry repeats. */
export function retryDelaySeconds(schedule: readonly number[], failedAttempts: number): number {
  return schedule[Math.min(Math.max(failedAttempts, 1), schedule.length) - 1]!;
}

/** Drizzle's builders are typed per table; these helpers work on any queue table. */
type Untyped = { set(values: Record<string, unknown>): { where(where: SQL | undefined): { returning<F extends SelectedFields>(fields: F): Promise<Array<Record<keyof F, unknown>>> } & Promise<unknown> } };

export interface QueueStore<T extends QueueTable> {
  readonly table: T;
  readonly options: QueueOptions;
  /**
   * Claims up to `limit` due rows for `claimSeconds` and returns `fields` of each. SKIP LOCKED lets
   * concurrent workers take disjoint rows without waiting; locked_until keeps a row claimed after
   * this statement commits.
   */
  claim<F extends SelectedFields>(db: Db, limit: number, fields: F): Promise<Array<Record<keyof F, unknown>>>;
  /** Records success (guarded by the pending status, so a stale claim cannot record it twice). */
  markDone(db: Db, id: string, set?: Record<string, unknown>): Promise<boolean>;
  /**
   * Records a failed attempt: retried after the schedule's delay (or `delaySeconds`), or given up
   * after `maxAttempts` failures (or at once with `giveUp`). `countsAsFailure: false` (a receiver's
   * "slow down") waits without using up the schedule.
   */
  markFailed(
    db: Db,
    row: { id: string; attempts: number },
    error: string,
    opts?: { set?: Record<string, unknown>; delaySeconds?: number; giveUp?: boolean; countsAsFailure?: boolean },
  ): Promise<{ dead: boolean; retryInSeconds: number; attempts: number }>;
  /** Hands unsent claims back (on stop, or when a slow batch nears its claim's end). */
  release(db: Db, ids: string[]): Promise<void>;
}

export function createQueueStore<T extends QueueTable>(table: T, options: QueueOptions): QueueStore<T> {
  const { claimSeconds, maxAttempts, retryDelaysSeconds: schedule, doneStatus, deadStatus } = options;
  const update = (db: Db) => db.update(table as PgTable) as unknown as Untyped;
  const pending = eq(table.status, "pending");
  return {
    table,
    options,
    async claim(db, limit, fields) {
      const due = db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(pending, lte(table.nextAttemptAt, sql`now()`), or(isNull(table.lockedUntil), lt(table.lockedUntil, sql`now()`))))
        .orderBy(asc(table.nextAttemptAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return update(db)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
        .where(inArray(table.id, due))
        .returning(fields);
    },
    async markDone(db, id, set = {}) {
      const rows = await update(db)
        .set({ status: doneStatus, lockedUntil: null, lastError: null, ...set })
        .where(and(eq(table.id, id), pending))
        .returning({ id: table.id });
      return rows.length > 0;
    },
    async markFailed(db, row, error, opts = {}) {
      const counts = opts.countsAsFailure ?? true;
      const attempts = counts ? row.attempts + 1 : row.attempts;
      const dead = opts.giveUp === true || (counts && attempts >= maxAttempts);
      const retryInSeconds = opts.delaySeconds ?? retryDelaySeconds(schedule, attempts);
      await update(db)
        .set({
          attempts,
          lastError: error,
          status: dead ? deadStatus : "pending",
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          lockedUntil: null,
          ...opts.set,
        })
        .where(and(eq(table.id, row.id), pending));
      return { dead, retryInSeconds, attempts };
    },
    async release(db, ids) {
      if (!ids.length) return;
      await update(db)
        .set({ lockedUntil: null })
        .where(and(inArray(table.id, ids), pending));
    },
  };
}

export interface QueueWorker {
  /** Look for work now (after a new row was queued) instead of at the next poll. */
  kick(): void;
  /** Stops polling and resolves once the batch in flight has finished. */
  stop(): Promise<void>;
  /** Claims and runs one batch; resolves to the number done. Rejects only if the claim query fails. */
  drainOnce(): Promise<number>;
}

export interface QueueWorkerOptions<Job extends { id: string }> {
  /** For logs: "email-outbox", "deliveries". */
  name: string;
  logger: Logger;
  claimSeconds: number;
  /** The longest one job may take (its own timeout): no job starts when the claim has less left. */
  jobTimeoutMs: number;
  pollMs?: number;
  batchSize?: number;
  /** Jobs in flight at once. */
  concurrency?: number;
  claim(limit: number): Promise<Job[]>;
  /** Does one job and records its outcome; true when it is done. May throw only on database trouble. */
  run(job: Job): Promise<boolean>;
  release(ids: string[]): Promise<void>;
}

/**
 * Drains a queue: claims a batch, runs a few jobs at once, hands back what it could not start
 * before its claim would run out, polls again at once while batches come back full. Safe with many
 * instances (the claims are), and `stop()` waits for the batch in flight.
 */
export function startQueueWorker<Job extends { id: string }>(options: QueueWorkerOptions<Job>): QueueWorker {
  const { name, claim, run, release, pollMs = 1000, batchSize = 20, concurrency = 5 } = options;
  const log = options.logger.child({ component: name });
  // No job starts once the claim has less than one job's timeout and a margin left.
  const startWithinMs = options.claimSeconds * 1000 - options.jobTimeoutMs - 15_000;
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let looping = false;
  let kickedWhileLooping = false;

  async function runBatch(): Promise<{ claimed: number; done: number }> {
    if (stopping) return { claimed: 0, done: 0 };
    const jobs = await claim(batchSize);
    const claimedAt = performance.now();
    let done = 0;
    let next = 0;
    const unstarted: string[] = [];
    const runner = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        if (stopping || performance.now() - claimedAt > startWithinMs) {
          unstarted.push(job.id);
          continue;
        }
        try {
          if (await run(job)) done++;
        } catch (err) {
          // Recording the outcome failed (database trouble): the claim expires and the job is retried.
          log.error({ err, jobId: job.id }, "attempt not recorded");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, runner));
    if (unstarted.length) await release(unstarted).catch((err) => log.warn({ err }, "could not release claims; they expire on their own"));
    return { claimed: jobs.length, done };
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), delayMs);
    timer.unref();
  }

  async function loop() {
    if (looping) {
      kickedWhileLooping = true;
      return;
    }
    looping = true;
    let busy = false;
    try {
      busy = (await track(runBatch())).claimed === batchSize;
    } catch (err) {
      log.error({ err }, "poll failed; will retry");
    } finally {
      looping = false;
    }
    const again = busy || kickedWhileLooping;
    kickedWhileLooping = false;
    schedule(again ? 0 : pollMs);
  }

  // The first poll waits one interval, letting the server finish starting up.
  schedule(pollMs);

  return {
    kick: () => {
      if (looping) kickedWhileLooping = true;
      else schedule(0);
    },
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
    drainOnce: async () => (await track(runBatch())).done,
  };
}

/**
 * Retries the bookkeeping of a job that is already out (sent, delivered) a few times: a lost record
 * means a second send once the claim ends.
 */
export async function recordWithRetries(record: () => Promise<unknown>, onGiveUp: (err: unknown) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await record();
      return;
    } catch (err) {
      if (attempt >= 3) return onGiveUp(err);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
