// The admin shell's customer search and the customer's page (issue #16): each kind of term, the
// short term, buyers without an account, what the page shows (and what it keeps to itself).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerSearch, CustomerView } from "../../../contracts/customers";
import { auditLog, user } from "../../db/schema";
import { createTestContext, type SignedInUser, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, revealApiKey } from "../balance/service";
import { createLicense } from "../licenses/service";
import { insertOrders, insertOtpOrder } from "./test-seed";

let t: TestContext;
let admin: SignedInUser;
const DAY = 86_400_000;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

const search = (q: string) => admin.client.json<CustomerSearch & { code?: string; message?: string }>(`/api/admin/search?q=${encodeURIComponent(q)}`);
const view = (email: string) => admin.client.json<CustomerView & { code?: string; message?: string }>(`/api/admin/customers/${encodeURIComponent(email)}`);

/** A customer with an account: a name, a bound licence, a paid order, a balance and an OTP order. */
async function accountCustomer(tag: string, name = "") {
  const signed = await t.signedInUser({ email: `${tag}-${stamp}@example.com` });
  if (name) await t.database.db.update(user).set({ name }).where(eq(user.id, signed.id));
  const db = t.database.db;
  const deviceKey = `PC-LDREEL-${tag}-${stamp}`;
  const license = await createLicense({ db, planId: "local-1m", email: signed.email, userId: signed.id, deviceKey, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 20 * DAY) });
  const [order] = await insertOrders(db, [{ kind: "plan", planId: "local-1m", email: signed.email, userId: signed.id, buyKey: license.buyKey }]);
  const key = await ensureApiKey({ db, secret: t.config.authSecret, userId: signed.id });
  await db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 2_500, reason: "topup", reference: order!.id }));
  const otp = await insertOtpOrder(db, { apiKeyId: key.id, userId: signed.id, status: "success" });
  return { ...signed, licence: license, order: order!, deviceKey, apiKeyId: key.id, apiKey: revealApiKey(t.config.authSecret, key), otp };
}

/** A subscription-tool buyer: a licence and an order under an e-mail, no account. */
async function toolBuyer(tag: string) {
  const email = `${tag}-${stamp}@example.com`;
  const deviceKey = `PC-LDREEL-${tag}-${stamp}`;
  const license = await createLicense({ db: t.database.db, planId: "local-3m", email, deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 100 * DAY) });
  const [order] = await insertOrders(t.database.db, [{ kind: "tool", planId: "local-3m", email, userId: null, buyKey: license.buyKey }]);
  return { email, licence: license, order: order!, deviceKey };
}

