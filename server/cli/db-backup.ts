// npm run db:backup [-- --out <file>]
// A backup of the configured database (DATABASE_URL: pg_dump custom format; else PGlite's
// DATA_DIR: a .tar.gz), by default into BACKUP_DIR, whose keyshop-backups.json then records it.
// PGlite: the server must be stopped (it holds DATA_DIR); BACKUP_EVERY backs up from inside it.
import path from "node:path";
import { z } from "zod";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { backupFileName, BackupError, takeAndRecordBackup } from "../features/backups/backup";

const argsSchema = z.object({ out: z.string().trim().min(1, "--out needs a file name").optional() }).strict();

async function main() {
  const argv = process.argv.slice(2);
  const parsed = argsSchema.safeParse(parseArgs(argv));
  if (!parsed.success) {
    console.error(`Usage: npm run db:backup [-- --out <file>]: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    process.exit(2);
  }
  const config = loadConfig();
  const kind = config.databaseUrl ? "postgres" : "pglite";
  const file = path.resolve(parsed.data.out ?? path.join(config.backups.dir, backupFileName(kind)));
  const inBackupDir = path.dirname(file) === path.resolve(config.backups.dir);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    const why = (err as Error).message.split("\n")[0];
    // PGlite is one process: a running server holds DATA_DIR, and backs itself up with BACKUP_EVERY.
    throw new BackupError(kind === "pglite" && /in use by process/.test(why) ? `${why.replace(/ Stop it first.*$/, "")} Stop the server first, or set BACKUP_EVERY so the running server backs itself up.` : `Cannot open the database: ${why}`);
  }
  try {
    const taken = (await takeAndRecordBackup(database, file, { statusDir: inBackupDir ? config.backups.dir : null, trigger: "manual" }))!;
    console.log(`Backup written: ${taken.file} (${formatBytes(taken.bytes)}, ${taken.seconds.toFixed(1)} s)`);
  } finally {
    await database.close();
  }
}

/** `--out <file>` or `--out=<file>`; anything else is an unknown key for the schema to refuse. */
function parseArgs(argv: string[]): Record<string, string | undefined> {
  const args: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) args[arg] = arg;
    else args[m[1]!] = m[2] ?? argv[++i] ?? "";
  }
  return args;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
