// The shop's health as its owner sees it on the Overview (decision 064): each periodic job's lag
// and whether it is stalled, the e-mail outbox's and the deliveries' backlogs, the order
// reconciler's last pass, the last backup, and the owner's open incidents. The same figures are
// what the owner-alerts job (alerts.ts) raises incidents from.
//
// The jobs' figures are the answering instance's own (lib/interval-worker.ts keeps them in
// memory); the queues, the incidents and the backup file are the same on every instance.
import { sql } from "drizzle-orm";
import type { BacklogHealth, ShopHealth, WorkerHealth } from "../../../contracts/admin";
import type { AlertSettings } from "../../config";
import type { Db } from "../../db/client";
import { deliveries, emailOutbox } from "../../db/schema";
import { queryRows } from "../../db/sql-array";
import { workerStats, type WorkerStats } from "../../lib/interval-worker";
import { readBackupStatus } from "../backups/backup";

export type HealthThresholds = Pick<AlertSettings, "outboxBacklog" | "outboxMinutes" | "workerLatePeriods">;

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = { outboxBacklog: 100, outboxMinutes: 15, workerLatePeriods: 3 };

export interface HealthDeps {
  db: Db;
  /** BACKUP_DIR, and BACKUP_EVERY's period when scheduled backups are on. */
  backups: { dir: string; everyMs?: number };
  thresholds?: HealthThresholds;
}

/** The order reconciler's job name (features/schedule/jobs.ts). */
export const RECONCILER_JOB = "order-reconciler";

export function workerHealth(stats: WorkerStats, now: number, { workerLatePeriods }: Pick<HealthThresholds, "workerLatePeriods">): WorkerHealth {
  const lagMs = Math.max(0, now - (stats.lastSuccessAt ?? stats.startedAt));
  return {
    name: stats.name,
    everySeconds: Math.round(stats.everyMs / 1000),
    lastSuccessAt: stats.lastSuccessAt === null ? null : new Date(stats.lastSuccessAt).toISOString(),
    lagSeconds: Math.floor(lagMs / 1000),
    failingInARow: stats.failingInARow,
    stalled: lagMs >= stats.everyMs * workerLatePeriods || stats.failingInARow >= workerLatePeriods,
  };
}

type BacklogRow = { pending: unknown; retrying: unknown; due: unknown; failed: unknown; oldest: unknown };

function backlog(row: BacklogRow | undefined, { outboxBacklog, outboxMinutes }: HealthThresholds): BacklogHealth {
  const due = Number(row?.due ?? 0);
  const oldest = row?.oldest == null ? null : Math.max(0, Math.floor(Number(row.oldest)));
  return {
    pending: Number(row?.pending ?? 0),
    retrying: Number(row?.retrying ?? 0),
    due,
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: oldest,
    backedUp: due >= outboxBacklog || (oldest !== null && oldest >= outboxMinutes * 60),
  };
}

/** A queue's open rows (pending, and those given up on as `failed`), on its (status, next_attempt_at) index. */
function backlogRows(db: Db, table: typeof emailOutbox | typeof deliveries, failed: "dead" | "failed", at: string) {
  return queryRows<BacklogRow>(
    db,
    sql`select count(*) filter (where status = 'pending') as pending,
               count(*) filter (where status = 'pending' and attempts > 0) as retrying,
               count(*) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz) as due,
               count(*) filter (where status = ${failed}) as failed,
               extract(epoch from ${at}::timestamptz - min(next_attempt_at) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz)) as oldest
          from ${table} where status in ('pending', ${failed})`,
  );
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const field = (value: unknown, key: string) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined);

export async function readShopHealth({ db, backups, thresholds = DEFAULT_HEALTH_THRESHOLDS }: HealthDeps, now = new Date()): Promise<ShopHealth> {
  const at = now.toISOString();
  // Only the open rows: sent mail and delivered messages are most of each table.
  const [[outbox], [sends], incidents, backup] = await Promise.all([
    backlogRows(db, emailOutbox, "dead", at),
    backlogRows(db, deliveries, "failed", at),
    queryRows<{ kind: string; opened_at: Date | string }>(db, sql`select kind, opened_at from owner_incidents where resolved_at is null order by opened_at`),
    readBackupStatus(backups.dir),
  ]);
  const stats = workerStats().filter((w) => w.active);
  const workers = stats.map((w) => workerHealth(w, now.getTime(), thresholds));
  const reconciler = stats.find((w) => w.name === RECONCILER_JOB);
  const last = backup.last;
  const health: Omit<ShopHealth, "attention"> = {
    generatedAt: at,
    workers,
    emailOutbox: backlog(outbox, thresholds),
    deliveries: backlog(sends, thresholds),
    reconciliation: reconciler
      ? {
          at: reconciler.lastSuccessAt === null ? null : new Date(reconciler.lastSuccessAt).toISOString(),
          checked: count(field(reconciler.lastResult?.reconciled, "checked")),
          settled: count(field(reconciler.lastResult?.reconciled, "settled")),
          refundsApplied: count(field(reconciler.lastResult?.refunds, "applied")),
          stalled: workers.find((w) => w.name === RECONCILER_JOB)!.stalled,
        }
      : null,
    backup: {
      configured: backups.everyMs !== undefined,
      lastAt: last?.at ?? null,
      lastOk: last ? last.ok : null,
      lastError: last?.ok === false ? (last.error ?? null) : null,
      lastGoodAt: backup.lastOk?.at ?? null,
      failed: backups.everyMs !== undefined && last?.ok === false && last.trigger === "scheduled",
    },
    openIncidents: incidents.map((i) => ({ kind: i.kind, openedAt: new Date(i.opened_at).toISOString() })),
  };
  const attention =
    workers.some((w) => w.stalled) || health.emailOutbox.backedUp || health.deliveries.backedUp || health.backup.failed || health.openIncidents.length > 0;
  return { ...health, attention };
}
