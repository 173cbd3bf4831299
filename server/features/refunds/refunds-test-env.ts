// The refunds tests' shared setup (refunds-*.test.ts): the PayWay simulator and app, a super-admin
// and an admin, buying and refunding over HTTP, and the check after every case that the ledger,
// sales_daily and the Overview agree with the orders.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { apiKeys, orders, refunds, shopEvents } from "../../db/schema";
import { callbackSignature } from "../../providers/payway/callback-signature";
import type { TestClient } from "../../test/harness";
import { queryRows } from "../admin/rows";
import { findLedgerMismatches } from "../balance/service";
import { API_KEY, type PaymentsTestEnv, startPaymentsTestEnv } from "../../test/orders-env";
import type { CheckoutResponse } from "../../../contracts/orders";
import { getOverview } from "../admin/overview";

export let env: PaymentsTestEnv;
export let boss: { client: TestClient; email: string; id: string };
export let admin: { client: TestClient; email: string; id: string };
export const DAY = 86_400_000;

/** One PayWay simulator and app for the file, and after every case: the ledger equals the balances, the rollup and the Overview equal the orders. */
export function useRefundsTestEnv() {
  beforeAll(async () => {
    env = await startPaymentsTestEnv();
    boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
    admin = await env.t.signedInUser({ role: "admin" });
  });
  afterAll(() => env.close());
  afterEach(async () => {
    expect(await findLedgerMismatches({ db: env.t.database.db })).toEqual([]);
    await expectFiguresMatchOrders();
  });
}

export const db = () => env.t.database.db;
export const eventsOf = async (type: string, orderId: string) =>
  (await db().select().from(shopEvents).where(eq(shopEvents.type, type as never))).filter((e) => (e.data as { orderId?: string }).orderId === orderId);

export async function expectFiguresMatchOrders() {
  const [mismatch] = await queryRows<{ n: string }>(
    db(),
    sql`select count(*) as n from (
          select (coalesce(paid_at, created_at) at time zone 'UTC')::date as day, kind, coalesce(plan_id, '') as plan_key,
                 count(*) as c, sum(amount_mills - refunded_mills) as m
          from orders where status = 'paid' group by 1, 2, 3
        ) o
        full join (select * from sales_daily where paid_count <> 0 or paid_mills <> 0) s
          on s.day = o.day and s.kind = o.kind and s.plan_key = o.plan_key
        where o.c is distinct from s.paid_count or o.m is distinct from s.paid_mills`,
  );
  expect(Number(mismatch!.n)).toBe(0);
  const now = new Date();
  const [sums] = await queryRows<{ all_time: string | null; month: string | null; today: string | null }>(
    db(),
    sql`select sum(amount_mills - refunded_mills) as all_time,
               sum(amount_mills - refunded_mills) filter (where paid_at >= date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC') as month,
               sum(amount_mills - refunded_mills) filter (where paid_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC') as today
        from orders where status = 'paid'`,
  );
  const { cards, revenueByDay } = await getOverview({ db: db(), tz: "UTC", now });
  expect(cards.allTimeRevenueMills).toBe(Number(sums!.all_time ?? 0));
  expect(cards.monthlySalesMills).toBe(Number(sums!.month ?? 0));
  expect(cards.salesTodayMills).toBe(Number(sums!.today ?? 0));
  const todayRow = revenueByDay.at(-1)!;
  expect(todayRow.planMills + todayRow.topupMills).toBe(Number(sums!.today ?? 0));
}

export const pay = (res: { status: number; body: CheckoutResponse }) => env.payAnswer(res);

export const buyPlan = (client: TestClient, planId = "local-1m") => env.checkout(client, { kind: "plan", planId }).then(pay);
// `dollars` of balance (the wire takes integer mills).
export const topUp = (client: TestClient, dollars: number) => env.checkout(client, { kind: "topup", amountMills: dollars * 1000 }).then(pay);

export function refund(orderId: string, body: Record<string, unknown> = { reason: "Customer asked" }, client = boss.client) {
  return client.json<{ code?: string; message: string; refund: { amountMills: number; source: string; reversal: Record<string, unknown>; appliedAt: string | null }; order: { status: string; refundedMills: number } }>(`/api/admin/orders/${orderId}/refunds`, { json: body });
}

export async function balanceOf(userId: string) {
  const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, userId));
  return key?.balanceMills ?? 0;
}

export const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
export const refundedAtPayway = (order: typeof orders.$inferSelect) => env.deps.providers.checkout.refundedSoFar({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" });
export const reload = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/** PayWay's callback, signed, as PayWay (or someone replaying it) posts it. */
export function postCallback(tranId: string) {
  const body = { tran_id: tranId, apv: "123456", status: "0", return_params: "" };
  return fetch(`${env.appUrl}/api/payway/callback`, { method: "POST", headers: { "content-type": "application/json", "x-payway-hmac-sha512": callbackSignature(API_KEY, body) }, body: JSON.stringify(body) });
}
