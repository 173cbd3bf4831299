// Gmail OTP transactions (admin): the revenue formula, search over address, API key and service,
// the date range, and paging.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOtpList } from "../../../contracts/admin";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { ensureApiKey, revealApiKey } from "../balance/service";
import { insertOtpOrder } from "./test-seed";

let t: TestContext;
let admin: TestClient;
let keyText: string;
const DAY = new Date("2026-03-15T00:00:00Z").getTime();
const at = (hours: number) => new Date(DAY + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signedInUser({ role: "admin" })).client;
  const buyerA = await t.signedInUser({ email: "otp-buyer-a@example.com" });
  const buyerB = await t.signedInUser({ email: "otp-buyer-b@example.com" });
  const keyA = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: buyerA.id });
  const keyB = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: buyerB.id });
  keyText = revealApiKey(t.config.authSecret, keyA);
  const db = t.database.db;
  // Day 15: A has 3 successes (the spec's $0.045 − $0.042), one at another price, a pending and a
  // failed (refunded) order; B has one success on another service. Day 14: one more success of A.
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "Alpha.One@gmail.com", status: "success", createdAt: at(1) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.two@gmail.com", status: "success", createdAt: at(2) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.three@gmail.com", status: "success", createdAt: at(3) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.four@gmail.com", status: "success", priceMills: 60, costMills: 42, createdAt: at(4) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.five@gmail.com", status: "pending", createdAt: at(5) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.six@gmail.com", status: "failed", createdAt: at(6) });
  await insertOtpOrder(db, { apiKeyId: keyB.id, userId: buyerB.id, address: "beta@gmail.com", service: "Instagram", status: "success", createdAt: at(7) });
  await insertOtpOrder(db, { apiKeyId: keyA.id, userId: buyerA.id, address: "alpha.old@gmail.com", status: "success", createdAt: at(-5) });
});
afterAll(() => t.close());

const range = `from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(24).toISOString())}`;
const list = (q: string) => admin.json<AdminOtpList>(`/api/admin/otp-orders?${q}`);

describe("Gmail OTP transactions", () => {
  it("totals the day: Total Spent excludes refunded orders; revenue = Σ (price − cost) over successes", async () => {
    const res = await list(range);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.successCount).toBe(5);
    // Spent: 45 × 3 + 60 + 45 (pending) + 45 (beta) = 285; the failed order was refunded.
    expect(res.body.totalSpentMills).toBe(285);
    // Revenue: 3 × (45 − 42) + (60 − 42) + (45 − 42) = 30 mills = $0.030.
    expect(res.body.totalRevenueMills).toBe(30);
    expect(res.body.orders.map((o) => o.address)).toEqual([
      "beta@gmail.com",
      "alpha.six@gmail.com",
      "alpha.five@gmail.com",
      "alpha.four@gmail.com",
      "alpha.three@gmail.com",
      "alpha.two@gmail.com",
      "Alpha.One@gmail.com",
    ]);
    expect(res.body.orders[0]).toMatchObject({ service: "Instagram", userEmail: "otp-buyer-b@example.com", costMills: 42, priceMills: 45, balanceBeforeMills: 1000, balanceAfterMills: 955 });
    expect(res.body.orders[0]!.supplierRef).toMatch(/^ref-/);
  });

  it("the spec's example: 100 successful orders at $0.045 with cost $0.042 make $0.300", async () => {
    const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: (await t.signedInUser()).id });
    const day = new Date("2026-01-01T12:00:00Z");
    for (let i = 0; i < 100; i++) await insertOtpOrder(t.database.db, { apiKeyId: key.id, status: "success", createdAt: day });
    const res = await list(`from=2026-01-01T00:00:00Z&to=2026-01-01T23:59:59.999Z`);
    expect(res.body.totalRevenueMills).toBe(300);
    expect(res.body.totalSpentMills).toBe(4_500);
  });

  it("searches address and service case-insensitively, and a whole API key in any case", async () => {
    expect((await list(`${range}&search=ALPHA.ONE`)).body.orders.map((o) => o.address)).toEqual(["Alpha.One@gmail.com"]);
    expect((await list(`${range}&search=instagram`)).body.total).toBe(1);
    const byKey = await list(`${range}&search=${keyText.toLowerCase()}`);
    expect(byKey.body.total).toBe(6);
    expect(byKey.body.totalRevenueMills).toBe(27);
    expect((await list(`${range}&search=${keyText.slice(0, 10)}`)).body.total).toBe(0);
    expect((await list(`${range}&search=%25`)).body.total).toBe(0);
    expect((await list(`${range}&search=nothing-like-this`)).body).toMatchObject({ total: 0, orders: [], totalSpentMills: 0, totalRevenueMills: 0 });
  });

  it("filters by date range and pages", async () => {
    const day14 = await list(`from=${encodeURIComponent(at(-24).toISOString())}&to=${encodeURIComponent(at(0).toISOString())}`);
    expect(day14.body.orders.map((o) => o.address)).toEqual(["alpha.old@gmail.com"]);
    const page1 = await list(`${range}&pageSize=3`);
    const page3 = await list(`${range}&pageSize=3&page=3`);
    expect(page1.body.orders).toHaveLength(3);
    expect(page3.body.orders.map((o) => o.address)).toEqual(["Alpha.One@gmail.com"]);
    expect(page3.body.totalRevenueMills).toBe(30); // totals cover the whole filter, not the page
    expect((await list(`${range}&pageSize=3&page=4`)).body.orders).toEqual([]);
    expect((await list("from=yesterday")).status).toBe(422);
    expect((await list("pageSize=500")).status).toBe(422);
  });
});
