// Refunds against the PayWay simulator over real HTTP (decision 024): full and partial refunds of
// each kind of order through PayWay's refund API, the goods taken back once, races, PayWay saying
// no or not answering, refunds made at PayWay itself (callback and reconciler racing), the
// money-back guarantee, a failure at each step after PayWay refunded (decision 034: recorded first,
// applied by the reconciler), and after every case: the ledger equals the balances, sales_daily and
// the Overview equal plain SQL sums.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "../../../contracts/text";
import type { CheckoutResponse } from "../../../contracts/orders";
import { apiKeys, auditLog, balanceLedger, licenses, orders, refundRequests, refunds, shopEvents } from "../../db/schema";
import { callbackSignature } from "../../providers/payway/callback-signature";
import type { TestClient } from "../../test/harness";
import { getOverview } from "../admin/overview";
import { queryRows } from "../admin/rows";
import { changeBalance, findLedgerMismatches } from "../balance/service";
import { createLicense } from "../licenses/service";
import { reconcileRefunds } from "./reconcile";
import { startJob } from "../schedule/jobs";
import { API_KEY, startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { refundOrder } from "./service";
import { changeProvider } from "../../test/payment-providers";

let env: PaymentsTestEnv;
let boss: { client: TestClient; email: string; id: string };
let admin: { client: TestClient; email: string; id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
  admin = await env.t.signedInUser({ role: "admin" });
  // A failure injected into one step (see failAt): the trigger raises as a broken database would.
  await env.t.database.db.execute(sql.raw(`create or replace function test_fail_step() returns trigger language plpgsql as $$ begin raise exception 'injected failure: %', tg_argv[0]; end $$`));
});
afterAll(() => env.close());
afterEach(async () => {
  // After every case: the ledger equals the balances, the rollup and the Overview equal the orders.
  expect(await findLedgerMismatches({ db: env.t.database.db })).toEqual([]);
  await expectFiguresMatchOrders();
});

const db = () => env.t.database.db;
const eventsOf = async (type: string, orderId: string) =>
  (await db().select().from(shopEvents).where(eq(shopEvents.type, type as never))).filter((e) => (e.data as { orderId?: string }).orderId === orderId);

async function expectFiguresMatchOrders() {
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

async function pay(res: { status: number; body: CheckoutResponse }) {
  expect(res.status).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  await env.control(`/transactions/${res.body.order.tranId}/approve`);
  const order = await env.order(res.body.order.tranId);
  expect(order.status).toBe("paid");
  return order;
}

const buyPlan = (client: TestClient, planId = "local-1m") => env.checkout(client, { kind: "plan", planId }).then(pay);
// `dollars` of balance (the wire takes integer mills).
const topUp = (client: TestClient, dollars: number) => env.checkout(client, { kind: "topup", amountMills: dollars * 1000 }).then(pay);

function refund(orderId: string, body: Record<string, unknown> = { reason: "Customer asked" }, client = boss.client) {
  return client.json<{ code?: string; message: string; refund: { amountMills: number; source: string; reversal: Record<string, unknown>; appliedAt: string | null }; order: { status: string; refundedMills: number } }>(`/api/admin/orders/${orderId}/refunds`, { json: body });
}

async function balanceOf(userId: string) {
  const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, userId));
  return key?.balanceMills ?? 0;
}

