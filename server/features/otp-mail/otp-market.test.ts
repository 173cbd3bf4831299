// The OTP market features of issue #18 through the real app and a real SMTP receiver: the service
// catalogue with per-service prices, whole messages, waiting for a code, reorder, and who may see what.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, balanceLedger } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import { startSmtpReceiver } from "../../providers/email/smtp-receiver";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches, revealApiKey } from "../balance/service";
import { recordMailArrival } from "./service";

let t: TestContext;
let receiver: { port: number; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_API_RATE_LIMIT: "100000", OTP_SERVICE_PRICES: "instagram=0.061" });
  receiver = await startSmtpReceiver({
    db: t.database.db,
    port: 0,
    logger: createLogger("silent"),
    onStored: (messages) => messages.forEach((m) => void recordMailArrival(t.otpMail, m.toAddress)),
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

export type Order = { id: string; address: string; service: string; status: string; codes: string; latestCode: string | null; priceMills: number; balanceBeforeMills: number; balanceAfterMills: number };

async function fundedUser(mills: number) {
  const u = await t.signedInUser();
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
  if (mills) await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: mills, reason: "topup", reference: "seed" }));
  const secretKey = revealApiKey(t.config.authSecret, key);
  const bearer = (path: string, init: Parameters<TestClient["json"]>[1] = {}) =>
    t.client().json<Record<string, unknown>>(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${secretKey}` } });
  return { ...u, keyId: key.id, key: secretKey, bearer };
}

async function balanceOf(keyId: string) {
  const [row] = await t.database.db.select({ b: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row!.b;
}

function sendMail(to: string, mail: { from?: string; subject: string; text?: string; html?: string }) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ from: mail.from ?? "Facebook <security@facebookmail.com>", to, subject: mail.subject, text: mail.text ?? "See the subject.", html: mail.html });
}

describe("the service catalogue", () => {
  it("lists Facebook first and the other sites with their prices, lifetimes, senders and availability", async () => {
    const u = await fundedUser(0);
    const res = await u.bearer("/api/v1/otp/services");
    expect(res.status).toBe(200);
    const services = res.body.services as Array<{ id: string; priceMills: number; lifetimeMinutes: number; senderDomains: string[]; available: boolean }>;
    expect(services.map((s) => s.id)).toEqual(["facebook", "instagram", "tiktok", "google", "telegram"]);
    expect(services[0]).toMatchObject({ id: "facebook", priceMills: 45, available: true });
    expect(services[1]).toMatchObject({ id: "instagram", priceMills: 61 }); // OTP_SERVICE_PRICES
    expect(services[0]!.senderDomains).toContain("facebookmail.com");
    // The dashboard's door lists the same.
    expect((await u.client.json<{ services: unknown[] }>("/api/otp-mail/services")).body.services).toEqual(services);
  });

  it("buying names the service: its price is debited through the ledger, its sender's codes count, another site's do not", async () => {
    const u = await fundedUser(1_000);
    const bought = await u.bearer("/api/v1/otp/orders", { json: { service: "instagram" } });
    expect(bought.status).toBe(201);
    const order = bought.body.order as Order;
    expect(order).toMatchObject({ service: "instagram", priceMills: 61, balanceBeforeMills: 1_000, balanceAfterMills: 939 });
    expect(await balanceOf(u.keyId)).toBe(939);
    const ledger = await t.database.db.select().from(balanceLedger).where(and(eq(balanceLedger.apiKeyId, u.keyId), eq(balanceLedger.reason, "otp_purchase")));
    expect(ledger.map((l) => [l.deltaMills, l.reference])).toEqual([[-61, order.id]]);

    // Facebook's mail to an Instagram order is not Instagram's code; Instagram's is.
    await sendMail(order.address, { subject: "FB-11111 is your Facebook confirmation code" });
    await sendMail(order.address, { from: "Instagram <security@mail.instagram.com>", subject: "482913 is your Instagram code" });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${order.id}/check`, { method: "POST" })).body.order as Order).codes, { timeout: 5000 }).toBe("482913");

    // No service named: Facebook at its price (the spec's flow).
    const plain = await u.bearer("/api/v1/otp/orders", { method: "POST" });
    expect(plain.body.order).toMatchObject({ service: "facebook", priceMills: 45, balanceAfterMills: 894 });
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("an unknown service is a 422 and nothing is charged", async () => {
    const u = await fundedUser(1_000);
    const res = await u.bearer("/api/v1/otp/orders", { json: { service: "myspace" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(await balanceOf(u.keyId)).toBe(1_000);
  });

  it("a balance that covers Facebook but not Google is refused Google (402)", async () => {
    const u = await fundedUser(50);
    expect((await u.bearer("/api/v1/otp/orders", { json: { service: "google" } })).status).toBe(402);
    expect((await u.bearer("/api/v1/otp/orders", { json: { service: "facebook" } })).status).toBe(201);
  });
});

describe("whole messages", () => {
  it("the owner reads every message of an order, its HTML sanitised; a stranger's key and another customer get 404", async () => {
    const u = await fundedUser(1_000);
    const order = (await u.bearer("/api/v1/otp/orders", { method: "POST" })).body.order as Order;
    await sendMail(order.address, {
      subject: "លេខកូដ Facebook របស់អ្នក",
      text: "លេខកូដ​របស់​អ្នក​គឺ ៥៥២០៧១",
      html: '<p onclick="steal()">លេខកូដ​របស់​អ្នក​គឺ <b>៥៥២០៧១</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif"><a href="javascript:alert(1)">x</a>',
    });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as unknown[]).length, { timeout: 5000 }).toBe(1);
    const res = await u.bearer(`/api/v1/otp/orders/${order.id}/messages`);
    const [message] = res.body.messages as Array<{ from: string; subject: string; text: string; html: string; receivedAt: string }>;
    expect(message).toMatchObject({ from: expect.stringContaining("security@facebookmail.com"), subject: "លេខកូដ Facebook របស់អ្នក", text: expect.stringContaining("៥៥២០៧១") });
    expect(message!.html).toContain("<b>៥៥២០៧១</b>");
    expect(message!.html).not.toMatch(/script|onclick|<img|javascript:/);
    // The dashboard's door answers the same to the owner.
    expect((await u.client.json<{ messages: unknown[] }>(`/api/otp-mail/orders/${order.id}/messages`)).body.messages).toEqual(res.body.messages);

    const stranger = await fundedUser(0);
    expect((await stranger.bearer(`/api/v1/otp/orders/${order.id}/messages`)).status).toBe(404);
    expect((await stranger.client.json(`/api/otp-mail/orders/${order.id}/messages`)).status).toBe(404);
    expect((await stranger.bearer(`/api/v1/otp/orders/${order.id}/check`, { method: "POST" })).status).toBe(404);
    expect((await stranger.bearer(`/api/v1/otp/orders/${order.id}/cancel`, { method: "POST" })).status).toBe(404);
    expect((await t.client().json(`/api/v1/otp/orders/${order.id}/messages`, { headers: { authorization: "Bearer ks_not-a-key" } })).status).toBe(401);
  });

  it("a message whose code is uncertain gives no code, and the whole message is there to read (decision 058)", async () => {
    const u = await fundedUser(1_000);
    const order = (await u.bearer("/api/v1/otp/orders", { method: "POST" })).body.order as Order;
    // Hausa, two numbers of a code's shape inline, no word we know: a guess could be the order number.
    const text = "Lambar tabbatarwarka ita ce 482913. Lambar odar ka ta ƙarshe ita ce 551207.";
    await sendMail(order.address, { subject: "Tabbatar da asusunka na Facebook", text });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as unknown[]).length, { timeout: 5000 }).toBe(1);
    const checked = (await u.bearer(`/api/v1/otp/orders/${order.id}/check`, { method: "POST" })).body.order as Order;
    expect(checked).toMatchObject({ codes: "", latestCode: null, status: "pending" });
    const [message] = (await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as Array<{ subject: string; text: string }>;
    expect(message).toMatchObject({ subject: "Tabbatar da asusunka na Facebook", text: expect.stringContaining(text) });
  });

  it("the worker's pass prunes messages past the order's lifetime plus the retention", async () => {
    const u = await fundedUser(1_000);
    const order = (await u.bearer("/api/v1/otp/orders", { method: "POST" })).body.order as Order;
    await sendMail(order.address, { subject: "FB-31415 is your Facebook confirmation code" });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as unknown[]).length, { timeout: 5000 }).toBe(1);
    const { expireOtpOrders } = await import("./service");
    const expiresAt = new Date(((await u.bearer(`/api/v1/otp/orders/${order.id}/check`, { method: "POST" })).body.order as { expiresAt: string }).expiresAt);
    await expireOtpOrders(t.otpMail, new Date(expiresAt.getTime() + 23 * 3_600_000)); // within the 24 h retention
    expect(((await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as unknown[]).length).toBe(1);
    await expireOtpOrders(t.otpMail, new Date(expiresAt.getTime() + 25 * 3_600_000));
    expect(((await u.bearer(`/api/v1/otp/orders/${order.id}/messages`)).body.messages as unknown[]).length).toBe(0);
  });
});

