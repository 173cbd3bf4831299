// The shop tells its owner (issue #32 item 5, decision 064): the health figures the Overview shows
// (a stalled job, the backlogs' ages, the backup) and who may read them; the owner's alerts, told
// once per incident by Telegram and e-mail, resolved once, not re-told after a restart or by a
// second instance; the thresholds from the configuration.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShopHealth } from "../../../contracts/admin";
import { loadConfig } from "../../config";
import { deliveries, emailOutbox, ownerIncidents, shopEvents, user } from "../../db/schema";
import { startIntervalWorker } from "../../lib/interval-worker";
import { createTestContext, type SignedInUser, type TestContext } from "../../test/harness";
import { writeBackupStatus } from "../backups/backup";
import { recordShopEvent } from "../notifications/events";
import { renderTelegramMessage } from "../notifications/telegram-messages";
import { syncNotificationSettings } from "../notifications/settings";
import { createOwnerAlerts, type OwnerAlertDeps } from "./alerts";
import { readShopHealth } from "./read-model";

let t: TestContext;
let dir: string;
let admin: SignedInUser;
let superAdmin: SignedInUser;
const logger = pino({ level: "silent" });
const MINUTE = 60_000;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "keyshop-health-"));
  t = await createTestContext({ BACKUP_DIR: dir });
  await syncNotificationSettings(t.database.db, t.config.notifications);
  admin = await t.signedInUser({ role: "admin" });
  superAdmin = await t.signedInUser({ role: "admin", superAdmin: true });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db().delete(ownerIncidents);
  await db().delete(shopEvents);
  await db().delete(emailOutbox);
});

const db = () => t.database.db;
const alertDeps = (over: Partial<OwnerAlertDeps> = {}): OwnerAlertDeps => ({
  db: db(),
  alerts: t.config.alerts,
  backups: { dir, everyMs: undefined },
  baseUrl: t.config.baseUrl,
  shopTimeZone: t.config.shopTimeZone,
  logger,
  ...over,
});
const lateEmail = (minutes: number, to = "late@example.com") =>
  db().insert(emailOutbox).values({ toAddress: to, subject: "s", html: "h", text: "t", template: "verify-email", nextAttemptAt: new Date(Date.now() - minutes * MINUTE) });
const incidentEvents = () => db().select().from(shopEvents).where(inArray(shopEvents.type, ["ops.incident", "ops.incident_resolved"])).orderBy(shopEvents.createdAt);
const ownerMails = () => db().select().from(emailOutbox).where(eq(emailOutbox.template, "owner-alert"));

describe("GET /api/admin/health", () => {
  it("answers admins and super-admins; refuses the anonymous (401) and users (403)", async () => {
    expect((await t.client().json("/api/admin/health")).status).toBe(401);
    const customer = await t.signedInUser();
    expect((await customer.client.json("/api/admin/health")).status).toBe(403);
    for (const who of [admin, superAdmin]) {
      const res = await who.client.json<ShopHealth>("/api/admin/health");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ backup: { configured: false, lastAt: null }, openIncidents: [] });
    }
  });
});

describe("the health read model", () => {
  it("a job whose last good pass is three of its periods ago is stalled; its lag is counted from its start before the first", async () => {
    const worker = startIntervalWorker({ name: "health-test-job", everyMs: MINUTE, firstAfterMs: 3_600_000, logger, pass: async () => ({}) });
    try {
      const soon = await readShopHealth({ db: db(), backups: { dir } }, new Date(Date.now() + 2 * MINUTE));
      expect(soon.workers.find((w) => w.name === "health-test-job")).toMatchObject({ everySeconds: 60, lastSuccessAt: null, stalled: false });
      const late = await readShopHealth({ db: db(), backups: { dir } }, new Date(Date.now() + 3 * MINUTE + 1000));
      const job = late.workers.find((w) => w.name === "health-test-job")!;
      expect(job.stalled).toBe(true);
      expect(job.lagSeconds).toBeGreaterThanOrEqual(180);
      expect(late.attention).toBe(true);
    } finally {
      await worker.stop();
    }
    // A stopped job is not late.
    const after = await readShopHealth({ db: db(), backups: { dir } }, new Date(Date.now() + 10 * MINUTE));
    expect(after.workers.find((w) => w.name === "health-test-job")).toBeUndefined();
  });

  it("the outbox's and the deliveries' backlogs: counts, the oldest due one's age, backed up past the minutes", async () => {
    const quiet = await readShopHealth({ db: db(), backups: { dir } });
    expect(quiet.emailOutbox).toEqual({ pending: 0, retrying: 0, due: 0, failed: 0, oldestDueSeconds: null, backedUp: false });
    await lateEmail(20);
    await db().insert(emailOutbox).values({ toAddress: "later@example.com", subject: "s", html: "h", text: "t", template: "verify-email", attempts: 2, nextAttemptAt: new Date(Date.now() + MINUTE) });
    const event = await recordShopEvent(db(), { type: "ops.outbox_stuck", subject: "test", data: {} });
    await db().update(deliveries).set({ attempts: 1, nextAttemptAt: sql`now() - interval '5 minutes'` }).where(eq(deliveries.eventId, event!.id));
    const health = await readShopHealth({ db: db(), backups: { dir } });
    expect(health.emailOutbox).toMatchObject({ pending: 2, retrying: 1, due: 1, backedUp: true });
    expect(health.emailOutbox.oldestDueSeconds).toBeGreaterThanOrEqual(20 * 60 - 5);
    expect(health.emailOutbox.oldestDueSeconds).toBeLessThan(21 * 60);
    expect(health.deliveries).toMatchObject({ pending: 1, retrying: 1, due: 1, backedUp: false });
    expect(health.deliveries.oldestDueSeconds).toBeGreaterThanOrEqual(5 * 60 - 5);
  });

  it("the last backup: not configured without BACKUP_EVERY; a failed scheduled one needs attention", async () => {
    await writeBackupStatus(dir, { at: "2026-11-27T01:00:00.000Z", ok: true, trigger: "scheduled", kind: "pglite", file: "a.tar.gz", bytes: 10, seconds: 1 });
    await writeBackupStatus(dir, { at: "2026-11-27T07:00:00.000Z", ok: false, trigger: "scheduled", kind: "pglite", seconds: 1, error: "disk full" });
    expect((await readShopHealth({ db: db(), backups: { dir } })).backup).toEqual({
      configured: false,
      lastAt: "2026-11-27T07:00:00.000Z",
      lastOk: false,
      lastError: "disk full",
      lastGoodAt: "2026-11-27T01:00:00.000Z",
      failed: false,
    });
    const scheduled = await readShopHealth({ db: db(), backups: { dir, everyMs: 6 * 3_600_000 } });
    expect(scheduled.backup).toMatchObject({ configured: true, failed: true });
    expect(scheduled.attention).toBe(true);
    await rm(path.join(dir, "keyshop-backups.json"));
  });
});