const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const refundedAtPayway = (order: typeof orders.$inferSelect) => env.deps.providers.checkout.refundedSoFar({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" });
const reload = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/** PayWay's callback, signed, as PayWay (or someone replaying it) posts it. */
function postCallback(tranId: string) {
  const body = { tran_id: tranId, apv: "123456", status: "0", return_params: "" };
  return fetch(`${env.appUrl}/api/payway/callback`, { method: "POST", headers: { "content-type": "application/json", "x-payway-hmac-sha512": callbackSignature(API_KEY, body) }, body: JSON.stringify(body) });
}

describe("admin refunds through PayWay's refund API", () => {
  it("a plan in full: PayWay refunds, the licence is revoked, the order is Refunded, e-mailed and audited, once", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client, "local-3m");
    const res = await refund(order.id);
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ amountMills: 29_990, source: "admin", reversal: { licenceRevoked: { buyKey: expect.stringMatching(/^KS-/) } } });
    expect(res.body.order).toMatchObject({ status: "refunded", refundedMills: 29_990 });
    expect(res.body.message).toContain("revoked");
    expect(await refundedAtPayway(order)).toBe(29_990);
    const [license] = await env.licensesOf(order.id);
    expect(license!.revokedAt).not.toBeNull();
    expect(await env.emails(buyer.email, "refund-made")).toBe(1);
    const mail = await env.t.lastEmail(buyer.email, "refund-made");
    expect(mail.text).toContain("$29.99");
    expect(mail.text).toContain(license!.buyKey);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "order.refund"), eq(auditLog.targetId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: boss.id, note: "Customer asked" });
    // The order.refunded event (webhooks, Telegram), written with the refund.
    expect(await eventsOf("order.refunded", order.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ orderId: order.id, amountMills: 29_990, refundedTotalMills: 29_990, source: "admin" }) })]);
    // The customer's own view of the order, and of the licence.
    const mine = await buyer.client.json<{ order: { status: string; refundedMills: number } }>(`/api/orders/${order.id}`);
    expect(mine.body.order).toMatchObject({ status: "refunded", refundedMills: 29_990 });
    const list = await buyer.client.json<{ licenses: Array<{ buyKey: string; revokedAt: string | null }> }>("/api/licenses");
    expect(list.body.licenses.find((l) => l.buyKey === license!.buyKey)?.revokedAt).toBeTruthy();

    // Again: nothing is left to refund.
    const again = await refund(order.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ORDER_NOT_REFUNDABLE");
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundedAtPayway(order)).toBe(29_990);
  });

  it("a plan in parts: a partial refund keeps the licence, the last part revokes it; more than is left is refused", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client, "local-1m"); // $9.99
    const first = await refund(order.id, { amountMills: 2_000, reason: "Goodwill" });
    expect(first.status).toBe(201);
    expect(first.body.order).toMatchObject({ status: "paid", refundedMills: 2_000 });
    expect(first.body.refund.reversal).toEqual({ nothing: "a partial refund keeps the licence" });
    expect((await env.licensesOf(order.id))[0]!.revokedAt).toBeNull();

    const tooMuch = await refund(order.id, { amountMills: 8_000, reason: "Too much" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: "REFUND_TOO_LARGE", message: expect.stringContaining("$7.99") });
    expect(await refundedAtPayway(order)).toBe(2_000);
    expect((await reload(order.id)).refundedMills).toBe(2_000);

    const rest = await refund(order.id, { reason: "The rest" });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amountMills).toBe(7_990);
    expect(rest.body.order).toMatchObject({ status: "refunded", refundedMills: 9_990 });
    expect((await env.licensesOf(order.id))[0]!.revokedAt).not.toBeNull();
    expect(await refundedAtPayway(order)).toBe(9_990);
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it("a top-up: each refund debits its amount through the ledger", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 20);
    const part = await refund(order.id, { amountMills: 5_000, reason: "Part" });
    expect(part.status).toBe(201);
    expect(part.body.refund.reversal).toMatchObject({ balanceDebited: { mills: 5_000, balanceAfterMills: 15_000 } });
    expect(await balanceOf(buyer.id)).toBe(15_000);
    const rest = await refund(order.id, { reason: "Rest" });
    expect(rest.body.order).toMatchObject({ status: "refunded", refundedMills: 20_000 });
    expect(await balanceOf(buyer.id)).toBe(0);
    const ledger = await db().select().from(balanceLedger).where(and(eq(balanceLedger.reference, order.id), eq(balanceLedger.reason, "topup_refund")));
    expect(ledger.map((l) => l.deltaMills).sort()).toEqual([-15_000, -5_000]);
    expect(await refundedAtPayway(order)).toBe(20_000);
  });

  it("a top-up whose credit was spent: refused with the balance named, nothing refunded anywhere", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 10);
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, buyer.id));
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key!.id, deltaMills: -7_000, reason: "otp_purchase", reference: "spent" }));
    const res = await refund(order.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("REFUND_BALANCE_TOO_LOW");
    expect(res.body.message).toContain("$3.00");
    expect(await refundedAtPayway(order)).toBe(0);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0, refundClaimUntil: null });
    expect(await balanceOf(buyer.id)).toBe(3_000);
    // What the balance still holds can be refunded.
    expect((await refund(order.id, { amountMills: 3_000, reason: "What is left" })).status).toBe(201);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("a subscription-tool renewal: a partial refund takes nothing back; the rest takes its days off the licence", async () => {
    const start = new Date(Date.now() - DAY);
    const expire = new Date(Date.now() + 10 * DAY);
    const deviceKey = `PC-LDREEL-REFUND-${Date.now()}`;
    const license = await createLicense({ db: db(), planId: "local-1m", email: "tool-owner@example.com", deviceKey, startDate: start, expireDate: expire });
    const order = await pay(await env.checkout(env.t.client(), { planId: "local-1m", email: "tool-owner@example.com", deviceKey }, "/api/orders/subscription-tool"));
    const [extended] = await db().select().from(licenses).where(eq(licenses.id, license.id));
    expect(extended!.expireDate!.getTime()).toBe(expire.getTime() + 30 * DAY);

    const part = await refund(order.id, { amountMills: 990, reason: "Part" });
    expect(part.body.refund.reversal).toEqual({ nothing: "a partial refund keeps the licence" });
    const rest = await refund(order.id, { reason: "Rest" });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.reversal).toMatchObject({ daysRemoved: { licenseId: license.id, days: 30 } });
    const [after] = await db().select().from(licenses).where(eq(licenses.id, license.id));
    expect(after!.expireDate!.getTime()).toBe(expire.getTime());
    expect(after!.revokedAt).toBeNull();
    expect(await env.emails("tool-owner@example.com", "refund-made")).toBe(2);
  });

  it("two refunds of one order at once: exactly one is made", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 10);
    const other = await env.t.signedInUser({ role: "admin", superAdmin: true });
    const [a, b] = await Promise.all([refund(order.id, { reason: "A" }), refund(order.id, { reason: "B" }, other.client)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(["REFUND_IN_PROGRESS", "ORDER_NOT_REFUNDABLE"]).toContain((a.status === 409 ? a : b).body.code);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundedAtPayway(order)).toBe(10_000);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("PayWay refuses: nothing changes here, PayWay's words are shown, and the order can be refunded afterwards", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    await env.control("/refund-mode", { mode: "fail", once: true });
    const res = await refund(order.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "REFUND_REFUSED", message: expect.stringContaining("Fail to refund") });
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0, refundClaimUntil: null });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await env.licensesOf(order.id))[0]!.revokedAt).toBeNull();
    expect(await env.emails(buyer.email, "refund-made")).toBe(0);
    expect((await refund(order.id)).status).toBe(201);
  });

  it("PayWay does not answer: nothing is recorded, no retry until the claim lapses, then it is made once", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 5);
    await env.control("/refund-mode", { mode: "error", once: true });
    const res = await refund(order.id);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("REFUND_OUTCOME_UNKNOWN");
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await balanceOf(buyer.id)).toBe(5_000);
    expect((await refund(order.id)).body.code).toBe("REFUND_IN_PROGRESS");
    // The claim lapses (2 minutes): the reconciler looks, PayWay refunded nothing, nothing is applied.
    await db().update(orders).set({ refundClaimUntil: new Date(Date.now() - 1) }).where(eq(orders.id, order.id));
    await reconcileRefunds(env.deps, new Date(Date.now() + 3 * 60_000));
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await refund(order.id)).status).toBe(201);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("an answer lost after PayWay refunded: the reconciler records it once, and a retry refunds nothing more", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 8);
    const lossy = { ...env.deps, providers: changeProvider(env.deps.providers, (real) => ({ ...real, refund: async (p, a) => { await real.refund(p, a); throw new Error("socket hang up"); } })) };
    await expect(refundOrder(lossy, { orderId: order.id, reason: "Lost", source: "admin", actor: { id: boss.id, email: boss.email } })).rejects.toMatchObject({ code: "REFUND_OUTCOME_UNKNOWN" });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await refundedAtPayway(order)).toBe(8_000);
    // While the claim holds the reconciler leaves it alone; once it lapsed, it applies PayWay's refund.
    expect((await reconcileRefunds(env.deps, new Date(Date.now() + 60_000))).refunded).toBe(0);
    await db().update(orders).set({ refundClaimUntil: new Date(Date.now() - 1) }).where(eq(orders.id, order.id));
    const pass = await reconcileRefunds(env.deps, new Date(Date.now() + 3 * 60_000));
    expect(pass.refunded).toBe(1);
    expect(await refundsOf(order.id)).toMatchObject([{ source: "provider", amountMills: 8_000 }]);
    expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: 8_000 });
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("a retry after PayWay refunded behind our back: recorded as PayWay's, nothing more refunded", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 6);
    await env.deps.providers.checkout.refund({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" }, 2_000); // in PayWay's portal
    const res = await refund(order.id, { reason: "Admin" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "REFUND_ALREADY_MADE", message: expect.stringContaining("$2.00") });
    expect(await refundsOf(order.id)).toMatchObject([{ source: "provider", amountMills: 2_000 }]);
    expect(await refundedAtPayway(order)).toBe(2_000);
    expect(await balanceOf(buyer.id)).toBe(4_000);
  });

  it("refuses bad input and strangers before anything is read", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    expect((await refund(order.id, { amountMills: 1_005, reason: "x" })).status).toBe(422);
    expect((await refund(order.id, { amountMills: 0, reason: "x" })).status).toBe(422);
    expect((await refund(order.id, { reason: "" })).status).toBe(422);
    expect((await refund(order.id, { reason: "x" }, admin.client)).status).toBe(403);
    expect((await refund(order.id, { reason: "x" }, buyer.client)).status).toBe(403);
    expect((await refund("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0 });
  });
});

