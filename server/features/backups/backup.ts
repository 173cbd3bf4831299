// Backups that can be restored (issue #32 item 2, decision 062): PostgreSQL through pg_dump's
// custom format and pg_restore, the embedded PGlite through its data-directory dump (a .tar.gz).
// The last backup's outcome is kept in a small JSON file beside the backups, which the server
// reads (readBackupStatus) and which a failed backup can still be written to when the database
// is down. Every failure is a BackupError with one line a seller can act on.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { acquireDataDirLock, type Database } from "../../db/client";

export type BackupKind = "postgres" | "pglite";

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** The file the last backup's outcome is written to, in the backup directory. */
export const STATUS_FILE = "keyshop-backups.json";
const BACKUP_NAME = /^keyshop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(dump|tar\.gz)$/;

const recordSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  trigger: z.enum(["scheduled", "manual"]),
  kind: z.enum(["postgres", "pglite"]),
  file: z.string().optional(),
  bytes: z.number().int().nonnegative().optional(),
  seconds: z.number().nonnegative(),
  error: z.string().optional(),
});
export type BackupRecord = z.infer<typeof recordSchema>;
const statusSchema = z.object({ last: recordSchema.nullable(), lastOk: recordSchema.nullable() });
export type BackupStatus = z.infer<typeof statusSchema>;

/** keyshop-2026-11-27T09-30-00-123Z.dump (PostgreSQL) or .tar.gz (PGlite): names sort by time. */
export function backupFileName(kind: BackupKind, now = new Date()): string {
  return `keyshop-${now.toISOString().replace(/[:.]/g, "-")}.${kind === "postgres" ? "dump" : "tar.gz"}`;
}

/** The backups in `dir` (by their names), oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [] as string[];
    throw err;
  });
  return names.filter((n) => BACKUP_NAME.test(n)).sort();
}

/** Removes all but the `keep` newest backups in `dir`; the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

export async function readBackupStatus(dir: string): Promise<BackupStatus> {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(await readFile(path.join(dir, STATUS_FILE), "utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // No file yet, or one that is not ours: no backup known.
  }
  return { last: null, lastOk: null };
}

export async function writeBackupStatus(dir: string, record: BackupRecord): Promise<void> {
  const previous = await readBackupStatus(dir);
  const status: BackupStatus = { last: record, lastOk: record.ok ? record : previous.lastOk };
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${STATUS_FILE}.${process.pid}.tmp`);
  await writeFile(tmp, `${JSON.stringify(status, null, 2)}\n`);
  await rename(tmp, path.join(dir, STATUS_FILE));
}

/**
 * Takes a backup into `file` and records its outcome in `statusDir`'s keyshop-backups.json (null:
 * not recorded, e.g. a file written outside BACKUP_DIR): ok with its size and seconds, or failed
 * with why. Used by `npm run db:backup` and the scheduled backups alike. `gate` runs first (the
 * leader's turn): false takes nothing and records nothing (null); its failure is a failed backup.
 * `onFailure` hears a failure before it is recorded; a failure to record it goes to
 * `onRecordFailure`, and the backup's own error is rethrown.
 */
export async function takeAndRecordBackup(
  database: Database,
  file: string,
  opts: { statusDir: string | null; trigger: BackupRecord["trigger"]; at?: Date; gate?: () => Promise<boolean>; onFailure?: (err: unknown, message: string) => void; onRecordFailure?: (err: unknown) => void },
): Promise<{ file: string; bytes: number; seconds: number } | null> {
  const started = performance.now();
  const at = (opts.at ?? new Date()).toISOString();
  const base = { at, trigger: opts.trigger, kind: database.kind };
  try {
    if (opts.gate && !(await opts.gate())) return null;
    const taken = await takeBackup(database, file);
    const seconds = (performance.now() - started) / 1000;
    if (opts.statusDir) await writeBackupStatus(opts.statusDir, { ...base, ok: true, file: path.basename(file), bytes: taken.bytes, seconds });
    return { ...taken, seconds };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    opts.onFailure?.(err, message);
    if (opts.statusDir) {
      await writeBackupStatus(opts.statusDir, { ...base, ok: false, seconds: (performance.now() - started) / 1000, error: message }).catch((recordErr: unknown) => opts.onRecordFailure?.(recordErr));
    }
    throw err;
  }
}

/** The PGlite client under a database opened by openDatabase. */
function pgliteClient(database: Database) {
  return (database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
}

/**
 * Writes a backup of `database` to `file` (through `file.partial`, so a file with the final name
 * is always complete). PostgreSQL: pg_dump -Fc, consistent while the shop runs. PGlite: the data
 * directory's dump from the process that has it open, consistent because PGlite runs one query at
 * a time.
 */
export async function takeBackup(database: Database, file: string): Promise<{ file: string; bytes: number }> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    if (database.kind === "postgres") {
      const { url, env } = connection(database.databaseUrl!);
      await checkToolVersion("pg_dump", await serverMajor(database.databaseUrl!));
      await run("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${url}`], env);
    } else {
      const dump = await pgliteClient(database).dumpDataDir("gzip");
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    }
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err instanceof BackupError ? err : new BackupError(`The backup failed: ${oneLine(err)}`);
  }
  return { file, bytes: (await stat(file)).size };
}

