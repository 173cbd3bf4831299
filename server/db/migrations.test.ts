// Migrations that change data: run on a database as the previous release left it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/db";
import { MIGRATIONS_DIR, migrateDatabase } from "./client";

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** The migrations folder as it was up to (and including) `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "keyshop-migrations-"));
  folders.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("0007: one device key, one licence", () => {
  it("keeps the most recent binding of a shared device key, releases the others and logs each release", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateDatabase(database, { migrationsFolder: migrationsUpTo("0006_admin_console") });
      const { db } = database;
      await db.execute(sql`insert into plans (id, title, market, price_mills, period_days, key_changes) values ('local-1m', '1 Month', 'local', 9990, 30, 2) on conflict do nothing`);
      // Three licences on one device key: B was bound last (history), C changed last (a rename),
      // A first. One licence on its own key, one expirekey_ row sharing the key: both untouched.
      const license = (id: string, key: string, updated: string) =>
        db.execute(sql`insert into licenses (id, buy_key, license_key, changes_left, term_days, plan_id, email, updated_at, start_date, expire_date)
                       values (${id}, ${`KS-${id.slice(0, 5)}`}, ${key}, 2, 30, 'local-1m', ${`${id.slice(0, 4)}@example.com`}, ${updated}, now(), now() + interval '10 days')`);
      const [a, b, c, solo, marked] = ["aaaaaaaa-0000-4000-8000-000000000001", "bbbbbbbb-0000-4000-8000-000000000002", "cccccccc-0000-4000-8000-000000000003", "dddddddd-0000-4000-8000-000000000004", "eeeeeeee-0000-4000-8000-000000000005"];
      await license(a!, "PC-LDREEL-SHARED", "2026-01-01T00:00:00Z");
      await license(b!, "PC-LDREEL-SHARED", "2026-02-01T00:00:00Z");
      await license(c!, "PC-LDREEL-SHARED", "2026-06-01T00:00:00Z");
      await license(solo!, "PC-LDREEL-SOLO", "2026-01-01T00:00:00Z");
      await license(marked!, "expirekey_PC-LDREEL-SHARED", "2026-07-01T00:00:00Z");
      await db.execute(sql`insert into license_history (license_id, old_license, new_license, buykey, email, change_date)
                           values (${b}, null, 'PC-LDREEL-SHARED', 'KS-bbbbb', 'bbbb@example.com', '2026-05-01T00:00:00Z'),
                                  (${a}, null, 'PC-LDREEL-SHARED', 'KS-aaaaa', 'aaaa@example.com', '2026-01-01T00:00:00Z')`);

      await db.execute(sql`insert into signing_keys (id, public_key_pem, private_key_encrypted) values ('license-ed25519-1', 'pem', 'sealed')`);

      await migrateDatabase(database);

      const keys = (await db.execute(sql`select id, status from signing_keys`)) as unknown as { rows: Array<{ id: string; status: string }> };
      expect(keys.rows).toEqual([{ id: "license-ed25519-1", status: "current" }]);
      const rows = (await db.execute(sql`select id, license_key from licenses order by id`)) as unknown as { rows: Array<{ id: string; license_key: string | null }> };
      expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.license_key]))).toEqual({
        [a!]: null,
        [b!]: "PC-LDREEL-SHARED",
        [c!]: null,
        [solo!]: "PC-LDREEL-SOLO",
        [marked!]: "expirekey_PC-LDREEL-SHARED",
      });
      const logged = (await db.execute(sql`select license_id, old_license, new_license, changed_by, notes from license_history where changed_by = 'system' order by license_id`)) as unknown as {
        rows: Array<{ license_id: string; old_license: string; new_license: string | null; notes: string }>;
      };
      expect(logged.rows.map((r) => [r.license_id, r.old_license, r.new_license])).toEqual([
        [a, "PC-LDREEL-SHARED", null],
        [c, "PC-LDREEL-SHARED", null],
      ]);
      expect(logged.rows[0]!.notes).toMatch(/^Device key released/);
      // From now on the database itself refuses a second binding.
      await expect(db.execute(sql`update licenses set license_key = 'PC-LDREEL-SHARED' where id = ${a}`)).rejects.toThrow();
      await migrateDatabase(database); // a second run is a no-op
    } finally {
      await database.close();
    }
  });
});

describe("0023: the account's language and the plan's length", () => {
  it("accounts take the language of their latest order; plans their length in months from their period", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateDatabase(database, { migrationsFolder: migrationsUpTo("0022_passkeys") });
      const { db } = database;
      await db.execute(sql`insert into plans (id, title, market, price_mills, period_days, key_changes)
                           values ('local-1m', '1 Month', 'local', 9990, 30, 2), ('local-3m', '3 Months', 'local', 29990, 90, 10),
                                  ('local-12m', '12 Months', 'local', 119990, 365, 100), ('old-6m', 'Half a year', 'local', 59990, 182, 20)`);
      await db.execute(sql`insert into "user" (id, email, name) values ('u-km', 'khmer@example.com', ''), ('u-back', 'back@example.com', ''), ('u-none', 'none@example.com', '')`);
      const order = (tranId: string, email: string, locale: string, createdAt: string) =>
        db.execute(sql`insert into orders (tran_id, kind, email, amount_mills, locale, created_at) values (${tranId}, 'topup', ${email}, 1000, ${locale}, ${createdAt})`);
      // Khmer last (written in another case), English before; Khmer before, English last; no order at all.
      await order("KSMIG00230000000001", "khmer@example.com", "en", "2026-01-01T00:00:00Z");
      await order("KSMIG00230000000002", "Khmer@Example.com", "km", "2026-02-01T00:00:00Z");
      await order("KSMIG00230000000003", "back@example.com", "km", "2026-01-01T00:00:00Z");
      await order("KSMIG00230000000004", "back@example.com", "en", "2026-02-01T00:00:00Z");

      await migrateDatabase(database);

      const users = (await db.execute(sql`select id, language from "user" order by id`)) as unknown as { rows: Array<{ id: string; language: string }> };
      expect(Object.fromEntries(users.rows.map((r) => [r.id, r.language]))).toEqual({ "u-back": "en", "u-km": "km", "u-none": "en" });
      const plansNow = (await db.execute(sql`select id, months from plans order by id`)) as unknown as { rows: Array<{ id: string; months: number }> };
      expect(Object.fromEntries(plansNow.rows.map((r) => [r.id, Number(r.months)]))).toEqual({ "local-1m": 1, "local-3m": 3, "local-12m": 12, "old-6m": 6 });
      await migrateDatabase(database); // a second run is a no-op
    } finally {
      await database.close();
    }
  });
});