describe("refunds made at PayWay itself", () => {
  it("a partial then a full refund in PayWay's portal: applied once each by callbacks and the reconciler racing", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 30);
    const payment = { reference: order.tranId, amountMills: order.amountMills, currency: "USD" };
    await env.deps.providers.checkout.refund(payment, 10_000);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const [c1, c2, , c3] = await Promise.all([postCallback(order.tranId), postCallback(order.tranId), reconcileRefunds(env.deps, later), postCallback(order.tranId)]);
    expect([c1.status, c2.status, c3.status]).toEqual([200, 200, 200]);
    await reconcileRefunds(env.deps, new Date(Date.now() + 5 * 3_600_000));
    expect(await refundsOf(order.id)).toMatchObject([{ source: "provider", amountMills: 10_000 }]);
    expect(await balanceOf(buyer.id)).toBe(20_000);

    await env.control(`/transactions/${order.tranId}/refund`); // the rest
    await Promise.all([reconcileRefunds(env.deps, new Date(Date.now() + 10 * 3_600_000)), postCallback(order.tranId), reconcileRefunds(env.deps, new Date(Date.now() + 20 * 3_600_000))]);
    await reconcileRefunds(env.deps, new Date(Date.now() + 40 * 3_600_000));
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => r.amountMills).sort()).toEqual([10_000, 20_000]);
    expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: 30_000 });
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await env.emails(buyer.email, "refund-made")).toBe(2);
  });

  it("a plan refunded in PayWay's portal: the licence is revoked", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    await env.control(`/transactions/${order.tranId}/refund`);
    expect((await postCallback(order.tranId)).status).toBe(200);
    expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: 9_990 });
    expect((await env.licensesOf(order.id))[0]!.revokedAt).not.toBeNull();
  });

  it("a top-up refunded at PayWay after its credit was spent: what is there is debited, the shortfall recorded and shown to admins", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 10);
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, buyer.id));
    await db().transaction((tx) => changeBalance(tx, { apiKeyId: key!.id, deltaMills: -7_000, reason: "otp_purchase", reference: "spent" }));
    await env.control(`/transactions/${order.tranId}/refund`);
    await reconcileRefunds(env.deps, new Date(Date.now() + 2 * 3_600_000));
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ source: "provider", amountMills: 10_000, reversal: { balanceDebited: { mills: 3_000, balanceAfterMills: 0 }, shortfallMills: 7_000 } });
    expect(await balanceOf(buyer.id)).toBe(0);
    const queue = await admin.client.json<{ shortfalls: Array<{ orderId: string; shortfallMills: number }> }>("/api/admin/refund-requests");
    expect(queue.status).toBe(200);
    expect(queue.body.shortfalls).toContainEqual(expect.objectContaining({ orderId: order.id, shortfallMills: 7_000 }));
  });

  it("orders paid more than 30 days ago are no longer looked at", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    await db().update(orders).set({ paidAt: new Date(Date.now() - 31 * DAY), nextCheckAt: new Date(Date.now() - 1) }).where(eq(orders.id, order.id));
    await reconcileRefunds(env.deps, new Date());
    expect((await reload(order.id)).nextCheckAt).toBeNull();
  });
});

