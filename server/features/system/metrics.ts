// Prometheus metrics (GET /metrics, only with METRICS_TOKEN): requests by route pattern and
// status, the e-mail outbox's depth, orders and OTP orders by status, open live streams and the
// process's own figures. Database figures are read when Prometheus scrapes: the open work
// (pending orders, pending OTP orders, the outbox) exactly on every scrape, from index ranges that
// stay small; the all-time counts per status (an index-only scan of the whole status index: about
// 70 ms at 1,000,000 orders) at most once a minute. Request figures are counted in memory per
// instance; database figures are the same on every instance (aggregate them with max, not sum).
import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../../db/client";
import { workerStats } from "../../lib/interval-worker";
import type { Logger } from "../../lib/logger";

/** Seconds; the licence API answers in a millisecond or two, pages and exports in more. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export const ORDER_STATUSES = ["pending", "paid", "failed", "cancelled", "refunded"] as const;
export const OTP_ORDER_STATUSES = ["pending", "success", "failed"] as const;

export interface Metrics {
  readonly registry: Registry;
  readonly contentType: string;
  /**
   * Records one answered request. `route` is the pattern that answered (`/api/licenses/:id`),
   * never the raw path, so ids never become label values.
   */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The exposition text (runs the database counts). */
  render(): Promise<string>;
}

interface Snapshot {
  orders: Map<string, number>;
  otpOrders: Map<string, number>;
  outbox: { pending: number; due: number; dead: number };
}

interface Totals {
  at: number;
  orders: Map<string, number>;
  otpOrders: Map<string, number>;
}

/** How old the all-time counts per status may be. */
export const TOTALS_MAX_AGE_MS = 60_000;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const byStatus = (list: Array<{ status: string; n: unknown }>) => new Map(list.map((r) => [r.status, Number(r.n)]));

const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await rows<{ n: unknown }>(db, query))[0]?.n ?? 0);

/**
 * The open work, exactly, on index ranges over the few open rows; the all-time counts per status
 * when `totals` is missing or older than `maxAgeMs`.
 */
async function readSnapshot(db: Db, totals: Totals | undefined, maxAgeMs: number): Promise<{ snapshot: Snapshot; totals: Totals }> {
  const now = Date.now();
  const stale = !totals || now - totals.at >= maxAgeMs;
  const [pendingOrders, pendingOtp, outbox, fresh] = await Promise.all([
    count(db, sql`select count(*) as n from orders where status = 'pending'`),
    count(db, sql`select count(*) as n from otp_mail_orders where status = 'pending'`),
    // Only the open rows: sent e-mails are most of the table and say nothing about the queue.
    rows<{ pending: unknown; due: unknown; dead: unknown }>(
      db,
      sql`select count(*) filter (where status = 'pending') as pending,
                 count(*) filter (where status = 'pending' and next_attempt_at <= now()) as due,
                 count(*) filter (where status = 'dead') as dead
            from email_outbox where status in ('pending', 'dead')`,
    ),
    stale
      ? Promise.all([
          rows<{ status: string; n: unknown }>(db, sql`select status, count(*) as n from orders group by status`),
          rows<{ status: string; n: unknown }>(db, sql`select status, count(*) as n from otp_mail_orders group by status`),
        ])
      : undefined,
  ]);
  const current: Totals = fresh ? { at: now, orders: byStatus(fresh[0]), otpOrders: byStatus(fresh[1]) } : totals!;
  const o = outbox[0];
  return {
    totals: current,
    snapshot: {
      orders: new Map(current.orders).set("pending", pendingOrders),
      otpOrders: new Map(current.otpOrders).set("pending", pendingOtp),
      outbox: { pending: Number(o?.pending ?? 0), due: Number(o?.due ?? 0), dead: Number(o?.dead ?? 0) },
    },
  };
}

