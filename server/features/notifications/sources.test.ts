// Where events come from, each written with its cause: a paid order (order.paid, licence.created,
// Telegram's "new sale") exactly once however often PayWay calls back; a subscription-tool renewal
// (licence.extended); an OTP order's first code; a debit that leaves a balance low (once until it is
// topped up); the supplier out of stock and the watchdog's alerts (at most once an hour); the
// suspicious-licence check; and the functions other features call (refunds, refund requests, expiry
// reminders). A cause that rolls back leaves no event.
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Tx } from "../../db/client";
import { deliveries, emailOutbox, inboundMessages, licenses, orders, refunds, shopEvents, shopEventThrottle, webhookEndpoints } from "../../db/schema";
import type { QueueWorker } from "../../lib/durable-queue";
import { SupplierError } from "../../providers/mail-supplier/types";
import type { TestClient } from "../../test/harness";
import { insertOrders } from "../admin/test-seed";
import { adjustBalance } from "../admin/balances";
import { changeBalance, ensureApiKey } from "../balance/service";
import { createLicense } from "../licenses/service";
import { flagSuspiciousLicenses } from "../licenses/signals";
import { fulfilOrder } from "../orders/fulfil";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { checkOtpMail } from "../otp-mail/service";
import { buyOtpMail } from "../otp-mail/buy";
import { recordLicenseExpiring, recordOrderRefunded, recordRefundRequested, recordShopEvent } from "./events";
import { syncNotificationSettings } from "./settings";
import { startReceiver, type Receiver } from "./test-receiver";
import { runWatchdog } from "./watchdog";
import { startDeliveryWorker } from "./worker";
import type { ShopEventType, WebhookWithSecret } from "../../../contracts/notifications";

let env: PaymentsTestEnv;
let receiver: Receiver;
let superAdmin: TestClient;
let buyer: { client: TestClient; email: string; id: string };
const workers: QueueWorker[] = [];

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  receiver = await startReceiver();
  superAdmin = (await env.t.signedInUser({ role: "admin", superAdmin: true })).client;
  buyer = await env.t.signedInUser();
  // What server.ts does at start: the embedded Telegram simulator (served by this app), default events.
  expect(env.t.config.notifications.telegram).toMatchObject({ mode: "simulator", apiBase: `${env.appUrl}/dev/telegram`, chatIds: ["424242"] });
  await syncNotificationSettings(env.t.database.db, env.t.config.notifications);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await receiver.close();
  await env.close();
});
beforeEach(async () => {
  const db = env.t.database.db;
  await db.delete(shopEvents);
  await db.delete(webhookEndpoints);
  await db.delete(shopEventThrottle);
  receiver.received.length = 0;
});

const db = () => env.t.database.db;
const events = (type?: ShopEventType) => db().select().from(shopEvents).where(type ? eq(shopEvents.type, type) : undefined);
const deliveriesOf = async (type: ShopEventType) =>
  db().select({ channel: deliveries.channel, endpointId: deliveries.endpointId, chatId: deliveries.chatId }).from(deliveries).innerJoin(shopEvents, eq(shopEvents.id, deliveries.eventId)).where(eq(shopEvents.type, type));

/** An endpoint registered by a super-admin through the API (its secret is shown once, here). */
async function register(events: ShopEventType[]): Promise<WebhookWithSecret> {
  const res = await superAdmin.json<WebhookWithSecret>("/api/admin/webhooks", { json: { url: `${receiver.url}/hook`, description: "bookkeeping", events } });
  expect(res.status).toBe(201);
  return res.body;
}

function worker() {
  const { config } = env.t;
  const w = startDeliveryWorker({ db: db(), logger: pino({ level: "silent" }), secret: config.authSecret, telegram: config.notifications.telegram, baseUrl: config.baseUrl, policy: config.notifications.webhooks, pollMs: 3_600_000 });
  workers.push(w);
  return w;
}