describe("reorder: another code on the same address", () => {
  it("after a first code: a new order on the same address at the same price, linked to the first, with its own code", async () => {
    const u = await fundedUser(1_000);
    const first = (await u.bearer("/api/v1/otp/orders", { json: { service: "instagram" } })).body.order as Order;
    await sendMail(first.address, { from: "security@mail.instagram.com", subject: "112233 is your Instagram code" });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${first.id}/check`, { method: "POST" })).body.order as Order).codes, { timeout: 5000 }).toBe("112233");

    const res = await u.bearer(`/api/v1/otp/orders/${first.id}/reorder`, { method: "POST" });
    expect(res.status).toBe(201);
    const again = res.body.order as Order & { reorderOf: string };
    expect(again).toMatchObject({ address: first.address, service: "instagram", priceMills: 61, reorderOf: first.id, status: "pending", codes: "", balanceAfterMills: 1_000 - 61 * 2 });
    await sendMail(first.address, { from: "security@mail.instagram.com", subject: "445566 is your Instagram code" });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${again.id}/check`, { method: "POST" })).body.order as Order).codes, { timeout: 5000 }).toBe("445566");
    // A stranger cannot reorder someone else's address.
    const stranger = await fundedUser(1_000);
    expect((await stranger.bearer(`/api/v1/otp/orders/${first.id}/reorder`, { method: "POST" })).status).toBe(404);
    expect(await balanceOf(stranger.keyId)).toBe(1_000);
  });

  it("a reorder that receives nothing is refunded once at expiry, however often the expiry pass runs", async () => {
    const u = await fundedUser(1_000);
    const first = (await u.bearer("/api/v1/otp/orders", { method: "POST" })).body.order as Order;
    const again = (await u.bearer(`/api/v1/otp/orders/${first.id}/reorder`, { method: "POST" })).body.order as Order & { expiresAt: string };
    expect(await balanceOf(u.keyId)).toBe(910);
    const { expireOtpOrders } = await import("./service");
    const later = new Date(new Date(again.expiresAt).getTime() + 60_000);
    await Promise.all([expireOtpOrders(t.otpMail, later), expireOtpOrders(t.otpMail, later)]);
    await expireOtpOrders(t.otpMail, later);
    expect(await balanceOf(u.keyId)).toBe(1_000); // both orders refunded, each once
    const refunds = await t.database.db.select().from(balanceLedger).where(and(eq(balanceLedger.apiKeyId, u.keyId), eq(balanceLedger.reason, "otp_refund")));
    expect(refunds.filter((r) => r.reference === again.id).map((r) => r.deltaMills)).toEqual([45]);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });
});