export function createMetrics({
  db,
  logger,
  openStreams,
  licenseChangesUnacknowledged,
  totalsMaxAgeMs = TOTALS_MAX_AGE_MS,
}: {
  db: Db;
  logger: Logger;
  openStreams?: () => number;
  /** Licence changes answered before every live instance acknowledged them (decision 071). */
  licenseChangesUnacknowledged?: () => number;
  totalsMaxAgeMs?: number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to the response's headers (streams: until the stream starts), by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Label children are looked up once per (method, route, status); the set is bounded by the route table.
  const children = new Map<string, { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof duration.labels> }>();

  // One database read per scrape (render), which the gauges below report.
  let current: Snapshot | undefined;
  let totals: Totals | undefined;

  new Gauge({
    name: "keyshop_metrics_database_up",
    help: "1 when this scrape's database counts succeeded",
    registers: [registry],
    collect() {
      this.set(current ? 1 : 0);
    },
  });
  new Gauge({
    name: "keyshop_orders",
    help: "Payment orders by status; pending exact, the others at most a minute old (the same on every instance)",
    labelNames: ["status"] as const,
    registers: [registry],
    collect() {
      const s = current;
      this.reset();
      if (s) for (const status of ORDER_STATUSES) this.set({ status }, s.orders.get(status) ?? 0);
    },
  });
  new Gauge({
    name: "keyshop_otp_orders",
    help: "OTP mail orders by status; pending exact, the others at most a minute old (the same on every instance)",
    labelNames: ["status"] as const,
    registers: [registry],
    collect() {
      const s = current;
      this.reset();
      if (s) for (const status of OTP_ORDER_STATUSES) this.set({ status }, s.otpOrders.get(status) ?? 0);
    },
  });
  new Gauge({
    name: "keyshop_email_outbox",
    help: "E-mail outbox rows not sent: pending (queue depth), due (pending and ready to send now), dead (gave up)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = current;
      this.reset();
      if (s) for (const [state, n] of Object.entries(s.outbox)) this.set({ state }, n);
    },
  });
  // The periodic jobs on this instance (lib/interval-worker.ts): a job failing again and again, or
  // whose last good pass is long ago, is the alert.
  new Gauge({
    name: "keyshop_worker_passes",
    help: "Passes of each periodic job on this instance, by outcome",
    labelNames: ["worker", "outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const w of workerStats()) {
        this.set({ worker: w.name, outcome: "ok" }, w.passes - w.failures);
        this.set({ worker: w.name, outcome: "failed" }, w.failures);
      }
    },
  });
  new Gauge({
    name: "keyshop_worker_failing_in_a_row",
    help: "Failed passes in a row of each periodic job on this instance (0 after a good pass)",
    labelNames: ["worker"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const w of workerStats()) this.set({ worker: w.name }, w.failingInARow);
    },
  });
  new Gauge({
    name: "keyshop_worker_last_success_timestamp_seconds",
    help: "When each periodic job last finished a good pass on this instance (Unix seconds; absent before the first)",
    labelNames: ["worker"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const w of workerStats()) if (w.lastSuccessAt !== null) this.set({ worker: w.name }, w.lastSuccessAt / 1000);
    },
  });
  if (openStreams) {
    new Gauge({
      name: "keyshop_event_streams",
      help: "Open /api/events streams on this instance",
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    });
  }
  if (licenseChangesUnacknowledged) {
    new Gauge({
      name: "keyshop_license_changes_unacknowledged",
      help: "Licence changes this instance answered before every live instance acknowledged dropping the licence (the wait's bound ran out)",
      registers: [registry],
      collect() {
        this.set(licenseChangesUnacknowledged());
      },
    });
  }

  return {
    registry,
    contentType: registry.contentType,
    observe(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : "OTHER";
      const key = `${m} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method: m, route, status: String(status) };
        child = { count: requests.labels(labels), time: duration.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    async render() {
      current = await readSnapshot(db, totals, totalsMaxAgeMs).then(
        (read) => {
          totals = read.totals;
          return read.snapshot;
        },
        (err) => {
          logger.warn({ err }, "metrics: database counts failed");
          return undefined;
        },
      );
      return registry.metrics();
    },
  };
}