describe("search", () => {
  it("part of an e-mail, any letter case: the account, with its id, name and what matched", async () => {
    const c = await accountCustomer("srch-mail", "Sokha Chan");
    const res = await search(`SRCH-MAIL-${stamp}`);
    expect(res.status).toBe(200);
    expect(res.body.customers).toEqual([{ email: c.email, name: "Sokha Chan", accountId: c.id, matchedBy: "email" }]);
  });

  it("part of a name", async () => {
    const c = await accountCustomer("srch-name", `Vannak ${stamp}`);
    const res = await search(`vannak ${stamp}`);
    expect(res.body.customers).toEqual([{ email: c.email, name: `Vannak ${stamp}`, accountId: c.id, matchedBy: "name" }]);
  });

  it("a buyer without an account, by the e-mail of their licence or of their order", async () => {
    const buyer = await toolBuyer("srch-tool");
    expect((await search(`srch-tool-${stamp}`)).body.customers).toEqual([{ email: buyer.email, matchedBy: "email" }]);
    const orderOnly = `srch-order-only-${stamp}@example.com`;
    await insertOrders(t.database.db, [{ kind: "tool", planId: "local-1m", email: orderOnly, status: "failed" }]);
    expect((await search(`srch-order-only-${stamp}`)).body.customers).toEqual([{ email: orderOnly, matchedBy: "email" }]);
  });

  it("a whole buy key (typed in lower case), a device key, a PayWay tran_id, an API key: exact", async () => {
    const c = await accountCustomer("srch-exact");
    const expected = (matchedBy: string) => [{ email: c.email, accountId: c.id, matchedBy }];
    expect((await search(c.licence.buyKey.toLowerCase())).body.customers).toEqual(expected("buyKey"));
    expect((await search(` ${c.deviceKey} `)).body.customers).toEqual(expected("deviceKey"));
    expect((await search(c.order.tranId)).body.customers).toEqual(expected("tranId"));
    expect((await search(c.apiKey.toLowerCase())).body.customers).toEqual(expected("apiKey"));
    const buyer = await toolBuyer("srch-exact-tool");
    expect((await search(buyer.deviceKey)).body.customers).toEqual([{ email: buyer.email, matchedBy: "deviceKey" }]);
    expect((await search(buyer.order.tranId)).body.customers).toEqual([{ email: buyer.email, matchedBy: "tranId" }]);
  });

  it("the first part of a buy key (8 characters or more, any case) finds its owner; 7 characters is not a prefix search (#29 item 8)", async () => {
    const c = await accountCustomer("srch-prefix");
    const expected = [{ email: c.email, accountId: c.id, matchedBy: "buyKey" }];
    expect((await search(c.licence.buyKey.slice(0, 8))).body.customers).toEqual(expected);
    expect((await search(c.licence.buyKey.slice(0, 11).toLowerCase())).body.customers).toEqual(expected);
    expect((await search(c.licence.buyKey.slice(0, 9))).body.customers).toEqual(expected);
    expect((await search(c.licence.buyKey.slice(0, 7))).body.customers.filter((h) => h.matchedBy === "buyKey")).toEqual([]);
  });

  it("a key that names nothing finds nobody; a tran_id-like term that names no order is searched as text", async () => {
    expect((await search("KS-AAAAA-BBBBB-CCCCC-DDDDD")).body.customers).toEqual([]);
    expect((await search("PC-LDREEL-NOBODY")).body.customers).toEqual([]);
    expect((await search("A".repeat(32))).body.customers).toEqual([]);
    const c = await accountCustomer("anna2024");
    expect((await search(`anna2024-${stamp}`)).body.customers).toEqual([{ email: c.email, accountId: c.id, matchedBy: "email" }]);
    // Letters only, of a tran_id's length: a name as well.
    expect((await search("ANNA2024")).body.customers.map((h) => h.email)).toContain(c.email);
    expect((await search("anna2024")).body.customers.map((h) => h.email)).toContain(c.email);
  });

  it("another admin is a customer too", async () => {
    const other = await t.signedInUser({ role: "admin", email: `srch-admin-${stamp}@example.com` });
    expect((await search(`srch-admin-${stamp}`)).body.customers).toEqual([{ email: other.email, accountId: other.id, matchedBy: "email" }]);
    expect((await view(other.email)).body.account).toMatchObject({ role: "admin", twoFactorEnabled: true });
  });

  it("a term shorter than 2 characters is refused with 422 and a clear message", async () => {
    for (const q of ["", "a", "  b  "]) {
      const res = await search(q);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION_FAILED", message: "q: Type at least 2 characters to search." });
    }
    expect((await search("x".repeat(201))).status).toBe(422);
  });

  it("LIKE's wildcards are plain characters; at most 20 customers come back", async () => {
    expect((await search("%%")).body.customers).toEqual([]);
    expect((await search("__")).body.customers).toEqual([]);
    const many = `srch-many-${stamp}`;
    for (let i = 0; i < 23; i++) await createLicense({ db: t.database.db, planId: "local-1m", email: `${many}-${i}@example.com` });
    const res = await search(many);
    expect(res.body.customers).toHaveLength(20);
    expect(res.body.customers.map((c) => c.email)).toEqual([...res.body.customers.map((c) => c.email)].sort());
  });

  it("is for admins with a second factor only", async () => {
    const plain = await t.signedInUser();
    expect((await plain.client.json("/api/admin/search?q=example")).status).toBe(403);
    const no2fa = await t.signedInUser({ role: "admin", twoFactor: false });
    expect((await no2fa.client.json<{ code: string }>("/api/admin/search?q=example")).body.code).toBe("SECOND_FACTOR_REQUIRED");
    expect((await t.client().json("/api/admin/search?q=example")).status).toBe(401);
  });
});

