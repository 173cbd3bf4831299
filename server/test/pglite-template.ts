// Vitest global setup: a migrated PGlite data directory, dumped once and cached by the hash of the
// migrations, so each test file loads it (~1.5 s) instead of running initdb and migrations (~6 s).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from "../db/client";

export const TEMPLATE_ENV = "KEYSHOP_PGLITE_TEMPLATE";

function migrationsHash() {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest("hex").slice(0, 16);
}

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = path.resolve("node_modules/.cache/keyshop");
  const file = path.join(dir, `pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const database = await openDatabase({ memory: true });
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await database.close();
  }
  process.env[TEMPLATE_ENV] = file;
}