describe("a paid order", () => {
  it("makes one order.paid and one licence.created webhook and one Telegram 'new sale', however often PayWay calls back", async () => {
    await register(["order.paid", "licence.created"]);
    const started = await env.checkout(buyer.client, { kind: "plan", planId: "local-3m" });
    expect(started.status).toBe(201);
    await env.openCheckout(started.body.checkout);
    const tranId = started.body.order.tranId;
    await env.control(`/transactions/${tranId}/approve`);
    const sequential = await env.control(`/transactions/${tranId}/callback`, { times: 5 });
    const concurrent = await env.control(`/transactions/${tranId}/callback`, { times: 5, concurrent: true });
    expect([...sequential.body.callbacks!, ...concurrent.body.callbacks!].every((c) => c.status === 200)).toBe(true);

    expect(await events("order.paid")).toHaveLength(1);
    expect(await events("licence.created")).toHaveLength(1);
    expect(await deliveriesOf("order.paid")).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: "webhook" }), expect.objectContaining({ channel: "telegram", chatId: "424242" })]),
    );
    expect(await deliveriesOf("order.paid")).toHaveLength(2);
    expect(await deliveriesOf("licence.created")).toEqual([expect.objectContaining({ channel: "webhook" })]); // not a Telegram event by default

    const order = await env.order(tranId);
    const [license] = await env.licensesOf(order.id);
    const [paid] = await events("order.paid");
    expect(paid!.data).toMatchObject({ orderId: order.id, tranId, kind: "plan", planId: "local-3m", planTitle: "3 Months", amountMills: 29_990, amount: "29.99", email: buyer.email, licenceId: license!.id });
    // No secret in any payload: the buy key stays out.
    for (const e of await events()) expect(JSON.stringify(e.data)).not.toContain(license!.buyKey);

    // Sent: the webhook to the receiver, "new sale" to the simulator this app serves.
    expect(await worker().drainOnce()).toBe(3);
    expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(["licence.created", "order.paid"]);
    const telegram = (await (await fetch(`${env.appUrl}/dev/telegram/messages.json?chat=424242`)).json()) as { messages: Array<{ plain: string }> };
    expect(telegram.messages[0]!.plain).toMatch(/^💰 New sale: 3 Months licence, \$29\.99\n/);
    expect(telegram.messages[0]!.plain).toContain(tranId);
    expect(telegram.messages[0]!.plain).not.toContain(license!.buyKey);
  });

  it("a subscription-tool renewal of a bound licence makes licence.extended; a top-up's order.paid carries no licence", async () => {
    await register(["order.paid", "licence.extended"]);
    const deviceKey = `PC-LDREEL-EVENTS-${Date.now()}`;
    const bound = await createLicense({ db: db(), planId: "local-1m", email: buyer.email, userId: buyer.id, deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 86_400_000) });
    const [tool, topup] = await insertOrders(db(), [
      { kind: "tool", planId: "local-1m", status: "pending", email: buyer.email, userId: buyer.id },
      { kind: "topup", amountMills: 5_000, status: "pending", email: buyer.email, userId: buyer.id },
    ]);
    await db().update(orders).set({ deviceKey }).where(eq(orders.id, tool!.id));
    expect(await fulfilOrder(env.deps, tool!.id, "123456")).not.toBeNull();
    expect(await fulfilOrder(env.deps, tool!.id, "123456")).toBeNull(); // replayed: nothing more
    expect(await fulfilOrder(env.deps, topup!.id, "654321")).not.toBeNull();
    const [extended] = await events("licence.extended");
    expect(extended!.data).toMatchObject({ licenceId: bound.id, addedDays: 30, orderId: tool!.id, gift: false, email: buyer.email });
    const paid = await events("order.paid");
    expect(paid.map((e) => e.data.kind).sort()).toEqual(["tool", "topup"]);
    expect(paid.find((e) => e.data.kind === "topup")!.data).toMatchObject({ amountMills: 5_000, planTitle: "Balance Top Up", balanceAfterMills: expect.any(Number) });
    expect(await events("licence.created")).toHaveLength(0);
  });
});