describe("the customer's page", () => {
  it("shows the account, licences with their activity, orders with PayWay references, balance and ledger, OTP orders, history and audit", async () => {
    const c = await accountCustomer("page-full", "Dara");
    // What the licence API saw: two addresses this hour.
    t.licenseSignals.record(c.licence.id, "address", "203.0.113.7");
    t.licenseSignals.record(c.licence.id, "address", "198.51.100.2");
    t.licenseSignals.record(c.licence.id, "refused_key", "PC-LDREEL-STRANGER");
    await t.licenseSignals.flush();
    // An admin's earlier change to them (a role change targets the account).
    await t.database.db.insert(auditLog).values({ actorEmail: "boss@example.com", action: "user.role", targetType: "user", targetId: c.id, before: { role: "user" }, after: { role: "user" }, note: "check" });

    const res = await view(c.email.toUpperCase());
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.email).toBe(c.email);
    expect(page.account).toMatchObject({ id: c.id, name: "Dara", role: "user", emailVerified: true, twoFactorEnabled: false, superAdmin: false });
    expect(page.licences.total).toBe(1);
    const [license] = page.licences.items;
    expect(license).toMatchObject({ id: c.licence.id, buyKey: c.licence.buyKey, deviceKey: c.deviceKey, status: "Active", changesLeft: 2, planTitle: "1 Month", planMonths: 1, planKeyChanges: 2, suspendedAt: null, revokedAt: null });
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect(license!.activity).toEqual({ lastSeenHour: hour, lastSeenAddresses: ["198.51.100.2", "203.0.113.7"], addresses24h: 2, refusedKeys24h: 1, flagged: false });
    expect(page.orders).toMatchObject({ total: 1, items: [{ id: c.order.id, tranId: c.order.tranId, status: "paid", provider: "payway", refundedMills: 0, amountMills: 9_990 }] });
    expect(page.balance.apiKey).toMatchObject({ id: c.apiKeyId, keyEnd: c.apiKey.slice(-4), balanceMills: 2_500 });
    // The key is a credential: the page shows its end only.
    expect(JSON.stringify(page)).not.toContain(c.apiKey);
    expect(page.balance.ledger.items.map((l) => [l.reason, l.deltaMills])).toEqual([["topup", 2_500]]);
    expect(page.otpOrders).toMatchObject({ total: 1, items: [{ id: c.otp.id, status: "success" }] });
    expect(page.history.items).toEqual([]);
    expect(page.audit.items).toEqual([expect.objectContaining({ action: "user.role", targetType: "user", targetId: c.id, targetEmail: c.email, note: "check" })]);
  });

  it("a buyer without an account: 'no account', their licences and orders by e-mail", async () => {
    const buyer = await toolBuyer("page-tool");
    const res = await view(buyer.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: buyer.email,
      account: null,
      licences: { total: 1, items: [{ buyKey: buyer.licence.buyKey, planTitle: "3 Months", activity: { lastSeenHour: null, lastSeenAddresses: [], addresses24h: 0 } }] },
      orders: { total: 1, items: [{ tranId: buyer.order.tranId, kind: "tool" }] },
      balance: { apiKey: null, ledger: { items: [], total: 0 } },
      otpOrders: { items: [], total: 0 },
    });
  });

  it("an e-mail nobody has is 404; one that is no e-mail is 422", async () => {
    expect(await view(`nobody-${stamp}@example.com`)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await view("not-an-email")).status).toBe(422);
  });

  it("an e-mail with + and other URL characters, URL-encoded", async () => {
    const email = `plus+tag-${stamp}@example.com`;
    await createLicense({ db: t.database.db, planId: "local-1m", email });
    expect((await view(email)).body.email).toBe(email);
    expect((await search(`plus+tag-${stamp}`)).body.customers).toEqual([{ email, matchedBy: "email" }]);
  });
});
