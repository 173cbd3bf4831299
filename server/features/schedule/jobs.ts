// Every periodic job of the shop, listed once (issue #31): how often it runs and what one pass
// does. server.ts starts each on its timer (lib/interval-worker.ts: one pass at a time, jitter,
// backoff, metrics, a stop that waits); the test API's POST /dev/test-api/workers/run runs one pass
// of each time-driven job at a given time (decision 026), in this order, the order the timers
// would meet them: checkouts settled or closed first, then what follows from them.
import { startIntervalWorker, type IntervalWorker } from "../../lib/interval-worker";
import type { Logger } from "../../lib/logger";
import type { SuspicionThresholds } from "../../config";
import { flagSuspiciousLicenses } from "../licenses/signals";
import { pruneShopEvents, runWatchdog } from "../notifications/watchdog";
import type { OrdersDeps } from "../orders/deps";
import { reconcileOrders } from "../orders/reconcile";
import { reconcileRefunds } from "../refunds/reconcile";
import { expireOtpOrders, type OtpMailDeps } from "../otp-mail/service";
import { recoverAbandonedCheckouts, sendExpiryReminders, type RenewalWorkerDeps } from "../renewals/workers";
import { runScheduledBackup, type BackupJobDeps } from "../backups/scheduled";
import { OWNER_ALERTS_EVERY_MS, OWNER_ALERTS_JOB, type OwnerAlerts } from "../health/alerts";

export interface JobDeps {
  orders: OrdersDeps;
  otpMail: OtpMailDeps;
  suspicion: SuspicionThresholds;
  onEmailQueued?: () => void;
  /** Scheduled backups (BACKUP_EVERY); unset: that job does not run. */
  backups?: BackupJobDeps;
  /** The owner's alerts (decision 064); unset: that job does not run. */
  ownerAlerts?: OwnerAlerts;
}

interface Job {
  name: string;
  /** A period, or one the deps decide (undefined: the job is off). */
  everyMs: number | ((deps: JobDeps) => number | undefined);
  firstAfterMs?: number;
  /** One pass at `now` (the clock in production, a chosen time in the test API). */
  pass(deps: JobDeps, now: Date): Promise<Record<string, unknown>>;
  /** Not in the test API's pass (it reads the clock itself and its findings are the seller's alerts). */
  timersOnly?: boolean;
}

const renewalDeps = ({ orders, onEmailQueued }: JobDeps): RenewalWorkerDeps => ({
  db: orders.db,
  baseUrl: orders.baseUrl,
  secret: orders.secret,
  shopTimeZone: orders.shopTimeZone,
  logger: orders.logger,
  onEmailQueued,
});

let watchdogPasses = 0;

export const JOBS: readonly Job[] = [
  {
    // Pending checkouts asked of the provider (with backoff per order) and refunds applied.
    name: "order-reconciler",
    everyMs: 10_000,
    pass: async (deps, now) => ({ reconciled: await reconcileOrders(deps.orders, now), refunds: await reconcileRefunds(deps.orders, now) }),
  },
  {
    // Pending OTP orders past their expiry are failed and refunded (once, even across instances).
    name: "otp-expiry",
    everyMs: 15_000,
    pass: async (deps, now) => ({ otpExpired: await expireOtpOrders(deps.otpMail, now) }),
  },
  {
    // Licences whose use looks shared are flagged for the admin (safe to race across instances).
    name: "suspicious-licences",
    everyMs: 5 * 60_000,
    pass: async (deps, now) => ({ suspicious: (await flagSuspiciousLicenses({ db: deps.orders.db, thresholds: deps.suspicion, now })).length }),
  },
  {
    // Expiry reminders, then the abandoned checkouts' recovery e-mails.
    name: "renewals",
    everyMs: 10 * 60_000,
    firstAfterMs: 30_000,
    pass: async (deps, now) => ({ reminders: await sendExpiryReminders(renewalDeps(deps), now), abandoned: await recoverAbandonedCheckouts(renewalDeps(deps), now) }),
  },
  {
    // Stuck work is told to the seller; old shop events are pruned once an hour.
    name: "watchdog",
    everyMs: 60_000,
    timersOnly: true,
    async pass({ orders }) {
      const found = await runWatchdog(orders.db);
      if (found.alerts.length) orders.logger.warn({ ...found }, "watchdog: work is stuck; the seller is told");
      if (watchdogPasses++ % 60 === 0) await pruneShopEvents(orders.db);
      return { alerts: found.alerts.length };
    },
  },
  {
    // A backup into BACKUP_DIR by the leading instance, the oldest beyond BACKUP_KEEP removed (decision 062).
    name: "backup",
    everyMs: (deps) => deps.backups?.everyMs,
    timersOnly: true,
    pass: async ({ backups }, now) => (backups ? runScheduledBackup(backups, now) : {}),
  },
  {
    // The shop tells its owner (decision 064): incidents opened and resolved from the health figures.
    name: OWNER_ALERTS_JOB,
    everyMs: (deps) => (deps.ownerAlerts ? OWNER_ALERTS_EVERY_MS : undefined),
    timersOnly: true,
    pass: async ({ ownerAlerts }, now) => ({ ...(ownerAlerts ? await ownerAlerts.check(now) : {}) }),
  },
];

/** Starts every job on its timer; the workers to stop at shutdown. */
export function startJobs(deps: JobDeps, logger: Logger, jobs: readonly Job[] = JOBS): IntervalWorker[] {
  return jobs.flatMap((job) => {
    const everyMs = typeof job.everyMs === "function" ? job.everyMs(deps) : job.everyMs;
    if (everyMs === undefined) return [];
    return [startIntervalWorker({ name: job.name, everyMs, firstAfterMs: job.firstAfterMs, logger, pass: () => job.pass(deps, new Date()) })];
  });
}

/** One job on its timer, at another period (a test that waits for the timer rather than calling the pass). */
export function startJob(name: string, deps: JobDeps, logger: Logger, everyMs: number): IntervalWorker {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return startJobs(deps, logger, [{ ...job, everyMs, firstAfterMs: undefined }])[0]!;
}

/** One pass of every time-driven job at `now`, for the test API. */
export async function runJobsOnce(deps: JobDeps, now: Date) {
  const results: Record<string, unknown> = { now: now.toISOString() };
  for (const job of JOBS) if (!job.timersOnly) Object.assign(results, await job.pass(deps, now));
  return results;
}