describe("OTP mail and balances", () => {
  async function fundedKey(mills: number) {
    const user = await env.t.signedInUser();
    const key = await ensureApiKey({ db: db(), secret: env.t.config.authSecret, userId: user.id });
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: mills, reason: "topup", reference: "seed" }));
    return { user, key };
  }

  it("otp.code_received once per order, with the first code, and never the code itself", async () => {
    await register(["otp.code_received"]);
    const { user, key } = await fundedKey(5_000);
    const { order } = await buyOtpMail(env.t.otpMail, { userId: user.id, apiKeyId: key.id });
    await checkOtpMail(env.t.otpMail, { userId: user.id, id: order.id });
    expect(await events("otp.code_received")).toHaveLength(0);
    const mail = (subject: string) => db().insert(inboundMessages).values({ toAddress: order.address!, fromAddress: "security@facebookmail.com", subject, text: "Your Facebook confirmation code is in the subject." });
    await mail("FB-48213 is your Facebook confirmation code");
    await Promise.all([1, 2, 3].map(() => checkOtpMail(env.t.otpMail, { userId: user.id, id: order.id })));
    await mail("FB-55102 is your Facebook confirmation code");
    const checked = await checkOtpMail(env.t.otpMail, { userId: user.id, id: order.id });
    expect(checked.codes).toBe("48213,55102");
    const received = await events("otp.code_received");
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toMatchObject({ orderId: order.id, apiKeyId: key.id, userId: user.id, address: order.address, service: "facebook" });
    expect(JSON.stringify(received[0]!.data)).not.toMatch(/48213|55102/);
    expect(await deliveriesOf("otp.code_received")).toHaveLength(1);
  });

  it("balance.low when a purchase leaves a key below the threshold ($1.00), once until it is topped up again", async () => {
    await register(["balance.low"]);
    const { user, key } = await fundedKey(1_100); // 45 mills an address
    const buy = () => buyOtpMail(env.t.otpMail, { userId: user.id, apiKeyId: key.id });
    await buy(); // 1055
    await buy(); // 1010
    expect(await events("balance.low")).toHaveLength(0);
    await buy(); // 965: below
    await buy(); // 920: still below, already told
    const low = await events("balance.low");
    expect(low).toHaveLength(1);
    expect(low[0]!.data).toMatchObject({ apiKeyId: key.id, userId: user.id, email: user.email, balanceMills: 965, balance: "0.965", thresholdMills: 1_000 });
    // A top-up that does not reach the threshold does not re-arm it; one that does, does.
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 50, reason: "topup", reference: "t1" })); // 970
    await buy(); // 925
    expect(await events("balance.low")).toHaveLength(1);
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 200, reason: "topup", reference: "t2" })); // 1125
    await buy(); // 1080
    expect(await events("balance.low")).toHaveLength(1);
    await buy(); // 1035
    await buy(); // 990: below again
    expect(await events("balance.low")).toHaveLength(2);
    // An admin's subtraction is a debit too (same once-only rule).
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 5_000, reason: "topup", reference: "t3" }));
    await adjustBalance({ db: db(), apiKeyId: key.id, operation: "subtract", amountMills: 5_500, actor: { id: "admin", email: "admin@example.com" } });
    expect(await events("balance.low")).toHaveLength(3);
    await adjustBalance({ db: db(), apiKeyId: key.id, operation: "subtract", amountMills: 10, actor: { id: "admin", email: "admin@example.com" } });
    expect(await events("balance.low")).toHaveLength(3);
    expect(await deliveriesOf("balance.low")).toHaveLength(3); // webhooks only: not a Telegram event by default
  });

  it("otp.stock_low at most once an hour when the supplier is out of stock (nothing charged)", async () => {
    const { user, key } = await fundedKey(5_000);
    const outOfStock = { ...env.t.otpMail, supplier: { ...env.t.otpMail.supplier, id: "upstream", freeToAcquire: true, acquire: async () => Promise.reject(new SupplierError("no_stock", "no mailbox in stock")) } };
    for (let i = 0; i < 3; i++) await expect(buyOtpMail(outOfStock, { userId: user.id, apiKeyId: key.id })).rejects.toMatchObject({ code: "OUT_OF_STOCK" });
    const stock = await events("otp.stock_low");
    expect(stock).toHaveLength(1);
    expect(stock[0]!.data).toEqual({ supplier: "upstream", service: "facebook" });
    expect(await deliveriesOf("otp.stock_low")).toEqual([expect.objectContaining({ channel: "telegram" })]);
    // An hour later it may say so again.
    await db().update(shopEventThrottle).set({ lastAt: sql`now() - interval '61 minutes'` });
    await expect(buyOtpMail(outOfStock, { userId: user.id, apiKeyId: key.id })).rejects.toMatchObject({ code: "OUT_OF_STOCK" });
    expect(await events("otp.stock_low")).toHaveLength(2);
  });
});