describe("the owner's alerts", () => {
  it("one message per incident: raised twice, told once; cleared, told once; raised again later, a new incident", async () => {
    const alerts = createOwnerAlerts(alertDeps());
    const start = Date.now();
    await lateEmail(20);
    expect((await alerts.check(new Date(start))).opened).toEqual(["outbox_backlog"]);
    expect((await alerts.check(new Date(start + MINUTE))).opened).toEqual([]);
    // A restart (a new checker) does not tell the owner again.
    expect((await createOwnerAlerts(alertDeps()).check(new Date(start + 2 * MINUTE))).opened).toEqual([]);
    expect((await incidentEvents()).map((e) => e.type)).toEqual(["ops.incident"]);
    const mails = await ownerMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.email, superAdmin.email].sort());
    expect(mails[0]!.subject).toMatch(/^Shop problem: 1 e-mails and 0 notifications are waiting to be sent, the oldest for 2\d minutes$/);
    // The seller's Telegram hears of it like of a sale (the same deliveries).
    const [opened] = await incidentEvents();
    expect(await db().select({ channel: deliveries.channel }).from(deliveries).where(eq(deliveries.eventId, opened!.id))).toEqual([{ channel: "telegram" }]);
    expect(renderTelegramMessage("ops.incident", opened!.data as Record<string, unknown>, "https://shop.example")).toMatch(
      /^🚨 <b>Shop problem<\/b>: 1 e-mails and 0 notifications are waiting to be sent, the oldest for 2\d minutes\.\n<a href="https:\/\/shop\.example\/overview">Overview<\/a>$/,
    );

    // Cleared: resolved once nobody has seen it for three minutes, and told once.
    await db().delete(emailOutbox).where(eq(emailOutbox.toAddress, "late@example.com"));
    expect((await alerts.check(new Date(start + 3 * MINUTE))).resolved).toEqual([]);
    expect((await alerts.check(new Date(start + 6 * MINUTE))).resolved).toEqual(["outbox_backlog"]);
    expect((await alerts.check(new Date(start + 7 * MINUTE))).resolved).toEqual([]);
    const resolved = (await incidentEvents())[1]!;
    expect(resolved.type).toBe("ops.incident_resolved");
    expect(renderTelegramMessage("ops.incident_resolved", resolved.data as Record<string, unknown>, "https://shop.example")).toBe("✅ <b>Resolved</b>: the outbox is sending again.");
    expect((await ownerMails()).filter((m) => m.subject.startsWith("Resolved: the outbox is sending again"))).toHaveLength(2);

    // Later it backs up again: a new incident, told again.
    await lateEmail(30);
    expect((await alerts.check(new Date(start + 20 * MINUTE))).opened).toEqual(["outbox_backlog"]);
    const rows = await db().select().from(ownerIncidents).orderBy(ownerIncidents.openedAt);
    expect(rows.map((r) => r.resolvedAt === null)).toEqual([false, true]);
    expect((await incidentEvents()).map((e) => e.type)).toEqual(["ops.incident", "ops.incident_resolved", "ops.incident"]);
  });

  it("two instances seeing the same problem at once: one incident, one message", async () => {
    await lateEmail(20);
    const now = new Date();
    const passes = await Promise.all([createOwnerAlerts(alertDeps()).check(now), createOwnerAlerts(alertDeps()).check(now)]);
    expect(passes.flatMap((p) => p.opened)).toEqual(["outbox_backlog"]);
    expect(await incidentEvents()).toHaveLength(1);
    expect(await ownerMails()).toHaveLength(2);
  });

  it("an instance whose own figures look fine does not clear a problem another still sees", async () => {
    const now = Date.now();
    const erring = createOwnerAlerts(alertDeps());
    const idle = createOwnerAlerts(alertDeps());
    const quiet = { requests: 0, serverErrors: 0, paymentVerifyFailures: 0 };
    await erring.check(new Date(now), quiet);
    await idle.check(new Date(now), quiet);
    expect((await erring.check(new Date(now + MINUTE), { requests: 40, serverErrors: 10, paymentVerifyFailures: 0 })).opened).toEqual(["server_errors"]);
    for (let minute = 2; minute <= 5; minute++) {
      // The erring instance keeps seeing it; the idle one sees nothing wrong.
      await erring.check(new Date(now + minute * MINUTE), { requests: 40 * minute, serverErrors: 10 * minute, paymentVerifyFailures: 0 });
      expect((await idle.check(new Date(now + minute * MINUTE), quiet)).resolved).toEqual([]);
    }
    expect((await incidentEvents()).map((e) => e.data)).toEqual([expect.objectContaining({ kind: "server_errors", problem: "server_errors", errors: 10, requests: 40, percent: 25 })]);
  });

  it("payments failing to verify and a failed scheduled backup open their incidents; OWNER_EMAIL takes the e-mails", async () => {
    const now = Date.now();
    const alerts = createOwnerAlerts(alertDeps({ alerts: { ...t.config.alerts, ownerEmails: ["owner@example.com"] }, backups: { dir, everyMs: 3_600_000 } }));
    await writeBackupStatus(dir, { at: new Date(now).toISOString(), ok: false, trigger: "scheduled", kind: "pglite", seconds: 1, error: "disk full" });
    await alerts.check(new Date(now), { requests: 0, serverErrors: 0, paymentVerifyFailures: 0 });
    const pass = await alerts.check(new Date(now + MINUTE), { requests: 5, serverErrors: 0, paymentVerifyFailures: 3 });
    expect(pass.opened).toEqual(["payments_unverified"]);
    const mails = await ownerMails();
    expect(mails.map((m) => m.toAddress)).toEqual(["owner@example.com", "owner@example.com"]);
    expect(mails.map((m) => m.subject).sort()).toEqual(["Shop problem: 3 payment notifications failed their signature check in a minute", "Shop problem: the last scheduled backup failed: disk full"]);
    await rm(path.join(dir, "keyshop-backups.json"));
  });

  it("the e-mail is in the admin's account language", async () => {
    await db().update(user).set({ language: "km" }).where(eq(user.id, admin.id));
    try {
      await lateEmail(20);
      await createOwnerAlerts(alertDeps()).check(new Date());
      const [mail] = (await ownerMails()).filter((m) => m.toAddress === admin.email);
      expect(mail!.subject).toMatch(/^បញ្ហារបស់ហាង៖ អ៊ីមែល 1 និងការជូនដំណឹង 0 កំពុងរង់ចាំផ្ញើ/);
    } finally {
      await db().update(user).set({ language: "en" }).where(eq(user.id, admin.id));
    }
  });

  it("the thresholds come from the configuration, with defaults", async () => {
    expect(t.config.alerts).toEqual({ ownerEmails: [], outboxBacklog: 100, outboxMinutes: 15, workerLatePeriods: 3, serverErrorPercent: 5, serverErrorMinRequests: 20, paymentFailures: 3 });
    const config = loadConfig({ NODE_ENV: "test", OWNER_EMAIL: "Owner@Example.com, ops@example.com", ALERT_OUTBOX_BACKLOG: "2", ALERT_OUTBOX_MINUTES: "60", ALERT_PAYMENT_FAILURES: "1" });
    expect(config.alerts).toMatchObject({ ownerEmails: ["owner@example.com", "ops@example.com"], outboxBacklog: 2, outboxMinutes: 60, paymentFailures: 1 });
    expect(() => loadConfig({ NODE_ENV: "test", OWNER_EMAIL: "not-an-address" })).toThrow(/OWNER_EMAIL/);
    // Two fresh e-mails due: backed up at ALERT_OUTBOX_BACKLOG=2, not at the default 100.
    await lateEmail(1, "a@example.com");
    await lateEmail(1, "b@example.com");
    expect((await readShopHealth({ db: db(), backups: { dir } })).emailOutbox.backedUp).toBe(false);
    expect((await readShopHealth({ db: db(), backups: { dir }, thresholds: config.alerts })).emailOutbox.backedUp).toBe(true);
    expect((await createOwnerAlerts(alertDeps({ alerts: config.alerts })).check(new Date())).opened).toEqual(["outbox_backlog"]);
  });
});
