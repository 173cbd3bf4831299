// Overview figures against a seed computed by hand, in UTC and in the shop's own time zone, and the
// sales_daily rollup kept equal to the orders by the triggers.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenses, orders, plans } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { getOverview } from "./overview";
import { queryRows } from "./rows";
import { insertOrders, insertUser } from "./test-seed";

let t: TestContext;
const NOW = new Date("2026-03-15T10:00:00Z");
const at = (iso: string) => new Date(iso);
let adminClient: Awaited<ReturnType<TestContext["signedInUser"]>>["client"];

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  adminClient = (await t.signedInUser({ role: "admin" })).client; // user 1
  for (let i = 0; i < 4; i++) await insertUser(db); // users 2–5

  // Licences (e-mails are stored lower-cased). Valid now: a (twice), e. Not: b expired, c marked
  // 'expirekey_', d never activated (no dates).
  const license = (email: string, fields: Partial<typeof licenses.$inferInsert>) =>
    db.insert(licenses).values({ buyKey: `BK-${email}-${Math.random()}`, changesLeft: 1, termDays: 30, email, planId: "local-1m", ...fields });
  await license("a@example.com", { deviceKey: "LDREEL-A1", startDate: at("2026-03-01T00:00:00Z"), expireDate: at("2026-04-01T00:00:00Z") });
  await license("a@example.com", { deviceKey: "LDREEL-A2", startDate: at("2026-03-01T00:00:00Z"), expireDate: at("2026-05-01T00:00:00Z") });
  await license("b@example.com", { deviceKey: "LDREEL-B", startDate: at("2026-01-01T00:00:00Z"), expireDate: at("2026-03-15T09:59:59Z") });
  await license("c@example.com", { deviceKey: "expirekey_LDREEL-C", startDate: at("2026-03-01T00:00:00Z"), expireDate: at("2026-04-01T00:00:00Z") });
  await license("d@example.com", {});
  await license("e@example.com", { deviceKey: "LDREEL-E", startDate: at("2026-03-10T00:00:00Z"), expireDate: at("2026-03-15T10:00:01Z") });

  await insertOrders(db, [
    { kind: "plan", planId: "local-1m", paidAt: at("2026-03-15T09:00:00Z") }, // 9,990 today
    { kind: "topup", amountMills: 5_000, paidAt: at("2026-03-15T00:30:00Z") }, // 5,000 today
    { kind: "plan", planId: "local-3m", paidAt: at("2026-03-02T12:00:00Z") }, // 29,990 this month
    { kind: "tool", planId: "local-12m", paidAt: at("2026-02-20T12:00:00Z") }, // 119,990 in the chart, not this month
    { kind: "topup", amountMills: 20_000, paidAt: at("2026-01-10T12:00:00Z") }, // 20,000 all-time only
    { kind: "plan", planId: "local-1m", status: "pending", createdAt: at("2026-03-15T09:30:00Z") },
    { kind: "plan", planId: "local-3m", status: "failed", createdAt: at("2026-03-15T08:00:00Z") },
    { kind: "plan", planId: "local-1m", paidAt: at("2026-03-10T08:00:00Z"), buyKey: "REFUNDED-1" }, // refunded below
    { kind: "plan", planId: "local-1m", paidAt: at("2026-03-14T18:00:00Z") }, // 9,990: 14th in UTC, 15th in Phnom Penh
  ]);
  await db.update(orders).set({ status: "refunded" }).where(sql`${orders.fulfilment} ->> 'buyKey' = 'REFUNDED-1'`);
});
afterAll(() => t.close());

