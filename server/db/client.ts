// One database handle for the whole process: PGlite in DATA_DIR, or a pg pool for DATABASE_URL.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { listenWithPg, type Listen } from "./notifications";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  databaseUrl?: string;
  /** LISTEN on a channel (PostgreSQL: a dedicated, self-healing connection; PGlite: in process). */
  listen: Listen;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** PGlite is not multi-process safe: a second process on one data directory silently loses writes. */
export function acquireDataDirLock(dir: string): () => void {
  const lockFile = path.join(dir, "keyshop.pid");
  try {
    const pid = Number(readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        throw new Error(
          `The data directory ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL to share PostgreSQL between instances.`,
        );
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** A PGlite data-directory dump to start from (tests: an already migrated template). */
  template?: Blob;
  /** Errors on idle pooled connections (PostgreSQL restarted, connection killed). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 20 });
    // Without a listener an idle connection's error (a restarted or terminated backend) would be
    // an uncaught exception and end the process; the pool drops that client and opens a new one.
    pool.on("error", (err) => opts.onIdleError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const listen = listenWithPg(opts.databaseUrl, opts.onIdleError);
    return { db, kind: "postgres", databaseUrl: opts.databaseUrl, listen, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm serves the admin searches' trigram indexes (migration 0015); PGlite ships it as a contrib module.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  let client;
  if (opts.memory) {
    client = new PGlite(opts.template ? { loadDataDir: opts.template, extensions } : { extensions });
  } else {
    const dir = path.resolve(opts.dataDir ?? "./data");
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
    client = new PGlite(path.join(dir, "pglite"), { extensions });
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const pglite = client;
  const listen: Listen = async (channel, handlers) => {
    const unlisten = await pglite.listen(channel, handlers.onMessage);
    handlers.onLive();
    return async () => {
      await unlisten().catch(() => {});
    };
  };
  return {
    db,
    kind: "pglite",
    listen,
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Applies the migrations not yet applied (`migrationsFolder`: another folder, for migration tests). */
export async function migrateDatabase(database: Database, { migrationsFolder = MIGRATIONS_DIR }: { migrationsFolder?: string } = {}): Promise<void> {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { Client } = await import("pg");
  // Several instances may start together: one migrates while the others wait on the lock.
  const client = new Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    await client.end();
  }
}
