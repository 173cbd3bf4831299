// Deliveries are durable across a restart: a real server (embedded mode, its Telegram simulator,
// its workers) is stopped with webhook deliveries still failing and more queued while nothing runs;
// a new server over the same database sends every one of them, and a delivery a dead instance
// still held a claim on is sent once the claim lapses (never twice at once). The waits the product
// measures in minutes (the retry delay, the claim) are fast-forwarded in the database while no
// instance holds them, as the crash test does.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../config";
import type { Database } from "../../db/client";
import { deliveries, shopEvents } from "../../db/schema";
import { startServer, type RunningServer } from "../../server";
import { createTestDatabase } from "../../test/db";
import { createWebhook } from "./endpoints";
import { recordShopEvent } from "./events";
import { startReceiver, type Receiver } from "./test-receiver";
import { restartablePort } from "../../test/ports";

async function waitFor(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("deliveries across a restart", () => {
  let database: Database;
  let receiver: Receiver;
  let config: Config;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver(() => ({ status: 500, body: "not today" }));
    const port = await restartablePort();
    config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: String(port), HOST: "127.0.0.1", BASE_URL: `http://127.0.0.1:${port}`, DEV_SMTP_PORT: "0" });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await database?.close();
  });

  const db = () => database.db;
  const record = (n: number) =>
    db().transaction((tx) => recordShopEvent(tx, { type: "order.paid", subject: `order-${n}`, data: { kind: "plan", planTitle: "1 Month", amountMills: 9_990, email: `buyer${n}@example.com`, tranId: `KSRESTART${n}` } }));
  const byEvent = async (eventId: string) => db().select().from(deliveries).where(eq(deliveries.eventId, eventId));
  const telegramMessages = async () => ((await (await fetch(`${config.baseUrl}/dev/telegram/messages.json`)).json()) as { messages: Array<{ plain: string }> }).messages;

  it("failing and queued deliveries are sent by the next server; the simulator's chat keeps what it received", async () => {
    server = await startServer(config, { database });
    await createWebhook(
      { db: db(), secret: config.authSecret, policy: config.notifications.webhooks, resolver: async () => [], telegram: config.notifications.telegram },
      { url: `${receiver.url}/hook`, description: "", events: ["order.paid"], active: true },
      "admin",
    );
    const first = (await record(1))!;
    expect(first).toMatchObject({ webhooks: 1, telegram: 1 });
    // The first server's worker: Telegram is delivered, the webhook fails (500) and waits a minute.
    await waitFor("the first attempts", async () => {
      const rows = await byEvent(first.id);
      return rows.some((r) => r.channel === "telegram" && r.status === "delivered") && rows.some((r) => r.channel === "webhook" && r.attemptCount === 1);
    });
    expect((await telegramMessages()).map((m) => m.plain)).toEqual([expect.stringContaining("KSRESTART1")]);
    await server.close();
    server = undefined;

    // While nothing runs: another sale, and a delivery a dead instance was holding.
    const second = (await record(2))!;
    const third = (await record(3))!;
    await db().update(deliveries).set({ lockedUntil: sql`now() + interval '1 hour'` }).where(eq(deliveries.eventId, third.id));
    receiver.answer(() => ({ status: 200, body: "ok" }));
    await db().update(deliveries).set({ nextAttemptAt: sql`now()` }).where(eq(deliveries.status, "pending"));

    server = await startServer(config, { database });
    await waitFor("the queued deliveries", async () => {
      const rows = [...(await byEvent(first.id)), ...(await byEvent(second.id))];
      return rows.length === 4 && rows.every((r) => r.status === "delivered");
    });
    const [webhook] = (await byEvent(first.id)).filter((r) => r.channel === "webhook");
    expect(webhook).toMatchObject({ status: "delivered", attemptCount: 2, lastStatus: 200 });
    // The claimed ones wait for their claim; once it lapses they go too.
    expect((await byEvent(third.id)).every((r) => r.status === "pending")).toBe(true);
    await db().update(deliveries).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(deliveries.eventId, third.id));
    await waitFor("the lapsed claims", async () => (await byEvent(third.id)).every((r) => r.status === "delivered"));

    // Each sale reached the receiver (the first one twice: 500, then 200) and the chat once.
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { eventId: string });
    expect(bodies.filter((b) => b.eventId === first.id)).toHaveLength(2);
    expect(bodies.filter((b) => b.eventId === second.id)).toHaveLength(1);
    expect(bodies.filter((b) => b.eventId === third.id)).toHaveLength(1);
    const chat = (await telegramMessages()).map((m) => m.plain);
    expect(chat).toHaveLength(3);
    for (const n of [1, 2, 3]) expect(chat.filter((m) => m.includes(`KSRESTART${n}`))).toHaveLength(1);
    expect(await db().select().from(shopEvents)).toHaveLength(3);
  });
});