describe("the seller's own alerts", () => {
  it("the watchdog: e-mails or deliveries due for 15 minutes, payments past their lifetime; each at most once an hour", async () => {
    expect(await runWatchdog(db())).toMatchObject({ emails: 0, deliveries: 0, orders: 0, refunds: 0, alerts: [] });
    await db().insert(emailOutbox).values({ toAddress: "late@example.com", subject: "s", html: "h", text: "t", template: "verify-email", nextAttemptAt: sql`now() - interval '20 minutes'` });
    const [stale] = await insertOrders(db(), [{ kind: "plan", planId: "local-1m", status: "pending", email: "late@example.com" }]);
    await db().update(orders).set({ expiresAt: sql`now() - interval '20 minutes'` }).where(eq(orders.id, stale!.id));
    expect(await runWatchdog(db())).toMatchObject({ emails: 1, orders: 1, alerts: ["ops.outbox_stuck", "ops.reconciler_stuck"] });
    expect(await runWatchdog(db())).toMatchObject({ emails: 1, orders: 1, alerts: [] });
    expect((await events("ops.outbox_stuck"))[0]!.data).toEqual({ emails: 1, deliveries: 0, minutes: 15 });
    expect(await deliveriesOf("ops.reconciler_stuck")).toEqual([expect.objectContaining({ channel: "telegram" })]);
    await db().delete(emailOutbox).where(eq(emailOutbox.toAddress, "late@example.com"));
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, stale!.id));
  });

  it("the watchdog: a refund recorded 15 minutes ago whose goods were not taken back (decision 034)", async () => {
    const [order] = await insertOrders(db(), [{ kind: "plan", planId: "local-1m", status: "refunded", email: "stuck-refund@example.com" }]);
    await db().update(orders).set({ refundedMills: order!.amountMills }).where(eq(orders.id, order!.id));
    const [fresh] = await db().insert(refunds).values({ orderId: order!.id, amountMills: order!.amountMills, source: "admin", reason: "r", refundedTotalMills: order!.amountMills }).returning();
    // Just recorded: the reconciler has 15 minutes before anyone is told.
    expect(await runWatchdog(db())).toMatchObject({ refunds: 0 });
    await db().update(refunds).set({ createdAt: sql`now() - interval '20 minutes'` }).where(eq(refunds.id, fresh!.id));
    await db().update(shopEventThrottle).set({ lastAt: sql`now() - interval '61 minutes'` });
    expect(await runWatchdog(db())).toMatchObject({ orders: 0, refunds: 1, alerts: ["ops.reconciler_stuck"] });
    expect((await events("ops.reconciler_stuck")).map((e) => e.data)).toContainEqual({ orders: 0, refunds: 1, minutes: 15 });
    await db().update(refunds).set({ appliedAt: new Date() }).where(eq(refunds.id, fresh!.id));
    expect(await runWatchdog(db())).toMatchObject({ refunds: 0 });
  });

  it("the suspicious-licence check tells the seller once a day, with the audit event", async () => {
    const license = await createLicense({ db: db(), planId: "local-1m", email: "shared@example.com", deviceKey: `PC-LDREEL-SUS-${Date.now()}`, startDate: new Date(), expireDate: new Date(Date.now() + 86_400_000) });
    const hour = sql`date_trunc('hour', now())`;
    for (let i = 0; i < 7; i++) await db().execute(sql`insert into licence_signals (licence_id, hour, kind, value) values (${license.id}::uuid, ${hour}, 'address', ${`203.0.113.${i}`})`);
    expect(await flagSuspiciousLicenses({ db: db(), thresholds: { addresses: 5, refusedKeys: 2 } })).toEqual([license.id]);
    expect(await flagSuspiciousLicenses({ db: db(), thresholds: { addresses: 5, refusedKeys: 2 } })).toEqual([]);
    const flagged = await events("licence.suspicious");
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.data).toMatchObject({ licenceId: license.id, email: "shared@example.com", addresses: 7, refusedKeys: 0 });
    expect(JSON.stringify(flagged[0]!.data)).not.toContain(license.buyKey);
    expect(await deliveriesOf("licence.suspicious")).toEqual([expect.objectContaining({ channel: "telegram", chatId: "424242" })]);
  });
});