describe("waiting for a code", () => {
  it("GET ?wait holds until the code arrives over SMTP: every waiting client is answered with its own code", async () => {
    const u = await fundedUser(10_000);
    const orders = await Promise.all(Array.from({ length: 10 }, () => u.bearer("/api/v1/otp/orders", { method: "POST" }).then((r) => r.body.order as Order)));
    const started = Date.now();
    const answers = orders.map((o) => u.bearer(`/api/v1/otp/orders/${o.id}?wait=30`).then((r) => ({ at: Date.now(), status: r.status, order: r.body.order as Order })));
    await new Promise((r) => setTimeout(r, 300)); // all are waiting
    const sentAt = Date.now();
    await Promise.all(orders.map((o, i) => sendMail(o.address, { subject: `FB-${70000 + i} is your Facebook confirmation code` })));
    const results = await Promise.all(answers);
    results.forEach((r, i) => expect(r).toMatchObject({ status: 200, order: { id: orders[i]!.id, status: "success", latestCode: String(70000 + i) } }));
    expect(Math.min(...results.map((r) => r.at))).toBeGreaterThanOrEqual(sentAt); // none answered before its mail
    expect(Math.max(...results.map((r) => r.at)) - started).toBeLessThan(10_000);
  });

  it("answers the pending order when the time is up, at once when a code is there already, and 404 to a stranger", async () => {
    const u = await fundedUser(1_000);
    const order = (await u.bearer("/api/v1/otp/orders", { method: "POST" })).body.order as Order;
    const t0 = Date.now();
    const timedOut = await u.bearer(`/api/v1/otp/orders/${order.id}?wait=1`);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(timedOut.body.order).toMatchObject({ status: "pending", codes: "" });
    expect((await u.bearer(`/api/v1/otp/orders/${order.id}?wait=61`)).status).toBe(422);
    const stranger = await fundedUser(0);
    expect((await stranger.bearer(`/api/v1/otp/orders/${order.id}?wait=5`)).status).toBe(404);
    await sendMail(order.address, { subject: "FB-24680 is your Facebook confirmation code" });
    await expect.poll(async () => ((await u.bearer(`/api/v1/otp/orders/${order.id}`)).body.order as Order).codes, { timeout: 5000 }).toBe("24680");
    const t1 = Date.now();
    expect((await u.bearer(`/api/v1/otp/orders/${order.id}?wait=30`)).body.order).toMatchObject({ latestCode: "24680" });
    expect(Date.now() - t1).toBeLessThan(1000);
  });
});