describe("the money-back guarantee", () => {
  const ask = (client: TestClient, orderId: string, reason = "It does not work on my phone at all.") =>
    client.json<{ code?: string; message?: string; request: { id: string; status: string } }>(`/api/orders/${orderId}/refund-requests`, { json: { reason } });

  it("the owner asks within the window, once; the admins see it; a super-admin approves: the refund is made and e-mailed", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 15);
    const history = await buyer.client.json<{ orders: Array<{ id: string; refundRequestUntil: string | null; refundRequest: unknown }> }>("/api/orders");
    const mine = history.body.orders.find((o) => o.id === order.id)!;
    expect(new Date(mine.refundRequestUntil!).getTime()).toBe(order.paidAt!.getTime() + 3 * DAY);
    expect(mine.refundRequest).toBeNull();

    expect((await ask(buyer.client, order.id, "too short")).status).toBe(422);
    const asked = await ask(buyer.client, order.id);
    expect(asked.status).toBe(201);
    expect(asked.body.request.status).toBe("open");
    expect(await env.emails(buyer.email, "refund-request-received")).toBe(1);
    const twice = await ask(buyer.client, order.id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("REFUND_REQUEST_OPEN");
    expect(await eventsOf("refund.requested", order.id)).toHaveLength(1); // the refused second ask tells nobody
    const stranger = await env.t.signedInUser();
    expect((await ask(stranger.client, order.id)).status).toBe(404);

    const queue = await admin.client.json<{ requests: Array<{ id: string; order: { id: string; planTitle: string; planMonths: number | null } }> }>("/api/admin/refund-requests");
    expect(queue.body.requests.map((r) => r.order.id)).toContain(order.id);
    // A top-up: no length (the queue names it "Balance Top Up" in the reader's language).
    expect(queue.body.requests.find((r) => r.order.id === order.id)!.order).toMatchObject({ planTitle: "Balance Top Up", planMonths: null });
    expect((await admin.client.json(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: {} })).status).toBe(403);

    const approved = await boss.client.json<{ request: { status: string }; refund: { source: string; amountMills: number } }>(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: { note: "Sorry about that" } });
    expect(approved.status).toBe(200);
    expect(approved.body.request.status).toBe("approved");
    expect(approved.body.refund).toMatchObject({ source: "guarantee", amountMills: 15_000 });
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await refundedAtPayway(order)).toBe(15_000);
    const mail = await env.t.lastEmail(buyer.email, "refund-made");
    expect(mail.subject).toContain("Refund request approved");
    expect(mail.text).toContain("Sorry about that");
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "refund_request.approve"), eq(auditLog.targetId, order.id)))).toHaveLength(1);
    expect((await boss.client.json(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: {} })).status).toBe(409);
    const after = await admin.client.json<{ requests: Array<{ order: { id: string } }> }>("/api/admin/refund-requests");
    expect(after.body.requests.map((r) => r.order.id)).not.toContain(order.id);
  });

  it("a super-admin declines with a note: e-mailed and audited, nothing refunded; the customer may ask again", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const asked = await ask(buyer.client, order.id);
    const declined = await boss.client.json<{ request: { status: string; decisionNote: string } }>(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: { note: "Used on 3 devices" } });
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({ status: "declined", decisionNote: "Used on 3 devices" });
    expect((await env.t.lastEmail(buyer.email, "refund-request-declined")).text).toContain("Used on 3 devices");
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "refund_request.decline"), eq(auditLog.targetId, order.id)))).toHaveLength(1);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0 });
    expect(await refundedAtPayway(order)).toBe(0);
    expect((await ask(buyer.client, order.id)).status).toBe(201);
  });

  it("outside the window, or a refunded order: 409 with a clear code", async () => {
    const buyer = await env.t.signedInUser();
    const old = await buyPlan(buyer.client);
    await db().update(orders).set({ paidAt: new Date(Date.now() - 3 * DAY - 60_000) }).where(eq(orders.id, old.id));
    const late = await ask(buyer.client, old.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "REFUND_WINDOW_PASSED", message: "Refunds can be requested within 3 days of payment; this payment is older." });
    const done = await buyPlan(buyer.client);
    await refund(done.id);
    expect((await ask(buyer.client, done.id)).body.code).toBe("REFUND_NOT_REQUESTABLE");
    expect(await db().select().from(refundRequests).where(eq(refundRequests.orderId, old.id))).toHaveLength(0);
  });

  it("an admin's full refund answers an open request too", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const asked = await ask(buyer.client, order.id);
    expect((await refund(order.id)).status).toBe(201);
    const [request] = await db().select().from(refundRequests).where(eq(refundRequests.id, asked.body.request.id));
    expect(request).toMatchObject({ status: "approved", decisionNote: "Refunded in full." });
  });
});