describe("for other features: refunds, refund requests, expiry reminders", () => {
  it("recordOrderRefunded, recordRefundRequested and recordLicenceExpiring produce their deliveries (once per refund, request, reminder)", async () => {
    await register(["order.refunded", "licence.expiring"]);
    const [order] = await insertOrders(db(), [{ kind: "plan", planId: "local-3m", status: "paid", email: buyer.email, userId: buyer.id }]);
    const row = (await db().select().from(orders).where(eq(orders.id, order!.id)))[0]!;
    const license = await createLicense({ db: db(), planId: "local-3m", email: buyer.email, userId: buyer.id, orderId: row.id, startDate: new Date(), expireDate: new Date(Date.now() + 3 * 86_400_000) });

    await db().transaction(async (tx: Tx) => {
      await recordRefundRequested(tx, row, { id: "00000000-0000-4000-8000-000000000001", reason: "Bought the <wrong> plan & want the 1 month one" });
      await recordOrderRefunded(tx, row, { id: "00000000-0000-4000-8000-000000000002", amountMills: 10_000, source: "admin", reason: "partial", refundedTotalMills: 10_000 });
      await recordLicenseExpiring(tx, license, { daysLeft: 3 });
      expect(await recordLicenseExpiring(tx, license, { daysLeft: 3 })).toBeNull(); // the pass ran twice
      expect(await recordOrderRefunded(tx, row, { id: "00000000-0000-4000-8000-000000000002", amountMills: 10_000, source: "admin", refundedTotalMills: 10_000 })).toBeNull();
    });
    expect(await deliveriesOf("refund.requested")).toEqual([expect.objectContaining({ channel: "telegram" })]);
    expect(await deliveriesOf("order.refunded")).toEqual([expect.objectContaining({ channel: "webhook" })]);
    expect(await deliveriesOf("licence.expiring")).toEqual([expect.objectContaining({ channel: "webhook" })]);
    expect((await events("order.refunded"))[0]!.data).toMatchObject({ orderId: row.id, refundMills: 10_000, refund: "10.00", refundedTotalMills: 10_000, full: false, source: "admin" });
    expect((await events("licence.expiring"))[0]!.data).toMatchObject({ licenceId: license.id, daysLeft: 3, email: buyer.email });

    // Sent: the refund request's Telegram message escapes what the customer typed.
    expect(await worker().drainOnce()).toBe(3);
    const telegram = (await (await fetch(`${env.appUrl}/dev/telegram/messages.json`)).json()) as { messages: Array<{ text: string; plain: string }> };
    const request = telegram.messages.find((m) => m.plain.startsWith("🙋 Refund request"))!;
    expect(request.plain).toContain("3 Months licence, $29.99");
    expect(request.plain).toContain("“Bought the <wrong> plan & want the 1 month one”");
    expect(request.text).toContain("&lt;wrong&gt; plan &amp; want");
  });

  it("an event whose cause rolls back is not recorded, nor its deliveries", async () => {
    await register(["order.paid"]);
    await expect(
      db().transaction(async (tx) => {
        await recordShopEvent(tx, { type: "order.paid", subject: "x", data: {} });
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await events()).toHaveLength(0);
    expect(await db().select().from(deliveries)).toHaveLength(0);
    expect(await db().select().from(licenses).where(and(eq(licenses.email, "nobody@example.com")))).toHaveLength(0);
  });
});
