// The purchase's memo of API key → owner (auth/api-key.ts, decision 081): a busy client's purchases
// skip the key's lookup, and the purchase's own statement checks the key again where it spends.
// What a client would notice if that check were missing: an old (regenerated) or turned-off key
// still buying, still charged, or answered with an earlier order. Both databases; with our own
// inbox (the address before the statement) and with an upstream market (refused before buying).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { startMarketSimulator } from "../../providers/mail-supplier/simulator";
import { createTestContext, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches, revealApiKey } from "../balance/service";

const TOKEN = "shop-token-memo";
let own: TestContext;
let upstream: TestContext;
let sim: Awaited<ReturnType<typeof startMarketSimulator>>;

beforeAll(async () => {
  sim = await startMarketSimulator({ tokens: [TOKEN], stock: 50 });
  own = await createTestContext({ PUBLIC_API_RATE_LIMIT: "100000" });
  upstream = await createTestContext({ PUBLIC_API_RATE_LIMIT: "100000", OTP_SUPPLIER: "upstream", OTP_SUPPLIER_URL: sim.url, OTP_SUPPLIER_TOKEN: TOKEN });
});
afterAll(async () => {
  await own?.close();
  await upstream?.close();
  await sim?.close();
});

async function customer(t: TestContext) {
  const u = await t.signedInUser();
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
  await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 1_000, reason: "topup", reference: "seed" }));
  const buyWith = (apiKey: string, idempotencyKey: string) =>
    t.client().json<{ order?: { id: string }; code?: string }>("/api/v1/otp/orders", { method: "POST", headers: { authorization: `Bearer ${apiKey}`, "idempotency-key": `purchase-${idempotencyKey}` } });
  const balance = async () => (await t.database.db.select({ b: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.b;
  const orders = async () => (await t.database.db.select({ id: otpMailOrders.id }).from(otpMailOrders).where(eq(otpMailOrders.apiKeyId, key.id))).length;
  return { ...u, keyId: key.id, apiKey: revealApiKey(t.config.authSecret, key), buyWith, balance, orders };
}

describe.each([
  ["our own inbox", () => own],
  ["an upstream market", () => upstream],
])("with %s", (_name, context) => {
  it("a regenerated key that bought a moment ago is refused (401), charged nothing, and gets no earlier order back; the new key buys", async () => {
    const t = context();
    const c = await customer(t);
    // Two purchases: the second is answered from the memo.
    expect((await c.buyWith(c.apiKey, "memo-1")).status).toBe(201);
    expect((await c.buyWith(c.apiKey, "memo-2")).status).toBe(201);
    expect(await c.balance()).toBe(910);
    const soldBefore = sim.state().activations.length;

    const fresh = (await c.client.json<{ apiKey: string }>("/api/api-key/regenerate", { method: "POST" })).body.apiKey;
    expect(fresh).not.toBe(c.apiKey);
    const stale = await c.buyWith(c.apiKey, "memo-3");
    expect([stale.status, stale.body.code]).toEqual([401, "UNAUTHENTICATED"]);
    // A retry of a purchase the old key made: refused too, not that order.
    const replay = await c.buyWith(c.apiKey, "memo-1");
    expect([replay.status, replay.body.order]).toEqual([401, undefined]);
    expect((await c.buyWith(c.apiKey, "memo-4")).status).toBe(401);
    expect(await c.balance()).toBe(910);
    expect(await c.orders()).toBe(2);
    // With a market that charges for addresses, the old key never bought one.
    if (t === upstream) expect(sim.state().activations.length).toBe(soldBefore);

    expect((await c.buyWith(fresh, "memo-5")).status).toBe(201);
    expect(await c.balance()).toBe(865);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("a key turned off after a purchase is refused at the next one and charged nothing", async () => {
    const t = context();
    const c = await customer(t);
    expect((await c.buyWith(c.apiKey, "off-1")).status).toBe(201);
    await t.database.db.update(apiKeys).set({ isActive: false }).where(and(eq(apiKeys.id, c.keyId)));
    const refused = await c.buyWith(c.apiKey, "off-2");
    expect([refused.status, refused.body.code]).toEqual([401, "UNAUTHENTICATED"]);
    expect(await c.balance()).toBe(955);
    expect(await c.orders()).toBe(1);
  });

  it("another customer's purchases never spend this key's balance", async () => {
    const t = context();
    const [a, b] = [await customer(t), await customer(t)];
    expect((await a.buyWith(a.apiKey, "a-1")).status).toBe(201);
    expect((await b.buyWith(b.apiKey, "b-1")).status).toBe(201);
    expect((await b.buyWith(b.apiKey, "b-2")).status).toBe(201);
    expect([await a.balance(), await b.balance()]).toEqual([955, 910]);
  });
});
