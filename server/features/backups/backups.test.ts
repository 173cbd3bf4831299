// Backups restored, not just taken (issue #32 item 2, decision 062): a seeded shop is backed up,
// restored into an empty database, and the restored shop must have the same rows, a ledger that
// still adds up, and the same answers for its customers and its admin. On PGlite by default, on
// PostgreSQL when TEST_DATABASE_URL is set (CI runs both). Also: retention, the scheduled job's
// record of a success and of a failure, and the refusals a seller may meet.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { createTestDatabase } from "../../test/db";
import { createTestContext, type SignedInUser, type TestContext } from "../../test/harness";
import { insertOrders, insertOtpOrder } from "../admin/test-seed";
import { changeBalance, ensureApiKey, findLedgerMismatches } from "../balance/service";
import { createLicense } from "../licenses/service";
import { startJob } from "../schedule/jobs";
import { BackupError, backupFileName, listBackups, readBackupStatus, restoreBackup, takeBackup, type RestoreTarget } from "./backup";
import { BackupLeader, runScheduledBackup } from "./scheduled";

const DAY = 86_400_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const work = mkdtempSync(path.join(tmpdir(), "keyshop-backups-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The rate-limit and licence-signal counters: unlogged, so a PGlite restore starts them empty (not worth restoring). */
const UNLOGGED = ["public.api_rate_limits", "public.licence_signals", "public.rate_limit"];

/** Exact row counts of every table of the shop (schemas public and drizzle) but the unlogged counters. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') and c.relpersistence = 'p' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of (tables as unknown as { rows: Array<{ name: string }> }).rows) {
    const [schema, table] = name.split(".") as [string, string];
    const result = await database.db.execute<{ n: string | number }>(sql`select count(*) as n from ${sql.identifier(schema)}.${sql.identifier(table)}`);
    counts[name] = Number((result as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);
  }
  return counts;
}

describe(`a shop backed up and restored into an empty database (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let source: TestContext;
  let restored: TestContext;
  let admin: SignedInUser;
  const customers: SignedInUser[] = [];
  let before: { counts: Record<string, number>; answers: unknown[] };
  let after: { counts: Record<string, number>; answers: unknown[] };
  let file: string;
  let target: RestoreTarget;

  /** What the customers and the admin read: their account, licences, orders, balance, OTP orders; the admin's customer pages. */
  async function answers(ctx: TestContext) {
    const read = async (client: SignedInUser["client"], url: string) => {
      const res = await client.onApp(ctx.app).json(url);
      return { url, status: res.status, body: res.body };
    };
    const out: unknown[] = [];
    for (const c of customers) {
      for (const url of ["/api/me", "/api/licenses", "/api/orders", "/api/balance", "/api/api-key", "/api/otp-mail/orders"]) out.push(await read(c.client, url));
      out.push(await read(admin.client, `/api/admin/customers/${encodeURIComponent(c.email)}`));
    }
    return out;
  }

  beforeAll(async () => {
    source = await createTestContext();
    admin = await source.signedInUser({ role: "admin", superAdmin: true });
    const db = source.database.db;
    for (const tag of ["a", "b"]) {
      const c = await source.signedInUser();
      customers.push(c);
      const license = await createLicense({ db, planId: "local-1m", email: c.email, userId: c.id, deviceKey: `PC-BACKUP-${tag}-${Date.now()}`, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 20 * DAY) });
      const [order] = await insertOrders(db, [{ kind: "plan", planId: "local-1m", email: c.email, userId: c.id, buyKey: license.buyKey }, { kind: "topup", amountMills: 5_000, email: c.email, userId: c.id }]);
      const key = await ensureApiKey({ db, secret: source.config.authSecret, userId: c.id });
      await db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 5_000, reason: "topup", reference: order!.id }));
      const otp = await insertOtpOrder(db, { apiKeyId: key.id, userId: c.id, status: "success", priceMills: 45 });
      await db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: -45, reason: "otp_purchase", reference: otp.id }));
    }
    before = { answers: await answers(source), counts: await rowCounts(source.database) };

    file = path.join(work, backupFileName(source.database.kind));
    await takeBackup(source.database, file);
    let empty: Database | undefined;
    if (onPostgres) {
      empty = await createTestDatabase({ migrate: false });
      target = { kind: "postgres", databaseUrl: empty.databaseUrl! };
    } else {
      target = { kind: "pglite", dataDir: path.join(work, "restored") };
    }
    await restoreBackup(file, target);
    const database = empty ?? (await openDatabase({ dataDir: path.join(work, "restored") }));
    after = { counts: await rowCounts(database), answers: [] };
    restored = await createTestContext({}, { database });
    after.answers = await answers(restored);
  }, 60_000);
  afterAll(async () => {
    await restored?.close();
    await source?.close();
  });

  it("has every table with the same number of rows (the unlogged counters aside)", async () => {
    const unlogged = await source.database.db.execute(sql`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence = 'u' order by 1`);
    expect((unlogged as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(UNLOGGED);
    expect(before.counts["public.user"]).toBeGreaterThanOrEqual(3);
    expect(before.counts["public.balance_ledger"]).toBeGreaterThanOrEqual(4);
    expect(after.counts).toEqual(before.counts);
  });

  it("keeps a ledger that adds up to every balance", async () => {
    expect(await findLedgerMismatches({ db: restored.database.db })).toEqual([]);
  });

  it("answers the customers and the admin as before, signed in with the same sessions", () => {
    expect(before.answers.every((a) => (a as { status: number }).status === 200)).toBe(true);
    expect(after.answers).toEqual(before.answers);
  });

  it("refuses to restore over a database that has the shop in it, with a message that says how", async () => {
    const again = restoreBackup(file, target);
    await expect(again).rejects.toThrow(BackupError);
    await expect(again).rejects.toThrow(/refuses to overwrite.*--force/);
  });

  it("refuses a file that is not a backup, and a backup of the other kind", async () => {
    const notBackup = path.join(work, "notes.txt");
    writeFileSync(notBackup, "hello");
    await expect(restoreBackup(notBackup, target)).rejects.toThrow(/is not a Keyshop backup/);
    const other: RestoreTarget = onPostgres ? { kind: "pglite", dataDir: path.join(work, "other") } : { kind: "postgres", databaseUrl: "postgres://nobody@127.0.0.1:1/none" };
    await expect(restoreBackup(file, other)).rejects.toThrow(onPostgres ? /is a PostgreSQL dump, but no DATABASE_URL/ : /is a PGlite backup, but DATABASE_URL/);
  });

  it.runIf(onPostgres)("says so in one line when pg_dump is not installed", async () => {
    const path0 = process.env.PATH;
    process.env.PATH = path.join(work, "no-tools");
    try {
      await expect(takeBackup(source.database, path.join(work, "x.dump"))).rejects.toThrow(/^pg_dump was not found on PATH: install the PostgreSQL client tools/);
    } finally {
      process.env.PATH = path0;
    }
    expect(readdirSync(work).filter((n) => n.startsWith("x.dump"))).toEqual([]);
  });

  it.runIf(onPostgres)("scheduled, two instances on one PostgreSQL: only the one holding the lock backs up, the other takes over when it stops", async () => {
    const dir = path.join(work, "two-instances");
    const logger = pino({ level: "silent" });
    const first = new BackupLeader(source.database);
    const second = new BackupLeader(source.database);
    try {
      expect(await first.acquire()).toBe(true);
      const deps = { database: source.database, dir, everyMs: 3_600_000, keep: 3, logger, leader: second };
      expect(await runScheduledBackup(deps)).toEqual({ backup: "another instance leads" });
      expect(await listBackups(dir)).toEqual([]);
      await first.stop();
      expect(await runScheduledBackup(deps)).toMatchObject({ removed: 0 });
      expect(await listBackups(dir)).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it("scheduled: the job writes a backup into BACKUP_DIR on its timer, records it and keeps the BACKUP_KEEP newest", async () => {
    const dir = path.join(work, "scheduled");
    // Older backups already there (a day apart), and a file of the seller's that is not a backup.
    const older = [3, 2, 1].map((days) => backupFileName(source.database.kind, new Date(Date.now() - days * DAY)));
    rmSync(dir, { recursive: true, force: true });
    await import("node:fs/promises").then((fs) => fs.mkdir(dir, { recursive: true }));
    for (const name of older) writeFileSync(path.join(dir, name), "old");
    writeFileSync(path.join(dir, "README.txt"), "mine");

    const logger = pino({ level: "silent" });
    const leader = new BackupLeader(source.database);
    const worker = startJob("backup", { orders: {} as never, otpMail: {} as never, suspicion: source.config.licences.suspicious, backups: { database: source.database, dir, everyMs: 60_000, keep: 2, logger, leader } }, logger, 20);
    try {
      await expect.poll(async () => (await readBackupStatus(dir)).last?.ok, { timeout: 15_000, interval: 100 }).toBe(true);
    } finally {
      await worker.stop();
      await leader.stop();
    }
    const status = await readBackupStatus(dir);
    expect(status.last).toMatchObject({ ok: true, trigger: "scheduled", kind: source.database.kind });
    expect(status.last!.bytes).toBeGreaterThan(1000);
    expect(status.lastOk).toEqual(status.last);
    const kept = await listBackups(dir);
    // Two kept: the newest of the older ones and the new one (written while the timer ran: at most a pass or two).
    expect(kept).toHaveLength(2);
    expect(kept).toContain(status.last!.file);
    expect(kept).not.toContain(older[0]);
    expect(kept).not.toContain(older[1]);
    expect(readdirSync(dir)).toContain("README.txt");
  }, 30_000);
});

describe("a scheduled backup that fails", () => {
  it("is logged at error level and recorded as failed, keeping the last good one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "keyshop-backup-fail-"));
    try {
      const lines: Array<{ level: number; msg: string }> = [];
      const logger = pino({ level: "info" }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
      const good = { at: "2026-11-26T00:00:00.000Z", ok: true, trigger: "scheduled" as const, kind: "postgres" as const, file: "keyshop-x.dump", bytes: 10, seconds: 1 };
      writeFileSync(path.join(dir, "keyshop-backups.json"), JSON.stringify({ last: good, lastOk: good }));
      // PostgreSQL that does not answer: nobody can lead, nothing can be dumped.
      const database = { kind: "postgres", databaseUrl: "postgres://postgres@127.0.0.1:1/keyshop" } as Database;
      const leader = new BackupLeader(database);
      await expect(runScheduledBackup({ database, dir, everyMs: 3_600_000, keep: 3, logger, leader }, new Date("2026-11-27T00:00:00Z"))).rejects.toThrow();
      const status = await readBackupStatus(dir);
      expect(status.last).toMatchObject({ ok: false, trigger: "scheduled", at: "2026-11-27T00:00:00.000Z" });
      expect(status.last!.error).toMatch(/ECONNREFUSED/);
      expect(status.lastOk).toEqual(good);
      expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([expect.stringMatching(/^scheduled backup failed: .*ECONNREFUSED/)]);
      expect(await listBackups(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("BACKUP_EVERY and BACKUP_KEEP", () => {
  it("take periods in minutes, hours or days, 15m to 30d; off when unset", () => {
    expect(loadConfig({ NODE_ENV: "test" }).backups).toEqual({ dir: "./backups", everyMs: undefined, keep: 14 });
    expect(loadConfig({ NODE_ENV: "test", BACKUP_EVERY: "6h", BACKUP_KEEP: "7", BACKUP_DIR: "/srv/backups" }).backups).toEqual({ dir: "/srv/backups", everyMs: 6 * 3_600_000, keep: 7 });
    expect(loadConfig({ NODE_ENV: "test", BACKUP_EVERY: "1d" }).backups.everyMs).toBe(DAY);
    for (const [name, value, problem] of [
      ["BACKUP_EVERY", "6 hours", /BACKUP_EVERY: a period like 6h or 1d/],
      ["BACKUP_EVERY", "5m", /BACKUP_EVERY: between 15m and 30d/],
      ["BACKUP_EVERY", "31d", /BACKUP_EVERY: between 15m and 30d/],
      ["BACKUP_KEEP", "0", /BACKUP_KEEP/],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: "test", [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: "test", [name]: value })).toThrow(problem);
    }
  });
});
