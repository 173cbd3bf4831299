// The one way the server runs a periodic job (issue #31): one pass at a time, a little jitter so
// two instances do not always meet the same rows at the same moment, a longer wait after a failed
// pass (doubling up to a cap, back to normal after a good one), the outcome logged and counted for
// /metrics, and stop() waiting for a pass in progress (its transaction commits or rolls back, never
// half-done). The jobs themselves are listed once in features/schedule/jobs.ts, which the test
// API's "run the workers now" also runs.
import type { Logger } from "./logger";

export interface IntervalWorkerOptions {
  /** The job's name: the log field and the metrics label. */
  name: string;
  everyMs: number;
  /** The first pass after start (default: one period). */
  firstAfterMs?: number;
  /** ± this fraction of the period, at random, on every wait (default 0.1). */
  jitter?: number;
  /** The longest wait after failed passes (default: eight periods). */
  maxBackoffMs?: number;
  logger: Logger;
  pass(): Promise<unknown>;
}

export interface IntervalWorker {
  stop(): Promise<void>;
}

/** What /metrics reports of each job on this instance. */
export interface WorkerStats {
  name: string;
  passes: number;
  failures: number;
  /** Failed passes in a row (0 after a good one). */
  failingInARow: number;
  lastSuccessAt: number | null;
  lastPassSeconds: number | null;
  /** Its period, and when it was started on this instance: the health read model's lag. */
  everyMs: number;
  startedAt: number;
  /** Started and not stopped on this instance (a stopped job is not late). */
  active: boolean;
  /** What its last good pass returned, when that was a plain object (the reconciler's counts). */
  lastResult: Record<string, unknown> | null;
}

const stats = new Map<string, WorkerStats>();

export function workerStats(): WorkerStats[] {
  return [...stats.values()].map((s) => ({ ...s, lastResult: s.lastResult && { ...s.lastResult } }));
}

/** The wait before the next pass: the period (or the backoff after failures), with jitter. */
export function nextDelay(everyMs: number, failingInARow: number, { jitter = 0.1, maxBackoffMs = everyMs * 8, random = Math.random } = {}): number {
  const base = failingInARow === 0 ? everyMs : Math.min(everyMs * 2 ** failingInARow, Math.max(maxBackoffMs, everyMs));
  return Math.max(0, Math.round(base * (1 + jitter * (2 * random() - 1))));
}

export function startIntervalWorker(options: IntervalWorkerOptions): IntervalWorker {
  const { name, everyMs, logger, pass } = options;
  const own: WorkerStats = stats.get(name) ?? { name, passes: 0, failures: 0, failingInARow: 0, lastSuccessAt: null, lastPassSeconds: null, everyMs, startedAt: Date.now(), active: true, lastResult: null };
  own.everyMs = everyMs;
  own.startedAt = Date.now();
  own.active = true;
  stats.set(name, own);
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  function run() {
    const started = performance.now();
    running = pass().then(
      (result) => {
        own.passes++;
        own.failingInARow = 0;
        own.lastSuccessAt = Date.now();
        if (result && typeof result === "object" && !Array.isArray(result)) own.lastResult = result as Record<string, unknown>;
      },
      (err: unknown) => {
        own.passes++;
        own.failures++;
        own.failingInARow++;
        logger.warn({ err, worker: name, failingInARow: own.failingInARow }, `${name} pass failed`);
      },
    );
    void running.finally(() => {
      own.lastPassSeconds = (performance.now() - started) / 1000;
      running = undefined;
      schedule(nextDelay(everyMs, own.failingInARow, options));
    });
  }

  schedule(options.firstAfterMs ?? nextDelay(everyMs, 0, options));
  return {
    async stop() {
      stopped = true;
      own.active = false;
      clearTimeout(timer);
      await running;
    },
  };
}