describe("text that is not text never reaches the money path (decision 034)", () => {
  it("a refund reason or a money-back request with a lone surrogate or a control character: 422 before PayWay is asked, nothing refunded", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    for (const [reason, message] of [
      ["\ud800", TEXT_MESSAGES.unicode],
      ["Customer asked \udfff", TEXT_MESSAGES.unicode],
      ["ok\u0000", TEXT_MESSAGES.nul],
      ["bell\u0007", TEXT_MESSAGES.control],
      ["\u001b[2J wiped", TEXT_MESSAGES.control],
    ] as const) {
      const res = await refund(order.id, { reason });
      expect(res.status, JSON.stringify(reason)).toBe(422);
      expect(res.body, JSON.stringify(reason)).toMatchObject({ code: "VALIDATION_FAILED", message: `reason: ${message}` });
      const asked = await buyer.client.json<{ code?: string; message?: string }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: `It does not work at all ${reason}` } });
      expect(asked.status, JSON.stringify(reason)).toBe(422);
      expect(asked.body.message).toBe(`reason: ${message}`);
    }
    expect(await refundedAtPayway(order)).toBe(0);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0, refundClaimUntil: null });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await db().select().from(refundRequests).where(eq(refundRequests.orderId, order.id))).toHaveLength(0);
    // Several lines and tabs are a reason like any other.
    const ok = await refund(order.id, { reason: "Asked twice:\r\n\t- by e-mail\n\t- by phone" });
    expect(ok.status).toBe(201);
    expect((await refundsOf(order.id))[0]!.reason).toBe("Asked twice:\r\n\t- by e-mail\n\t- by phone");
  });

  it("a decision note that is not text: 422, the request stays open and nothing is refunded", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 4);
    const asked = await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "I bought the wrong amount." } });
    for (const decision of ["approve", "decline"]) {
      const res = await boss.client.json<{ code?: string }>(`/api/admin/refund-requests/${asked.body.request.id}/${decision}`, { json: { note: "Sorry \ud83d" } });
      expect(res.status).toBe(422);
    }
    expect(await refundedAtPayway(order)).toBe(0);
    const [request] = await db().select().from(refundRequests).where(eq(refundRequests.id, asked.body.request.id));
    expect(request!.status).toBe("open");
  });

  it("text that got past the edge all the same (a direct call) is recorded as storable text, never a failed record", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const result = await refundOrder(env.deps, { orderId: order.id, reason: "Broken \ud800 text\u0000", source: "admin", actor: { id: boss.id, email: boss.email } });
    expect(result.refund).toMatchObject({ reason: "Broken \ufffd text", appliedAt: expect.any(String) });
    expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: 9_990 });
    expect(await eventsOf("order.refunded", order.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ reason: "Broken \ufffd text" }) })]);
  });
});

