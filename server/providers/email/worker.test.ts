import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { emailOutbox, inboundMessages } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { startSmtpPeer } from "../../test/smtp-peer";
import { enqueueEmail } from "./outbox";
import { MAX_ATTEMPTS } from "./outbox-store";
import { startSmtpReceiver } from "./smtp-receiver";
import { createTransport } from "./transport";
import { startOutboxWorker, type OutboxWorker } from "./worker";
import { DEFAULT_SHOP_TIME_ZONE } from "../../../contracts/dates";

const mailFrom = "Keyshop <no-reply@keyshop.test>";
const url = "https://keyshop.test/verify?token=t0ken";

/** A real SMTP peer whose answer to each delivery the test decides (accept, or a reply code). */
async function startPeer(answer: (delivery: number) => "accept" | number) {
  const received: string[] = [];
  let deliveries = 0;
  const peer = await startSmtpPeer((raw, reply) => {
    const verdict = answer(++deliveries);
    if (verdict !== "accept") return reply(Object.assign(new Error("Try again later"), { responseCode: verdict }));
    received.push(raw);
    reply();
  });
  return { ...peer, received, deliveries: () => deliveries };
}

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

let database: Database;
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await database?.close();
});

function worker(options: Omit<Parameters<typeof startOutboxWorker>[0], "db" | "logger"> & { logger?: pino.Logger }) {
  // A poll interval of an hour: these tests drive the worker with drainOnce.
  const w = startOutboxWorker({ db: database.db, logger: pino({ level: "silent" }), pollMs: 3_600_000, ...options });
  workers.push(w);
  return w;
}

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

describe("e-mail outbox worker", () => {
  it("retries after an SMTP failure and sends exactly once", async () => {
    const peer = await startPeer((delivery) => (delivery === 1 ? 451 : "accept"));
    const { logger, lines } = capturingLogger();
    const w = worker({ transport: createTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, mailFrom, devSmtpPort: 0 }), logger });
    const id = await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "buyer@example.com", template: "sign-in-code", props: { code: "987654", purpose: "sign-in" } });

    expect(await w.drainOnce()).toBe(0);
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed.lastError).toContain("451");
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is attempted.
    expect(await w.drainOnce()).toBe(0);
    expect(peer.deliveries()).toBe(1);

    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailOutbox.id, id));
    expect(await w.drainOnce()).toBe(1);
    const sent = await outboxRow(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null, lockedUntil: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.messageId).toMatch(/^<.+@keyshop\.test>$/);

    expect(await w.drainOnce()).toBe(0);
    expect(peer.deliveries()).toBe(2);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]).toContain("Subject: Your Keyshop code: 987654");
    expect(peer.received[0]).toContain("From: Keyshop <no-reply@keyshop.test>");
    expect(peer.received[0]).toContain("To: buyer@example.com");

    // The log tells what happened without the code the e-mail carries.
    const log = lines.join("");
    expect(log).toContain("will retry");
    expect(log).toContain("e-mail sent");
    expect(log).not.toContain("987654");
    await peer.close();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and logs an error`, async () => {
    const peer = await startPeer(() => 451);
    const { logger, lines } = capturingLogger();
    const w = worker({ transport: createTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, mailFrom, devSmtpPort: 0 }), logger });
    const id = await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "x@example.com", template: "magic-link", props: { url } });
    await database.db.update(emailOutbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(emailOutbox.id, id));

    expect(await w.drainOnce()).toBe(0);
    expect(await outboxRow(id)).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });
    expect(lines.some((line) => JSON.parse(line).level === 50 && line.includes("marked dead"))).toBe(true);

    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 hour'` }).where(eq(emailOutbox.id, id));
    expect(await w.drainOnce()).toBe(0);
    expect(peer.deliveries()).toBe(1);
    await peer.close();
  });

  it("passes an e-mail's extra headers (List-Unsubscribe on reminders) to the transport", async () => {
    const sent: Array<{ headers?: Record<string, string> }> = [];
    const w = worker({ transport: { sendMail: async (m) => (sent.push(m), { messageId: "<h@keyshop.test>" }) } });
    const headers = { "List-Unsubscribe": "<https://shop.example/api/reminders/unsubscribe/u.x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "owner@example.com", template: "sign-in-code", props: { code: "123456", purpose: "sign-in" }, headers });
    await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "other@example.com", template: "sign-in-code", props: { code: "654321", purpose: "sign-in" } });
    expect(await w.drainOnce()).toBe(2);
    expect(sent.map((m) => m.headers ?? null)).toEqual(expect.arrayContaining([headers, null]));
  });

  it("never puts credentials from the SMTP URL into last_error", async () => {
    // Nothing listens on port 9: the connection is refused.
    const w = worker({ transport: createTransport({ smtpUrl: "smtp://mailer:s3cret-pass@127.0.0.1:9", mailFrom, devSmtpPort: 0 }) });
    const id = await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "x@example.com", template: "magic-link", props: { url } });
    await w.drainOnce();
    const row = await outboxRow(id);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.lastError).not.toContain("s3cret-pass");
  });

  it("two workers draining the same 50 e-mails send each exactly once", async () => {
    await database.db.delete(inboundMessages);
    const receiver = await startSmtpReceiver({ db: database.db, port: 0, logger: pino({ level: "silent" }) });
    const transport = createTransport({ mailFrom, devSmtpPort: receiver.port });
    for (let i = 0; i < 50; i++) {
      await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: `user${i}@example.com`, template: "verify-email", props: { url: `${url}-${i}` } });
    }
    const a = worker({ transport, batchSize: 7 });
    const b = worker({ transport, batchSize: 7 });
    const drain = async (w: OutboxWorker) => {
      let total = 0;
      for (let sent = await w.drainOnce(); sent > 0; sent = await w.drainOnce()) total += sent;
      return total;
    };

    const [sentByA, sentByB] = await Promise.all([drain(a), drain(b)]);
    expect(sentByA + sentByB).toBe(50);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);

    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 0)).toBe(true);
    const inbound = await database.db.select({ to: inboundMessages.toAddress }).from(inboundMessages);
    expect(inbound).toHaveLength(50);
    expect(new Set(inbound.map((m) => m.to)).size).toBe(50);
    await receiver.close();
  });

  it("sends on its own when kicked, and stop() waits for the batch in flight", async () => {
    const peer = await startPeer(() => "accept");
    const w = worker({ transport: createTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, mailFrom, devSmtpPort: 0 }) });
    const id = await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "kick@example.com", template: "reset-password", props: { url } });
    w.kick();
    await expect.poll(async () => (await outboxRow(id)).status, { timeout: 10_000 }).toBe("sent");
    await w.stop();
    await enqueueEmail(database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "after-stop@example.com", template: "reset-password", props: { url } });
    w.kick();
    expect(await w.drainOnce()).toBe(0);
    expect(peer.received).toHaveLength(1);
    await peer.close();
  });
});
