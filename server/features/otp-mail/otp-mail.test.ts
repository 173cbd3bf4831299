import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import { startSmtpReceiver } from "../../providers/email/smtp-receiver";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches } from "../balance/service";
import { expireOtpOrders, recordMailArrival } from "./service";

let t: TestContext;
let receiver: { port: number; close(): Promise<void> };
const arrivals: string[] = [];

beforeAll(async () => {
  // The concurrency tests send hundreds of calls in a moment; the per-account limit has its own test.
  t = await createTestContext({ PUBLIC_API_RATE_LIMIT: "100000" });
  receiver = await startSmtpReceiver({
    db: t.database.db,
    port: 0,
    logger: createLogger("silent"),
    onStored: (messages) => messages.forEach((m) => void recordMailArrival(t.otpMail, m.toAddress).then((o) => o && arrivals.push(o.id))),
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Order = { id: string; address: string; status: string; codes: string; latestCode: string | null; failureReason: string | null; balanceBeforeMills: number; balanceAfterMills: number; priceMills: number };

async function fundedUser(mills: number) {
  const u = await t.signedInUser();
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
  if (mills) await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: mills, reason: "topup", reference: "seed" }));
  return { ...u, keyId: key.id };
}

async function balanceOf(keyId: string) {
  const [row] = await t.database.db.select({ b: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row!.b;
}

function sendMail(to: string, subject: string, text = "Your Facebook confirmation code is in the subject.") {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ from: "Facebook <security@facebookmail.com>", to, subject, text });
}

const buy = (client: TestClient, headers: Record<string, string> = {}) => client.json<{ order: Order; code?: string; message?: string }>("/api/otp-mail/orders", { method: "POST", headers });

describe("buying an address and reading its code", () => {
  it("buy → a real e-mail over SMTP → check finds the code, latest last; the balance went down by the price", async () => {
    const u = await fundedUser(1_000);
    const bought = await buy(u.client);
    expect(bought.status).toBe(201);
    const order = bought.body.order;
    expect(order).toMatchObject({ status: "pending", priceMills: 45, balanceBeforeMills: 1_000, balanceAfterMills: 955, codes: "" });
    expect(order.address).toMatch(/@otp\.keyshop\.local$/);
    expect(await balanceOf(u.keyId)).toBe(955);

    const empty = await u.client.json<{ order: Order }>(`/api/otp-mail/orders/${order.id}/check`, { method: "POST" });
    expect(empty.body.order.status).toBe("pending");

    await sendMail(order.address, "FB-48213 is your Facebook confirmation code");
    await sendMail(order.address, "FB-55102 is your Facebook confirmation code");
    const found = await u.client.json<{ order: Order }>(`/api/otp-mail/orders/${order.id}/check`, { method: "POST" });
    expect(found.body.order).toMatchObject({ status: "success", codes: "48213,55102", latestCode: "55102" });

    const list = await u.client.json<{ orders: Order[]; total: number; totalSpentMills: number }>("/api/otp-mail/orders");
    expect(list.body).toMatchObject({ total: 1, totalSpentMills: 45 });

    // Without any check, mail arriving for an order's address updates the order by itself.
    const next = (await buy(u.client)).body.order;
    await sendMail(next.address, "FB-60606 is your Facebook confirmation code");
    await expect.poll(async () => (await u.client.json<{ orders: Order[] }>("/api/otp-mail/orders")).body.orders.find((o) => o.id === next.id)?.codes, { timeout: 5000 }).toBe("60606");
    // Another user sees none of it.
    const other = await fundedUser(0);
    expect((await other.client.json<{ total: number }>("/api/otp-mail/orders")).body.total).toBe(0);
    expect((await other.client.json(`/api/otp-mail/orders/${order.id}/check`, { method: "POST" })).status).toBe(404);
  });

  it("refuses to buy below the price with INSUFFICIENT_FUNDS and charges nothing", async () => {
    const u = await fundedUser(44);
    const res = await buy(u.client);
    expect([res.status, res.body.code]).toEqual([402, "INSUFFICIENT_FUNDS"]);
    expect(await balanceOf(u.keyId)).toBe(44);
  });

  it("cancel before a code refunds once; after a code it is refused", async () => {
    const u = await fundedUser(1_000);
    const a = (await buy(u.client)).body.order;
    const cancelled = await u.client.json<{ order: Order }>(`/api/otp-mail/orders/${a.id}/cancel`, { method: "POST" });
    expect(cancelled.body.order).toMatchObject({ status: "failed", failureReason: "cancelled" });
    expect(await balanceOf(u.keyId)).toBe(1_000);
    expect((await u.client.json<{ code: string }>(`/api/otp-mail/orders/${a.id}/cancel`, { method: "POST" })).body.code).toBe("NOT_PENDING");
    expect(await balanceOf(u.keyId)).toBe(1_000);

    const b = (await buy(u.client)).body.order;
    await sendMail(b.address, "FB-77777 is your Facebook confirmation code");
    const refused = await u.client.json<{ code: string }>(`/api/otp-mail/orders/${b.id}/cancel`, { method: "POST" });
    expect([refused.status, refused.body.code]).toEqual([409, "ORDER_HAS_CODE"]);
    expect(await balanceOf(u.keyId)).toBe(955);
  });

  it("expiry without a code fails and refunds exactly once, also with two workers at once", async () => {
    const u = await fundedUser(1_000);
    const order = (await buy(u.client)).body.order;
    await t.database.db.update(otpMailOrders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpMailOrders.id, order.id));
    const [a, b] = await Promise.all([expireOtpOrders(t.otpMail), expireOtpOrders(t.otpMail)]);
    expect(a + b).toBe(1);
    expect(await expireOtpOrders(t.otpMail)).toBe(0);
    const [row] = await t.database.db.select().from(otpMailOrders).where(eq(otpMailOrders.id, order.id));
    expect([row!.status, row!.failureReason]).toEqual(["failed", "expired"]);
    expect(await balanceOf(u.keyId)).toBe(1_000);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("the same Idempotency-Key twice charges once; 200 concurrent buys against a balance for 100 make exactly 100 orders", async () => {
    const u = await fundedUser(4_500);
    const first = await buy(u.client, { "idempotency-key": "retry-abc-123" });
    const again = await buy(u.client, { "idempotency-key": "retry-abc-123" });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await balanceOf(u.keyId)).toBe(4_455);

    // A retry that arrives after the balance ran out still gets its order, not a refusal.
    const w = await fundedUser(45);
    const bought = await buy(w.client, { "idempotency-key": "only-one-price-left" });
    const replay = await buy(w.client, { "idempotency-key": "only-one-price-left" });
    expect([bought.status, replay.status]).toEqual([201, 200]);
    expect(replay.body.order.id).toBe(bought.body.order.id);
    expect((await buy(w.client, { "idempotency-key": "a-new-purchase-now" })).status).toBe(402);
    // Twenty copies of one request at once: one purchase, one charge.
    const x = await fundedUser(4_500);
    const copies = await Promise.all(Array.from({ length: 20 }, () => buy(x.client, { "idempotency-key": "burst-of-retries" })));
    expect(new Set(copies.map((r) => r.body.order.id)).size).toBe(1);
    expect(copies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await balanceOf(x.keyId)).toBe(4_455);

    const v = await fundedUser(4_500);
    const results = await Promise.all(Array.from({ length: 200 }, () => buy(v.client)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(100);
    expect(results.filter((r) => r.status === 402)).toHaveLength(100);
    expect(await balanceOf(v.keyId)).toBe(0);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });
});

describe("the public API", () => {
  it("buys and checks with a Bearer API key; a regenerated (old) key gets 401", async () => {
    const u = await fundedUser(1_000);
    const { apiKey } = (await u.client.json<{ apiKey: string }>("/api/api-key")).body;
    const api = t.client();
    const auth = { authorization: `Bearer ${apiKey}` };
    const bought = await api.json<{ order: Order }>("/api/v1/otp/orders", { method: "POST", headers: auth });
    expect(bought.status).toBe(201);
    await sendMail(bought.body.order.address, "FB-31415 is your Facebook confirmation code");
    const checked = await api.json<{ order: Order }>(`/api/v1/otp/orders/${bought.body.order.id}/check`, { method: "POST", headers: auth });
    expect(checked.body.order.latestCode).toBe("31415");
    expect((await api.json<{ total: number }>("/api/v1/otp/orders", { headers: auth })).body.total).toBe(1);

    await u.client.json("/api/api-key/regenerate", { method: "POST" });
    expect((await api.json("/api/v1/otp/orders", { headers: auth })).status).toBe(401);
    expect((await api.json("/api/v1/otp/orders", { method: "POST" })).status).toBe(401);
  });
});

describe("an optional body sent empty", () => {
  it("Content-Type: application/json with no bytes buys the default site, as no body does; a broken body is still 400", async () => {
    const u = await fundedUser(1_000);
    const { apiKey } = (await u.client.json<{ apiKey: string }>("/api/api-key")).body;
    const post = (body: string) => t.app.request("/api/v1/otp/orders", { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }, body: body || undefined });
    const empty = await post("");
    expect(empty.status).toBe(201);
    expect(((await empty.json()) as { order: { service: string } }).order.service).toBe("facebook");
    // No Content-Type and no bytes (what a browser's fetch sends for a POST without a body): bought too.
    const bare = await t.app.request("/api/v1/otp/orders", { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "content-length": "0" }, body: new Uint8Array(0) });
    expect(bare.status).toBe(201);
    const broken = await post("{");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("the spec's functions", () => {
  it("buy-gmail, check-otp-gmail and get-otp-gmail-history answer in the spec's shapes", async () => {
    const u = await fundedUser(1_000);
    const bought = await u.client.json<{ success: boolean; message: string; data: { gmail: string } }>("/functions/v1/buy-gmail", { method: "POST" });
    expect(bought.body.success).toBe(true);
    const gmail = bought.body.data.gmail;

    const waiting = await u.client.json<{ success: boolean; data: { message?: string } }>("/functions/v1/check-otp-gmail", { json: { service: "EMAIL_SERVICE_1", gmail } });
    expect(waiting.body).toMatchObject({ success: true, data: { message: "No code has arrived yet" } });
    await sendMail(gmail, "FB-24680 is your Facebook confirmation code");
    const found = await u.client.json<{ data: { code: string } }>("/functions/v1/check-otp-gmail", { json: { service: "EMAIL_SERVICE_1", gmail } });
    expect(found.body.data.code).toBe("24680");
    expect((await u.client.json("/functions/v1/check-otp-gmail", { json: { service: "OTHER", gmail } })).status).toBe(422);

    const history = await u.client.json<Array<Record<string, unknown>>>("/functions/v1/get-otp-gmail-history", { method: "POST" });
    expect(history.body[0]).toMatchObject({ gmail, service: "facebook", price: "0.045", otp: "24680", status: "success", current_balance: "1.000", new_balance: "0.955" });

    const broke = await fundedUser(0);
    const refused = await broke.client.json<{ success: boolean; message: string }>("/functions/v1/buy-gmail", { method: "POST" });
    expect(refused.body).toEqual({ success: false, message: "Insufficient funds" });
    expect((await t.client().json("/functions/v1/buy-gmail", { method: "POST" })).status).toBe(401);
  });
});

