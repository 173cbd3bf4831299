// Expand then contract (decision 070): every migration added since the previous release (the
// commit before the newest migration, or PREVIOUS_RELEASE=<git ref>) is checked against that
// release's code, which runs on the new schema during a rolling upgrade (npm run upgrade:drill).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/db";
import { contractViolations } from "../test/expand-contract";
import { fileAt, filesAt, migrationsAddedSince, previousReleaseRef, resolveRef } from "../test/previous-release";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ref = resolveRef(process.env.PREVIOUS_RELEASE ?? previousReleaseRef(ROOT), ROOT);
const oldSchemaFiles = filesAt(ref, "server/db/schema/", ROOT).filter((f) => f.endsWith(".ts"));
const oldSchemaText = oldSchemaFiles.map((f) => fileAt(ref, f, ROOT)).join("\n");
/** The old code names a table or column by its SQL name in quotes (pgTable("orders"), text("tran_id")). */
const usedByOld = (name: string) => oldSchemaText.includes(`"${name}"`);

// The old release's schema files, importable (drizzle-orm resolves from the repository's node_modules).
const oldDir = path.join(ROOT, `.expand-contract-${process.pid}`);
afterAll(() => rmSync(oldDir, { recursive: true, force: true }));

describe("the rule itself", () => {
  const old = (name: string) => ["orders", "tran_id", "status"].includes(name);
  it("refuses what breaks the previous release and allows what only adds", () => {
    expect(contractViolations(`ALTER TABLE "orders" DROP COLUMN "tran_id";`, old)).toHaveLength(1);
    expect(contractViolations(`DROP TABLE IF EXISTS "public"."orders";`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE "orders" RENAME COLUMN "status" TO "state";`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE orders RENAME TO purchases;`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE integer;`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE "orders" ALTER COLUMN "status" SET NOT NULL;`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE "orders" ADD COLUMN "shop_id" text NOT NULL;`, old)).toHaveLength(1);
    expect(contractViolations(`ALTER TABLE "orders" ADD COLUMN "a" text, DROP COLUMN "status";`, old)).toHaveLength(1);
    // Expanding, and contracting what the old code no longer names.
    const fine = [
      `ALTER TABLE "orders" ADD COLUMN "shop_id" text NOT NULL DEFAULT 'main';`,
      `ALTER TABLE "orders" ADD COLUMN "note" text;`,
      `CREATE TABLE "owner_incidents" ("id" uuid PRIMARY KEY, "kind" text NOT NULL);`,
      `CREATE INDEX "orders_x_idx" ON "orders" ("status");`,
      `ALTER TABLE "orders" DROP COLUMN "legacy_flag";`,
      `DROP TABLE "old_rollup";`,
      `-- DROP TABLE "orders" in a comment\nSELECT 1;`,
    ];
    for (const stmt of fine) expect(contractViolations(stmt, old)).toEqual([]);
  });
});

describe(`migrations since the previous release (${ref.slice(0, 12)})`, () => {
  const added = migrationsAddedSince(ref, ROOT);

  it("drop, rename, retype or tighten nothing the previous release's code uses", () => {
    const found = added.flatMap((file) => contractViolations(fileAt("HEAD", file, ROOT), usedByOld).map((v) => `${path.basename(file)}: ${v}`));
    expect(found).toEqual([]);
  });

  it("leave the previous release's migrations as they were, in the same order", () => {
    const journal = (text: string) => (JSON.parse(text) as { entries: Array<{ tag: string }> }).entries.map((e) => e.tag);
    const before = journal(fileAt(ref, "server/db/migrations/meta/_journal.json", ROOT));
    const now = journal(fileAt("HEAD", "server/db/migrations/meta/_journal.json", ROOT));
    expect(now.slice(0, before.length)).toEqual(before);
    for (const tag of before) expect(fileAt("HEAD", `server/db/migrations/${tag}.sql`, ROOT)).toBe(fileAt(ref, `server/db/migrations/${tag}.sql`, ROOT));
  });

  it("the new schema has every table and column the previous release's code reads, and takes its inserts", async () => {
    mkdirSync(oldDir, { recursive: true });
    for (const f of oldSchemaFiles) writeFileSync(path.join(oldDir, path.basename(f)), fileAt(ref, f, ROOT));
    const oldSchema = (await import(/* @vite-ignore */ path.join(oldDir, "index.ts"))) as Record<string, unknown>;
    const oldTables = Object.values(oldSchema).filter((v): v is PgTable => v instanceof PgTable).map((t) => getTableConfig(t));
    expect(oldTables.length).toBeGreaterThan(10);

    const database = await createTestDatabase();
    try {
      const result = (await database.db.execute(
        sql`select table_name, column_name, is_nullable, column_default, is_identity, is_generated from information_schema.columns where table_schema = 'public'`,
      )) as unknown as { rows: Array<{ table_name: string; column_name: string; is_nullable: string; column_default: string | null; is_identity: string; is_generated: string }> };
      const columns = new Map<string, (typeof result.rows)[number]>();
      for (const c of result.rows) columns.set(`${c.table_name}.${c.column_name}`, c);
      const problems: string[] = [];
      for (const table of oldTables) {
        const oldColumns = new Set(table.columns.map((c) => c.name));
        for (const name of oldColumns) if (!columns.has(`${table.name}.${name}`)) problems.push(`${table.name}.${name} is gone`);
        // A column the old code does not know must not be required of its inserts.
        for (const c of result.rows.filter((r) => r.table_name === table.name && !oldColumns.has(r.column_name))) {
          if (c.is_nullable === "NO" && c.column_default === null && c.is_identity !== "YES" && c.is_generated !== "ALWAYS") problems.push(`${table.name}.${c.column_name} is NOT NULL without a default`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