// ---------------------------------------------------------------------------------------------
// A failure after PayWay refunded (decision 034). Each step of the refund's application is made to
// fail once by a trigger (as a broken database or a bug would): the refund is recorded all the same
// (the order's refunded total, the refund row), and the reconciler's next pass applies it: the goods
// taken back, the e-mail, the audit row and the event, exactly once.

/** Makes the first statement that matches `when` on `table` fail; returns the function that lifts it. */
async function failAt(table: string, event: "insert" | "update", when: string) {
  const name = `test_fail_${Math.random().toString(36).slice(2, 10)}`;
  await db().execute(sql.raw(`create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function test_fail_step('${name}')`));
  return async () => {
    await db().execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
}

const countOf = async (table: typeof auditLog | typeof shopEvents, where: ReturnType<typeof and>) => (await db().select().from(table).where(where)).length;

interface Facts {
  order: typeof orders.$inferSelect;
  email: string;
  licenceId?: string;
}
const STEPS: Array<{ step: string; kind: "plan" | "topup"; openRequest?: boolean; table: string; event: "insert" | "update"; when: (f: Facts) => string }> = [
  { step: "revoking the licence", kind: "plan", table: "licenses", event: "update", when: (f) => `new.id = '${f.licenceId}' and new.revoked_at is not null` },
  { step: "the licence's history row", kind: "plan", table: "license_history", event: "insert", when: (f) => `new.license_id = '${f.licenceId}'` },
  { step: "debiting the balance through the ledger", kind: "topup", table: "balance_ledger", event: "insert", when: (f) => `new.reference = '${f.order.id}'` },
  { step: "answering the customer's open request", kind: "plan", openRequest: true, table: "refund_requests", event: "update", when: (f) => `new.order_id = '${f.order.id}' and new.status = 'approved'` },
  { step: "the order.refunded event", kind: "topup", table: "shop_events", event: "insert", when: (f) => `new.subject = '${f.order.id}' and new.type = 'order.refunded'` },
  { step: "the customer's e-mail", kind: "plan", table: "email_outbox", event: "insert", when: (f) => `new.to_address = '${f.email}' and new.template = 'refund-made'` },
  { step: "the audit row", kind: "topup", table: "audit_log", event: "insert", when: (f) => `new.target_id = '${f.order.id}' and new.action = 'order.refund'` },
  { step: "marking the refund applied", kind: "plan", table: "refunds", event: "update", when: (f) => `new.order_id = '${f.order.id}' and new.applied_at is not null` },
];

async function expectFullyApplied(f: Facts, source: string) {
  const rows = await refundsOf(f.order.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ source, amountMills: f.order.amountMills, appliedAt: expect.any(Date) });
  expect(await reload(f.order.id)).toMatchObject({ status: "refunded", refundedMills: f.order.amountMills, refundClaimUntil: null });
  if (f.order.kind === "topup") {
    expect(rows[0]!.reversal).toMatchObject({ balanceDebited: { mills: f.order.amountMills, balanceAfterMills: 0 } });
    expect(await db().select().from(balanceLedger).where(and(eq(balanceLedger.reference, f.order.id), eq(balanceLedger.reason, "topup_refund")))).toHaveLength(1);
  } else {
    expect(rows[0]!.reversal).toMatchObject({ licenceRevoked: { licenseId: f.licenceId } });
    expect((await env.licensesOf(f.order.id))[0]!.revokedAt).not.toBeNull();
  }
  expect(await env.emails(f.email, "refund-made")).toBe(1);
  expect(await countOf(auditLog, and(eq(auditLog.action, "order.refund"), eq(auditLog.targetId, f.order.id)))).toBe(1);
  expect(await eventsOf("order.refunded", f.order.id)).toHaveLength(1);
  expect(await refundedAtPayway(f.order)).toBe(f.order.amountMills);
}

