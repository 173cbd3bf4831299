// The scheduled backup (BACKUP_EVERY): one more job in features/schedule/jobs.ts. With several
// instances on one PostgreSQL, only the instance holding a session-level advisory lock backs up
// (the leader); when it stops, its connection closes, the lock is free and the next instance's
// pass takes it. PGlite has one process, so it always leads.
import path from "node:path";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { backupFileName, pruneBackups, takeAndRecordBackup } from "./backup";

/** The advisory lock's key (migrations use 727274). */
const BACKUP_LEADER_LOCK = 727275;

export interface BackupJobDeps {
  database: Database;
  dir: string;
  everyMs: number;
  keep: number;
  logger: Logger;
  leader: BackupLeader;
}

export class BackupLeader {
  private client?: import("pg").Client;

  constructor(private readonly database: Database) {}

  /** True when this instance leads (and keeps leading until stop() or its connection is lost). */
  async acquire(): Promise<boolean> {
    if (this.database.kind === "pglite") return true;
    if (this.client) return true;
    const { Client } = await import("pg");
    const client = new Client({ connectionString: this.database.databaseUrl });
    // A lost connection frees the lock on the server's side: lead again only after taking it anew.
    client.on("error", () => {
      if (this.client === client) this.client = undefined;
    });
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [BACKUP_LEADER_LOCK]);
    if (!rows[0]!.ok) {
      await client.end().catch(() => {});
      return false;
    }
    this.client = client;
    return true;
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/**
 * One scheduled pass: the leader writes a backup into `dir`, records it and keeps the `keep`
 * newest. A failure is logged at error level and recorded as failed, then rethrown (the worker
 * counts it for /metrics and waits longer before the next try).
 */
export async function runScheduledBackup(deps: BackupJobDeps, now = new Date()): Promise<Record<string, unknown>> {
  const file = path.join(deps.dir, backupFileName(deps.database.kind, now));
  const taken = await takeAndRecordBackup(deps.database, file, {
    statusDir: deps.dir,
    trigger: "scheduled",
    at: now,
    // Not reaching PostgreSQL to ask who leads is a failed backup too (recorded, so it shows).
    gate: () => deps.leader.acquire(),
    onFailure: (err, message) => deps.logger.error({ err, dir: deps.dir }, `scheduled backup failed: ${message}`),
    onRecordFailure: (err) => deps.logger.error({ err, dir: deps.dir }, "the failed backup could not be recorded"),
  });
  if (!taken) return { backup: "another instance leads" };
  const removed = await pruneBackups(deps.dir, deps.keep);
  deps.logger.info({ file: taken.file, bytes: taken.bytes, seconds: taken.seconds, removed }, "backup written");
  return { backup: path.basename(file), bytes: taken.bytes, removed: removed.length };
}
