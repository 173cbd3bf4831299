// The deliveries worker against real HTTP: a failing endpoint retried on its schedule until it
// answers, given up after the last attempt, replayed; every delivery signed so that the verification
// code published in docs/webhooks.md accepts it (and refuses another secret, a changed body, an old
// timestamp); Telegram's sendMessage with its 429 retry_after, a permanent refusal, the event filter.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encryptSecret } from "../../lib/crypto";
import { TELEGRAM_SIMULATOR_TOKEN, type TelegramConfig } from "../../config";
import type { Database } from "../../db/client";
import { deliveries, deliveryAttempts, shopEvents, webhookEndpoints } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { createDevTelegramRoutes } from "../dev-telegram/routes";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS, replayDelivery } from "./deliveries";
import { createWebhook, rotateWebhookSecret } from "./endpoints";
import { recordShopEvent } from "./events";
import { syncNotificationSettings } from "./settings";
import { startReceiver, type Receiver } from "./test-receiver";
import { startDeliveryWorker } from "./worker";
import type { QueueWorker } from "../../lib/durable-queue";
import type { ShopEventType } from "../../../contracts/notifications";

const SECRET = "delivery-test-auth-secret-0123456789";
const DEV = { publicOnly: false };
const silent = pino({ level: "silent" });

type Verify = (rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>, secret: string, nowMs?: number) => { id: string; type: string; data: Record<string, unknown> };

/** The verification example of docs/webhooks.md, exactly as published, loaded as a module. */
async function loadDocumentedVerifier(): Promise<Verify> {
  const doc = readFileSync(new URL("../../../docs/webhooks.md", import.meta.url), "utf8");
  const code = /<!-- verification-example -->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/webhooks.md has no verification example");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "keyshop-verify-")), "verify-keyshop-webhook.mjs");
  writeFileSync(file, code);
  return ((await import(file)) as { verifyKeyshopWebhook: Verify }).verifyKeyshopWebhook;
}