describe("a failure after PayWay refunded: recorded at once, applied by the reconciler's next pass (decision 034)", () => {
  for (const { step, kind, openRequest, table, event, when } of STEPS) {
    it(`${step} fails: the refund is recorded, the admin is told, the next pass takes the goods back once`, async () => {
      const buyer = await env.t.signedInUser();
      const order = kind === "plan" ? await buyPlan(buyer.client) : await topUp(buyer.client, 7);
      const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
      const request = openRequest ? await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "It does not start on my PC." } }) : null;
      const lift = await failAt(table, event, when(facts));
      let res;
      try {
        res = await refund(order.id, { reason: `Failure at: ${step}` });
      } finally {
        await lift();
      }
      // The money went back and the shop knows it at once: the order's refunded total, the refund row.
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ status: "refunded", refundedMills: order.amountMills });
      expect(res.body.refund).toMatchObject({ amountMills: order.amountMills, appliedAt: null });
      expect(res.body.message).toContain("recorded");
      expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: order.amountMills, refundClaimUntil: null });
      expect(await refundsOf(order.id)).toMatchObject([{ amountMills: order.amountMills, appliedAt: null, reason: `Failure at: ${step}` }]);
      expect(await refundedAtPayway(order)).toBe(order.amountMills);
      // Nothing of the application stayed half-done.
      expect(await env.emails(buyer.email, "refund-made")).toBe(0);
      expect(await eventsOf("order.refunded", order.id)).toHaveLength(0);
      // Another refund of the order waits for this one (a top-up's balance is not debited yet).
      if (kind === "topup") expect((await refund(order.id, { amountMills: 10, reason: "More" })).status).toBe(409);

      // The reconciler's next pass (every 10 s) applies it, once.
      expect((await reconcileRefunds(env.deps)).applied).toBe(1);
      await expectFullyApplied(facts, "admin");
      if (request) expect((await db().select().from(refundRequests).where(eq(refundRequests.id, request.body.request.id)))[0]).toMatchObject({ status: "approved", decisionNote: "Refunded in full." });
      // Passes after it change nothing.
      expect((await reconcileRefunds(env.deps)).applied).toBe(0);
      await expectFullyApplied(facts, "admin");
    });
  }

  it("a failure that lasts: every pass tries again, and the first pass after it is fixed applies the refund, once", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 9);
    const facts: Facts = { order, email: buyer.email };
    const lift = await failAt("balance_ledger", "insert", `new.reference = '${order.id}'`);
    try {
      expect((await refund(order.id, { reason: "Lasting failure" })).status).toBe(201);
      for (let pass = 0; pass < 3; pass++) expect((await reconcileRefunds(env.deps)).applied).toBe(0);
      expect(await refundsOf(order.id)).toMatchObject([{ appliedAt: null }]);
      expect(await balanceOf(buyer.id)).toBe(9_000);
    } finally {
      await lift();
    }
    expect((await reconcileRefunds(env.deps)).applied).toBe(1);
    await expectFullyApplied(facts, "admin");
  });

  it("the running reconciler (its timer) applies it within seconds", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
    const lift = await failAt("email_outbox", "insert", `new.to_address = '${buyer.email}' and new.template = 'refund-made'`);
    try {
      expect((await refund(order.id, { reason: "Timer" })).body.refund.appliedAt).toBeNull();
    } finally {
      await lift();
    }
    const reconciler = startJob("order-reconciler", { orders: env.deps, otpMail: env.t.otpMail, suspicion: env.t.config.licences.suspicious }, env.deps.logger, 200);
    try {
      await expect.poll(async () => (await refundsOf(order.id))[0]?.appliedAt ?? null, { timeout: 10_000, interval: 100 }).not.toBeNull();
    } finally {
      await reconciler.stop();
    }
    await expectFullyApplied(facts, "admin");
  });

  it("an approved money-back request whose e-mail fails: approved at once, the e-mail and both audit rows by the next pass", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 6);
    const facts: Facts = { order, email: buyer.email };
    const asked = await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "I bought the wrong amount." } });
    const lift = await failAt("email_outbox", "insert", `new.to_address = '${buyer.email}' and new.template = 'refund-made'`);
    let approved;
    try {
      approved = await boss.client.json<{ request: { status: string; decisionNote: string }; refund: { source: string; appliedAt: string | null }; message: string }>(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: { note: "Refunded, sorry." } });
    } finally {
      await lift();
    }
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", decisionNote: "Refunded, sorry." });
    expect(approved.body.refund).toMatchObject({ source: "guarantee", appliedAt: null });
    // A second approval, or a decline, finds the request answered.
    expect((await boss.client.json(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: {} })).status).toBe(409);
    expect((await reconcileRefunds(env.deps)).applied).toBe(1);
    await expectFullyApplied(facts, "guarantee");
    expect((await env.t.lastEmail(buyer.email, "refund-made")).text).toContain("Refunded, sorry.");
    expect(await countOf(auditLog, and(eq(auditLog.action, "refund_request.approve"), eq(auditLog.targetId, order.id)))).toBe(1);
  });

  it("recording itself fails: 502 and nothing recorded, the order's look is moved to just after the claim, and that look records PayWay's refund (minutes, not hours)", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
    const before = Date.now();
    const lift = await failAt("refunds", "insert", `new.order_id = '${order.id}'`);
    let res;
    try {
      res = await refund(order.id, { reason: "Record fails" });
    } finally {
      await lift();
    }
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: "REFUND_OUTCOME_UNKNOWN", message: expect.stringContaining("refunded, but the refund could not be recorded") });
    expect(await refundedAtPayway(order)).toBe(9_990);
    const now = await reload(order.id);
    expect(now).toMatchObject({ status: "paid", refundedMills: 0 });
    // The next look: just after the claim lapses (2 minutes), not an hour or more away.
    expect(now.nextCheckAt!.getTime()).toBeLessThanOrEqual(before + 3 * 60_000);
    expect(now.nextCheckAt!.getTime()).toBeGreaterThan(now.refundClaimUntil!.getTime());
    // While the claim holds, nothing (a retry is refused); the pass after it records PayWay's refund.
    expect((await refund(order.id, { reason: "Again" })).body.code).toBe("REFUND_IN_PROGRESS");
    expect((await reconcileRefunds(env.deps, new Date(before + 60_000))).refunded).toBe(0);
    expect((await reconcileRefunds(env.deps, new Date(before + 3 * 60_000))).refunded).toBe(1);
    await expectFullyApplied(facts, "provider");
  });
});