/** What a backup file holds, from its first bytes. */
export async function backupKindOf(file: string): Promise<BackupKind> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : oneLine(err)}`);
  }
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString("latin1") === "PGDMP") return "postgres";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a Keyshop backup (neither a pg_dump custom-format dump nor a PGlite .tar.gz)`);
}

export type RestoreTarget = { kind: "postgres"; databaseUrl: string } | { kind: "pglite"; dataDir: string };

/**
 * Restores `file` into the target database. Refuses a target that already holds the shop's tables
 * (PostgreSQL) or a database directory (PGlite) unless `force`: then PostgreSQL's schemas public
 * and drizzle are dropped first, and PGlite's directory is moved aside (its new name is returned).
 */
export async function restoreBackup(file: string, target: RestoreTarget, { force = false } = {}): Promise<{ kind: BackupKind; movedAside?: string }> {
  const kind = await backupKindOf(file);
  if (kind !== target.kind) {
    throw new BackupError(
      kind === "pglite"
        ? `${file} is a PGlite backup, but DATABASE_URL points at PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR`
        : `${file} is a PostgreSQL dump, but no DATABASE_URL is set: set DATABASE_URL to the (empty) database to restore it into`,
    );
  }
  return target.kind === "postgres" ? restorePostgres(file, target.databaseUrl, force) : restorePglite(file, target.dataDir, force);
}

async function restorePostgres(file: string, databaseUrl: string, force: boolean) {
  const { url, env } = connection(databaseUrl);
  await checkToolVersion("pg_restore", await serverMajor(databaseUrl));
  // Read the archive's table of contents first: a damaged or too-new file fails before anything is dropped.
  await run("pg_restore", ["--list", file], env);
  const { Client } = await import("pg");
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')");
    const tables = Number(rows[0]!.n);
    if (tables > 0 && !force) {
      throw new BackupError(`The database already has ${tables} tables; restore refuses to overwrite it (stop the servers and add --force to replace it)`);
    }
    if (tables > 0) {
      await client.query("begin");
      await client.query("drop schema if exists drizzle cascade");
      await client.query("drop schema if exists public cascade");
      await client.query("create schema public");
      await client.query("commit");
    }
  } finally {
    await client.end();
  }
  await run("pg_restore", ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file], env);
  return { kind: "postgres" as const };
}

async function restorePglite(file: string, dataDir: string, force: boolean) {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  let release: () => void;
  try {
    release = acquireDataDirLock(dir);
  } catch (err) {
    throw new BackupError(`${oneLine(err)} (restore needs the server stopped)`);
  }
  const target = path.join(dir, "pglite");
  let movedAside: string | undefined;
  try {
    const present = existsSync(target) && (await readdir(target)).length > 0;
    if (present && !force) throw new BackupError(`${target} already holds a database; restore refuses to overwrite it (add --force to move it aside and restore)`);
    if (present) {
      movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await rename(target, movedAside);
    }
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const client = new PGlite(target, { extensions: { pg_trgm }, loadDataDir: new Blob([await readFile(file)]) });
      await client.waitReady;
      await client.query("select count(*) from drizzle.__drizzle_migrations");
      await client.close();
    } catch (err) {
      await rm(target, { recursive: true, force: true });
      if (movedAside) await rename(movedAside, target);
      throw new BackupError(`${file} could not be restored: ${oneLine(err)}`);
    }
  } finally {
    release();
  }
  return { kind: "pglite" as const, movedAside };
}

/** The URL without its password (which goes to the tools through PGPASSWORD, not the command line). */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { url: url.toString(), env };
}

async function serverMajor(databaseUrl: string): Promise<number> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } catch (err) {
    throw new BackupError(`Cannot reach PostgreSQL: ${oneLine(err)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The tool must exist and be at least the server's major version (pg_dump refuses newer servers). */
async function checkToolVersion(tool: "pg_dump" | "pg_restore", server: number): Promise<void> {
  const out = await run(tool, ["--version"], {});
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
  if (!(major >= server)) {
    throw new BackupError(`${tool} ${major || "?"} is older than the PostgreSQL server (${server}): install the PostgreSQL ${server} client tools (e.g. postgresql-client-${server}) or newer`);
  }
}

/** Runs a PostgreSQL tool; its stdout, or a BackupError with its first error line. */
function run(tool: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          err.code === "ENOENT" ? `${tool} was not found on PATH: install the PostgreSQL client tools (the server's major version or newer)` : `${tool} could not start: ${err.message}`,
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) return resolve(stdout);
      const line = stderr.split("\n").find((l) => /error|fatal/i.test(l)) ?? stderr.split("\n").find(Boolean) ?? `exit code ${code}`;
      reject(new BackupError(`${tool} failed: ${line.trim()}`));
    });
  });
}

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();
}