describe("overview cards (hand-computed seed)", () => {
  it("in UTC", async () => {
    const o = await getOverview({ db: t.database.db, tz: "UTC", now: NOW });
    expect(o.cards).toEqual({
      totalUsers: 5,
      activeUsers: 2,
      salesTodayMills: 9_990 + 5_000,
      monthlySalesMills: 9_990 + 5_000 + 29_990 + 9_990,
      allTimeRevenueMills: 9_990 + 5_000 + 29_990 + 119_990 + 20_000 + 9_990,
    });
  });

  it("in the viewer's time zone: Phnom Penh's day began at 17:00 UTC the day before", async () => {
    const o = await getOverview({ db: t.database.db, tz: "Asia/Phnom_Penh", now: NOW });
    expect(o.cards.salesTodayMills).toBe(9_990 + 5_000 + 9_990);
    expect(o.cards.monthlySalesMills).toBe(9_990 + 5_000 + 29_990 + 9_990);
    expect(o.revenueByDay.at(-1)).toEqual({ day: "2026-03-15", planMills: 19_980, topupMills: 5_000 });
  });

  it("revenue by day: 30 days ending today, zero-filled, licences (plans and tool) apart from top-ups", async () => {
    const { revenueByDay } = await getOverview({ db: t.database.db, tz: "UTC", now: NOW });
    expect(revenueByDay).toHaveLength(30);
    expect(revenueByDay[0]!.day).toBe("2026-02-14");
    expect(revenueByDay.at(-1)).toEqual({ day: "2026-03-15", planMills: 9_990, topupMills: 5_000 });
    const nonZero = revenueByDay.filter((d) => d.planMills || d.topupMills);
    expect(nonZero).toEqual([
      { day: "2026-02-20", planMills: 119_990, topupMills: 0 },
      { day: "2026-03-02", planMills: 29_990, topupMills: 0 },
      { day: "2026-03-14", planMills: 9_990, topupMills: 0 },
      { day: "2026-03-15", planMills: 9_990, topupMills: 5_000 },
    ]);
  });

  it("plan mix over the same 30 days, most revenue first", async () => {
    const { planMix } = await getOverview({ db: t.database.db, tz: "UTC", now: NOW });
    expect(planMix.map(({ planId, count, mills }) => ({ planId, count, mills }))).toEqual([
      { planId: "local-12m", count: 1, mills: 119_990 },
      { planId: "local-3m", count: 1, mills: 29_990 },
      { planId: "local-1m", count: 2, mills: 19_980 },
    ]);
    expect(planMix[0]).toMatchObject({ title: "12 Months", months: 12, market: "local" });
  });

  it("recent transactions: every status, newest first, at most 40", async () => {
    const { recentTransactions } = await getOverview({ db: t.database.db, now: NOW });
    expect(recentTransactions).toHaveLength(9);
    const times = recentTransactions.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(recentTransactions.map((o) => o.status)).toContain("pending");
    expect(recentTransactions.map((o) => o.status)).toContain("refunded");

    await insertOrders(t.database.db, Array.from({ length: 40 }, () => ({ kind: "topup" as const, status: "pending" as const, createdAt: at("2026-03-01T00:00:00Z") })));
    expect((await getOverview({ db: t.database.db, now: NOW })).recentTransactions).toHaveLength(40);
  });

  it("over HTTP: an admin gets the overview in the requested zone; an unknown zone is a 422", async () => {
    const res = await adminClient.json<{ timeZone: string; cards: Record<string, number>; revenueByDay: unknown[] }>("/api/admin/overview?tz=Asia/Phnom_Penh");
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("Asia/Phnom_Penh");
    expect(res.body.revenueByDay).toHaveLength(30);
    expect(res.body.cards.allTimeRevenueMills).toBe(194_960);
    const bad = await adminClient.json<{ code: string; issues: Array<{ path: string }> }>("/api/admin/overview?tz=Mars/Olympus_Mons");
    expect(bad.status).toBe(422);
    expect(bad.body.issues[0]!.path).toBe("tz");
    const injected = await adminClient.json("/api/admin/overview?tz=UTC';drop table orders;--");
    expect(injected.status).toBe(422);
  });
});

describe("sales_daily rollup", () => {
  async function rollupMatchesOrders() {
    const [mismatch] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from (
            select (coalesce(paid_at, created_at) at time zone 'UTC')::date as day, kind, coalesce(plan_id, '') as plan_key,
                   count(*) as c, sum(amount_mills) as m
            from orders where status = 'paid' group by 1, 2, 3
          ) o
          full join (select * from sales_daily where paid_count <> 0 or paid_mills <> 0) s
            on s.day = o.day and s.kind = o.kind and s.plan_key = o.plan_key
          where o.c is distinct from s.paid_count or o.m is distinct from s.paid_mills`,
    );
    return Number(mismatch!.n);
  }

  it("follows inserts, payments, refunds, re-dating and deletes, one row or many per statement", async () => {
    const db = t.database.db;
    expect(await rollupMatchesOrders()).toBe(0);
    const created = await insertOrders(db, Array.from({ length: 25 }, (_, i) => ({ kind: "plan" as const, planId: i % 2 ? "local-1m" : "foreign-3m", status: "pending" as const, createdAt: at("2026-03-05T10:00:00Z") })));
    expect(await rollupMatchesOrders()).toBe(0);
    // Pay all of them in one statement, then refund some, move one's payment date, change an amount.
    await db.update(orders).set({ status: "paid", paidAt: at("2026-03-05T10:05:00Z") }).where(sql`${orders.id} in ${created.map((o) => o.id)}`);
    expect(await rollupMatchesOrders()).toBe(0);
    await db.update(orders).set({ status: "refunded" }).where(sql`${orders.id} in ${created.slice(0, 5).map((o) => o.id)}`);
    await db.update(orders).set({ paidAt: at("2026-02-01T00:00:00Z") }).where(eq(orders.id, created[10]!.id));
    await db.update(orders).set({ amountMills: 1 }).where(eq(orders.id, created[11]!.id));
    await db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.status, "paid")); // no sales change
    expect(await rollupMatchesOrders()).toBe(0);
    await db.delete(orders).where(sql`${orders.id} in ${created.slice(20).map((o) => o.id)}`);
    expect(await rollupMatchesOrders()).toBe(0);

    const [all] = await queryRows<{ total: string }>(db, sql`select sum(amount_mills) as total from orders where status = 'paid'`);
    expect((await getOverview({ db, now: NOW })).cards.allTimeRevenueMills).toBe(Number(all!.total));
  });

  it("plans keep their catalogue titles in the mix", async () => {
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.id, "foreign-3m"));
    const { planMix } = await getOverview({ db: t.database.db, tz: "UTC", now: NOW });
    expect(planMix.find((p) => p.planId === "foreign-3m")).toMatchObject({ title: plan!.title, market: "foreign" });
  });
});
