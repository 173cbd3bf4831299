// The real buy flow (config → deps → routes → service) on the upstream adapter, against the
// market simulator over HTTP: a supplier failure never charges; a sale charges once.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiKeys, balanceLedger, otpMailOrders } from "../../db/schema";
import { startMarketSimulator } from "../../providers/mail-supplier/simulator";
import { createTestContext, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches } from "../balance/service";

const TOKEN = "shop-token-integration";
let sim: Awaited<ReturnType<typeof startMarketSimulator>>;
let t: TestContext;

beforeAll(async () => {
  sim = await startMarketSimulator({ tokens: [TOKEN], stock: 0 });
  t = await createTestContext({ OTP_SUPPLIER: "upstream", OTP_SUPPLIER_URL: sim.url, OTP_SUPPLIER_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Order = { id: string; address: string; status: string; latestCode: string | null; failureReason: string | null; balanceAfterMills: number };

it("upstream out of stock or down → refused and not charged (no ledger row); a sale charges once; cancel gives the address back", async () => {
  const u = await t.signedInUser();
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
  await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 1_000, reason: "topup", reference: "seed" }));
  const balance = async () => (await t.database.db.select({ b: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.b;
  const ledger = async () => (await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id)).orderBy(asc(balanceLedger.createdAt))).map((r) => [r.reason, r.deltaMills]);
  const buy = () => u.client.json<{ order: Order; code?: string; message?: string }>("/api/otp-mail/orders", { method: "POST" });

  const noStock = await buy();
  expect([noStock.status, noStock.body.code]).toEqual([409, "OUT_OF_STOCK"]);
  expect(noStock.body.message).toMatch(/not charged/);
  sim.setStock(5);
  sim.failNext({ kind: "http", status: 500 });
  const down = await buy();
  expect([down.status, down.body.code]).toEqual([503, "SUPPLIER_FAILED"]);
  expect(JSON.stringify(down.body)).not.toContain(TOKEN);
  expect(await balance()).toBe(1_000);
  expect(await ledger()).toEqual([["topup", 1_000]]);
  expect(await t.database.db.select().from(otpMailOrders).where(eq(otpMailOrders.apiKeyId, key.id))).toEqual([]);

  const bought = await buy();
  expect(bought.status).toBe(201);
  expect(bought.body.order).toMatchObject({ status: "pending", balanceAfterMills: 955 });
  expect(bought.body.order.address).toMatch(/@gmail\.com$/);
  expect(await ledger()).toEqual([["topup", 1_000], ["otp_purchase", -45]]);
  sim.deliver({ to: bought.body.order.address, from: "Facebook <security@facebookmail.com>", subject: "FB-31415", html: "<p>Your Facebook confirmation code is <b>31415</b></p>" });
  const checked = await u.client.json<{ order: Order }>(`/api/otp-mail/orders/${bought.body.order.id}/check`, { method: "POST" });
  expect(checked.body.order).toMatchObject({ status: "success", latestCode: "31415" });

  const second = (await buy()).body.order;
  const cancelled = await u.client.json<{ order: Order }>(`/api/otp-mail/orders/${second.id}/cancel`, { method: "POST" });
  expect(cancelled.body.order).toMatchObject({ status: "failed", failureReason: "cancelled" });
  expect(sim.state().activations.find((a) => a.address === second.address)?.status).toBe("CANCELED");
  expect(sim.state().calls["mailbox-cancel"]).toBe(1);
  expect(await balance()).toBe(955);
  expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
});

it("a request waiting for a code asks the upstream supplier now and then (its mail never reaches our SMTP) and answers once the code is there", async () => {
  const u = await t.signedInUser();
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
  await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 1_000, reason: "topup", reference: "seed" }));
  sim.setStock(5);
  const bought = await u.client.json<{ order: Order }>("/api/otp-mail/orders", { method: "POST" });
  expect(bought.status).toBe(201);
  const asked = () => sim.state().calls["mailbox-get-message"] ?? 0;
  const before = asked();
  const started = Date.now();
  const waiting = u.client.json<{ order: Order }>(`/api/otp-mail/orders/${bought.body.order.id}?wait=20`);
  await new Promise((r) => setTimeout(r, 1500));
  sim.deliver({ to: bought.body.order.address, from: "Facebook <security@facebookmail.com>", subject: "FB-27182", text: "27182 is your Facebook confirmation code" });
  const answer = await waiting;
  const took = Date.now() - started;
  expect(answer.status).toBe(200);
  expect(answer.body.order).toMatchObject({ status: "success", latestCode: "27182" });
  expect(took).toBeGreaterThanOrEqual(1500); // held until the code was there…
  expect(took).toBeLessThan(12_000); // …and answered within a poll or two, not at the 20 s deadline
  expect(asked() - before).toBeGreaterThanOrEqual(1); // asked while waiting (the first read is our own row)
  expect(asked() - before).toBeLessThanOrEqual(3); // every few seconds, not in a loop
});