let database: Database;
let receiver: Receiver;
let telegramServer: ServerType;
let telegramUrl: string;
let stub: Receiver;
let verify: Verify;
const workers: QueueWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
  stub = await startReceiver();
  verify = await loadDocumentedVerifier();
  // The Telegram simulator on a port of its own: the worker speaks the Bot API to it over HTTP.
  telegramServer = await new Promise((resolve) => {
    const s = serve({ fetch: createDevTelegramRoutes({ db: database.db }).fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const address = telegramServer.address();
  telegramUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await receiver?.close();
  await stub?.close();
  await new Promise((r) => telegramServer?.close(r));
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(shopEvents);
  await database.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answer(() => ({ status: 204 }));
});

function telegramConfig(over: Partial<TelegramConfig> = {}): TelegramConfig {
  return { mode: "simulator", apiBase: telegramUrl, token: TELEGRAM_SIMULATOR_TOKEN, chatIds: ["424242"], events: ["order.paid"], ...over };
}

function worker(telegram: TelegramConfig = telegramConfig(), clock?: () => number) {
  // An hour between polls: these tests drive the worker with drainOnce.
  const w = startDeliveryWorker({ db: database.db, logger: silent, secret: SECRET, telegram, baseUrl: "https://shop.test", policy: DEV, pollMs: 3_600_000, clock });
  workers.push(w);
  return w;
}

async function endpoint(events: ShopEventType[] = ["order.paid"], url = `${receiver.url}/hook`) {
  return createWebhook({ db: database.db, secret: SECRET, policy: DEV, resolver: async () => [], telegram: telegramConfig() }, { url, description: "test", events: events as never, active: true }, "admin");
}

async function record(type: ShopEventType = "order.paid", data: Record<string, unknown> = { orderId: "o1", tranId: "KS1", kind: "plan", planTitle: "3 Months", amountMills: 29_990, email: "buyer@example.com" }) {
  return database.db.transaction((tx) => recordShopEvent(tx, { type, subject: "o1", data }));
}

const rows = () => database.db.select().from(deliveries);
/** The next attempt is due now: what the clock would do after the wait. */
const fastForward = () => database.db.update(deliveries).set({ nextAttemptAt: sql`now()` });
const secondsUntilNext = async (id: string) => {
  const [row] = await database.db.select({ s: sql<number>`extract(epoch from ${deliveries.nextAttemptAt} - now())::float8` }).from(deliveries).where(eq(deliveries.id, id));
  return Number(row!.s);
};

describe("webhook deliveries", () => {
  it("a failing endpoint (500, then 200) is retried after 1 minute, then 5, and the third attempt delivers", async () => {
    await syncNotificationSettings(database.db, { telegram: telegramConfig({ mode: "off" }), balanceLowMills: 1000 });
    await endpoint();
    const event = await record();
    expect(event).toMatchObject({ webhooks: 1, telegram: 0 });
    receiver.answer((n) => (n <= 2 ? { status: 500, body: '{"error":"database down"}' } : { status: 200, body: "ok" }));
    const w = worker();

    expect(await w.drainOnce()).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, attemptCount: 1, lastStatus: 500, lastError: "HTTP 500", lastResponse: '{"error":"database down"}', lockedUntil: null });
    expect(await secondsUntilNext(row!.id)).toBeGreaterThan(WEBHOOK_RETRY_SECONDS[0] - 5);
    expect(await secondsUntilNext(row!.id)).toBeLessThanOrEqual(WEBHOOK_RETRY_SECONDS[0]);
    // Not due yet: nothing is sent.
    expect(await w.drainOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    await fastForward();
    expect(await w.drainOnce()).toBe(0);
    [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(await secondsUntilNext(row!.id)).toBeGreaterThan(WEBHOOK_RETRY_SECONDS[1] - 5);

    await fastForward();
    expect(await w.drainOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: "delivered", attemptCount: 3, lastStatus: 200, lastResponse: "ok", lastError: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    // The same delivery id every time: receivers de-duplicate on it.
    expect(new Set(receiver.received.map((r) => r.headers["keyshop-webhook-id"]))).toEqual(new Set([row!.id]));
    expect(receiver.received.map((r) => JSON.parse(r.body).id)).toEqual([row!.id, row!.id, row!.id]);
    const attempts = await database.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 500, 500]);
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts (about a day), and a replay makes a new attempt`, async () => {
    await endpoint();
    await record();
    receiver.answer(() => ({ status: 503 }));
    const w = worker();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await w.drainOnce();
      const [row] = await rows();
      if (attempt < WEBHOOK_MAX_ATTEMPTS) delays.push(Math.round((await secondsUntilNext(row!.id)) / 60) * 60);
      await fastForward();
    }
    expect(delays).toEqual([...WEBHOOK_RETRY_SECONDS]);
    const totalHours = WEBHOOK_RETRY_SECONDS.reduce((a, b) => a + b, 0) / 3600;
    expect(totalHours).toBeGreaterThan(20);
    expect(totalHours).toBeLessThan(24);
    let [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, attemptCount: WEBHOOK_MAX_ATTEMPTS, lastStatus: 503 });
    expect(await w.drainOnce()).toBe(0); // failed: never claimed again
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    // Replay: queued at once with a fresh schedule, the same id; the endpoint is fixed meanwhile.
    receiver.answer(() => ({ status: 202 }));
    const replayed = await replayDelivery(database.db, row!.id);
    expect(replayed).toMatchObject({ id: row!.id, status: "pending", attempts: WEBHOOK_MAX_ATTEMPTS });
    expect(await w.drainOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: "delivered", attemptCount: WEBHOOK_MAX_ATTEMPTS + 1, lastStatus: 202 });
    const attempts = await database.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
    expect(attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1);
    expect(receiver.received.at(-1)!.headers["keyshop-webhook-id"]).toBe(row!.id);
  });

  it("a connection that is refused is a failure like any other, retried", async () => {
    await endpoint(["order.paid"], "http://127.0.0.1:9/unreachable");
    await record();
    const w = worker();
    await w.drainOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatus: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
  });

  it("a paused endpoint's queued deliveries are not sent (failed, replayable)", async () => {
    const { endpoint: e } = await endpoint();
    await record();
    await database.db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, e.id));
    await worker().drainOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", lastError: "the endpoint is paused" });
    expect(receiver.received).toHaveLength(0);
  });

  it("only subscribed, active endpoints get a delivery", async () => {
    await endpoint(["order.paid"]);
    await endpoint(["balance.low"]);
    const paused = await endpoint(["order.paid"]);
    await database.db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, paused.endpoint.id));
    expect(await record()).toMatchObject({ webhooks: 1 });
    expect(await record("balance.low", { apiKeyId: "k" })).toMatchObject({ webhooks: 1 });
    expect(await record("otp.code_received", { orderId: "x" })).toMatchObject({ webhooks: 0 });
  });
});

describe("signatures: the code in docs/webhooks.md verifies real deliveries", () => {
  it("accepts a delivery as received, and refuses another secret, a changed body, an old timestamp, a missing header", async () => {
    const { secret } = await endpoint();
    await record();
    await worker().drainOnce();
    const [got] = receiver.received;
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["keyshop-webhook-signature"]).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(got!.headers["keyshop-event-type"]).toBe("order.paid");

    const event = verify(got!.body, got!.headers, secret);
    expect(event).toMatchObject({ type: "order.paid", data: { orderId: "o1", amountMills: 29_990 } });
    expect(verify(Buffer.from(got!.body), got!.headers, secret).id).toBe(event.id);

    expect(() => verify(got!.body, got!.headers, `whsec_${"A".repeat(43)}`)).toThrow(/bad signature/);
    expect(() => verify(got!.body.replace("29990", "1"), got!.headers, secret)).toThrow(/bad signature/);
    const sentAt = Number(got!.headers["keyshop-webhook-timestamp"]) * 1000;
    expect(() => verify(got!.body, got!.headers, secret, sentAt + 6 * 60_000)).toThrow(/timestamp/);
    expect(() => verify(got!.body, { ...got!.headers, "keyshop-webhook-timestamp": String(Math.floor(sentAt / 1000) - 600) }, secret, sentAt)).toThrow(/timestamp|signature/);
    expect(() => verify(got!.body, { ...got!.headers, "keyshop-webhook-signature": undefined }, secret)).toThrow(/headers missing/);
    // A signature replayed onto another delivery's id is refused too.
    expect(() => verify(got!.body.replace(event.id, "00000000-0000-0000-0000-000000000000"), got!.headers, secret)).toThrow(/bad signature/);
  });

  it("an old timestamp signed correctly is still refused (replays of captured requests)", async () => {
    const { secret } = await endpoint();
    await record();
    const oneHourAgo = Math.floor(Date.now() / 1000) - 3600;
    await worker(telegramConfig(), () => oneHourAgo).drainOnce();
    const [got] = receiver.received;
    expect(got!.headers["keyshop-webhook-timestamp"]).toBe(String(oneHourAgo));
    expect(() => verify(got!.body, got!.headers, secret)).toThrow(/timestamp/);
    expect(verify(got!.body, got!.headers, secret, oneHourAgo * 1000).type).toBe("order.paid");
  });

  it("after a rotation both secrets verify for a while; the new secret is not the old", async () => {
    const { endpoint: e, secret: old } = await endpoint();
    const rotated = await rotateWebhookSecret({ db: database.db, secret: SECRET, policy: DEV, resolver: async () => [], telegram: telegramConfig() }, e.id);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.secretHint).toBe(rotated.secret.slice(-4));
    expect(rotated.endpoint.previousSecretExpiresAt).not.toBeNull();
    await record();
    await worker().drainOnce();
    const [got] = receiver.received;
    expect(got!.headers["keyshop-webhook-signature"]).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
    expect(verify(got!.body, got!.headers, rotated.secret).type).toBe("order.paid");
    expect(verify(got!.body, got!.headers, old).type).toBe("order.paid");
  });
});

describe("Standard Webhooks: the official library verifies every delivery (decision 050)", () => {
  it("verifies a delivery with the endpoint's secret, and refuses another secret, a changed body, a replay onto another id", async () => {
    const { secret } = await endpoint();
    await record();
    await worker().drainOnce();
    const [got] = receiver.received;
    expect(got!.headers["webhook-id"]).toBe(got!.headers["keyshop-webhook-id"]);
    expect(got!.headers["webhook-timestamp"]).toBe(got!.headers["keyshop-webhook-timestamp"]);
    expect(got!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    const event = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; id: string };
    expect(event).toMatchObject({ type: "order.paid", id: got!.headers["webhook-id"] });
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(got!.body.replace("29990", "1"), got!.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(got!.body, { ...(got!.headers as Record<string, string>), "webhook-id": "another-delivery" })).toThrow(WebhookVerificationError);
  });

  it("the same delivery, retried, verifies again under its same id", async () => {
    const { secret } = await endpoint();
    receiver.answer(() => ({ status: 503 }));
    await record();
    await worker().drainOnce();
    await database.db.execute(sql`update deliveries set next_attempt_at = now() - interval '1 second'`);
    receiver.answer(() => ({ status: 204 }));
    await worker().drainOnce();
    const [first, second] = receiver.received;
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    for (const got of [first!, second!]) expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ type: "order.paid" });
  });

  it("after a rotation the old and the new secret both verify", async () => {
    const { endpoint: e, secret: old } = await endpoint();
    const rotated = await rotateWebhookSecret({ db: database.db, secret: SECRET, policy: DEV, resolver: async () => [], telegram: telegramConfig() }, e.id);
    await record();
    await worker().drainOnce();
    const [got] = receiver.received;
    expect(got!.headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(rotated.secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({ type: "order.paid" });
    expect(new Webhook(old).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({ type: "order.paid" });
  });

  it("a secret made before decision 050 (base64url) still verifies with the shop's own header", async () => {
    const { endpoint: e } = await endpoint();
    const legacy = `whsec_${Buffer.alloc(32, 250).toString("base64url")}`;
    await database.db.update(webhookEndpoints).set({ secretEncrypted: encryptSecret(SECRET, "webhook-secret", legacy) }).where(eq(webhookEndpoints.id, e.id));
    await record();
    await worker().drainOnce();
    const [got] = receiver.received;
    expect(verify(got!.body, got!.headers, legacy).type).toBe("order.paid");
  });
});

describe("Telegram", () => {
  const simulatorMessages = async () => ((await (await fetch(`${telegramUrl}/messages.json`)).json()) as { messages: Array<{ chatId: string; text: string; plain: string }> }).messages;

  it("sends the seller's 'new sale' to every chat through the Bot API (the simulator), and only the enabled events", async () => {
    await syncNotificationSettings(database.db, { telegram: telegramConfig({ chatIds: ["424242", "-1001234567890"], events: ["order.paid", "licence.suspicious"] }), balanceLowMills: 1000 });
    const before = (await simulatorMessages()).length;
    expect(await record()).toMatchObject({ telegram: 2, webhooks: 0 });
    expect(await record("licence.suspicious", { email: "x@example.com", addresses: 7, refusedKeys: 3 })).toMatchObject({ telegram: 2 });
    // TELEGRAM_EVENTS leaves these out: no delivery at all.
    expect(await record("balance.low", { balanceMills: 10, thresholdMills: 1000 })).toMatchObject({ telegram: 0 });
    expect(await record("otp.stock_low", {})).toMatchObject({ telegram: 0 });
    expect(await worker().drainOnce()).toBe(4);
    const messages = (await simulatorMessages()).slice(0, (await simulatorMessages()).length - before);
    expect(messages).toHaveLength(4);
    expect(messages.map((m) => m.chatId).sort()).toEqual(["-1001234567890", "-1001234567890", "424242", "424242"]);
    const sale = messages.find((m) => m.plain.startsWith("💰 New sale"))!;
    expect(sale.plain).toContain("3 Months licence, $29.99");
    expect(sale.text).toContain("<b>New sale</b>");
    expect(sale.plain).toContain("buyer@example.com");
    expect(messages.some((m) => m.plain.includes("Suspicious licence: x@example.com"))).toBe(true);
    const sent = await rows();
    expect(sent.every((d) => d.status === "delivered" && d.lastStatus === 200)).toBe(true);
    expect(JSON.parse(sent[0]!.lastResponse!)).toMatchObject({ ok: true, result: { message_id: expect.any(Number) } });
  });

  it("a 429 waits Telegram's retry_after (without using up the schedule), then sends", async () => {
    await syncNotificationSettings(database.db, { telegram: telegramConfig(), balanceLowMills: 1000 });
    stub.received.length = 0;
    stub.answer((n) =>
      n === 1
        ? { status: 429, body: JSON.stringify({ ok: false, error_code: 429, description: "Too Many Requests: retry after 7", parameters: { retry_after: 7 } }) }
        : { status: 200, body: JSON.stringify({ ok: true, result: { message_id: 1 } }) },
    );
    await record();
    const w = worker(telegramConfig({ apiBase: stub.url, token: "123456:secret-token-value-abcdefghij" }));
    await w.drainOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 0, attemptCount: 1, lastStatus: 429, lastError: "Too Many Requests: retry after 7" });
    const wait = await secondsUntilNext(row!.id);
    expect(wait).toBeGreaterThan(5);
    expect(wait).toBeLessThanOrEqual(7);
    expect(await w.drainOnce()).toBe(0); // not before retry_after
    await fastForward();
    expect(await w.drainOnce()).toBe(1);
    expect(stub.received).toHaveLength(2);
    expect(stub.received[0]!.path).toBe("/bot123456:secret-token-value-abcdefghij/sendMessage");
    expect(JSON.parse(stub.received[0]!.body)).toEqual({ chat_id: 424242, text: expect.stringContaining("New sale"), parse_mode: "HTML", disable_web_page_preview: true });
  });

  it("a permanent refusal (chat not found) is given up at once; the token never reaches the log", async () => {
    await syncNotificationSettings(database.db, { telegram: telegramConfig(), balanceLowMills: 1000 });
    const token = "123456:secret-token-value-abcdefghij";
    stub.answer(() => ({ status: 400, body: JSON.stringify({ ok: false, error_code: 400, description: `Bad Request: chat not found (${token})` }) }));
    await record();
    await worker(telegramConfig({ apiBase: stub.url, token })).drainOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatus: 400, lastError: "Bad Request: chat not found ([token])" });
    expect(row!.lastResponse).not.toContain(token);
  });

  it("the simulator refuses what Telegram refuses: a wrong token, empty text, HTML it cannot parse", async () => {
    const post = (bot: string, body: unknown) => fetch(`${telegramUrl}/${bot}/sendMessage`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const wrong = await post("bot1:wrong", { chat_id: 1, text: "x" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    const bot = `bot${TELEGRAM_SIMULATOR_TOKEN}`;
    expect(await (await post(bot, { chat_id: 1, text: "" })).json()).toMatchObject({ ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    expect(await (await post(bot, { text: "x" })).json()).toMatchObject({ error_code: 400, description: "Bad Request: chat_id is empty" });
    expect(await (await post(bot, { chat_id: 1, text: "<b>open", parse_mode: "HTML" })).json()).toMatchObject({ error_code: 400, description: expect.stringContaining("can't find end tag") });
    expect(await (await post(bot, { chat_id: 1, text: "a < b", parse_mode: "HTML" })).json()).toMatchObject({ error_code: 400, description: expect.stringContaining("Can't parse entities") });
    expect(await (await post(bot, { chat_id: 1, text: "<script>x</script>", parse_mode: "HTML" })).json()).toMatchObject({ error_code: 400, description: expect.stringContaining("unsupported start tag \"script\"") });
    expect(await (await post(bot, { chat_id: 1, text: "x".repeat(4097) })).json()).toMatchObject({ error_code: 400, description: "Bad Request: message is too long" });
    const ok = await post(bot, { chat_id: "@keyshop_sellers", text: "<b>Hi</b> &amp; <a href=\"https://shop.test/x\">link</a>", parse_mode: "HTML" });
    expect(await ok.json()).toMatchObject({ ok: true, result: { chat: { id: "@keyshop_sellers" }, text: "Hi & link" } });
  });
});
