// Test databases: PGlite in memory by default; with TEST_DATABASE_URL each call gets its own
// freshly created PostgreSQL database, so test files never share state.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { migrateDatabase, openDatabase, type Database } from "../db/client";

/** A fresh database, migrated unless `migrate: false` (migration tests apply their own). */
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl && !migrate) return openDatabase({ memory: true });
  if (!adminUrl) {
    // The global setup (pglite-template.ts) leaves a migrated dump; migrating again is a no-op check.
    const templatePath = process.env.KEYSHOP_PGLITE_TEMPLATE;
    const template = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;
    const database = await openDatabase({ memory: true, template });
    await migrateDatabase(database);
    return database;
  }
  const { Client } = await import("pg");
  const name = `keyshop_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (migrate) await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await dropper.end();
    },
  };
}
