// Refunds against the PayWay simulator over real HTTP (decision 024): full and partial refunds of
// each kind of order through PayWay's refund API, the goods taken back once, races, PayWay saying
// no or not answering, refunds made at PayWay itself (callback and reconciler racing), the
// money-back guarantee, and after every case: the ledger equals the balances, sales_daily and the
// Overview equal plain SQL sums.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { apiKeys, auditLog, balanceLedger, licenses, orders, refundRequests, refunds, shopEvents } from "../../db/schema";
import { callbackSignature } from "../../providers/payway/callback-signature";
import type { TestClient } from "../../test/harness";
import { getOverview } from "../admin/overview";
import { queryRows } from "../admin/rows";
import { changeBalance, findLedgerMismatches } from "../balance/service";
import { createLicense } from "../licenses/service";
import { reconcileRefunds } from "../orders/reconcile";
import { API_KEY, startPaymentsTestEnv, type PaymentsTestEnv } from "../orders/test-env";
import { refundOrder } from "./service";

let env: PaymentsTestEnv;
let boss: { client: TestClient; email: string; id: string };
let admin: { client: TestClient; email: string; id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
  admin = await env.t.signedInUser({ role: "admin" });
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
  return client.json<{ code?: string; message: string; refund: { amountMills: number; source: string; reversal: Record<string, unknown> }; order: { status: string; refundedMills: number } }>(`/api/admin/orders/${orderId}/refunds`, { json: body });
}

async function balanceOf(userId: string) {
  const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, userId));
  return key?.balanceMills ?? 0;
}

const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const refundedAtPayway = (order: typeof orders.$inferSelect) => env.deps.provider.refundedSoFar({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" });
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
    const [licence] = await env.licencesOf(order.id);
    expect(licence!.revokedAt).not.toBeNull();
    expect(await env.emails(buyer.email, "refund-made")).toBe(1);
    const mail = await env.t.lastEmail(buyer.email, "refund-made");
    expect(mail.text).toContain("$29.99");
    expect(mail.text).toContain(licence!.buyKey);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "order.refund"), eq(auditLog.targetId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: boss.id, note: "Customer asked" });
    // The order.refunded event (webhooks, Telegram), written with the refund.
    expect(await eventsOf("order.refunded", order.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ orderId: order.id, amountMills: 29_990, refundedTotalMills: 29_990, source: "admin" }) })]);
    // The customer's own view of the order, and of the licence.
    const mine = await buyer.client.json<{ order: { status: string; refundedMills: number } }>(`/api/orders/${order.id}`);
    expect(mine.body.order).toMatchObject({ status: "refunded", refundedMills: 29_990 });
    const list = await buyer.client.json<{ licenses: Array<{ buyKey: string; revokedAt: string | null }> }>("/api/licenses");
    expect(list.body.licenses.find((l) => l.buyKey === licence!.buyKey)?.revokedAt).toBeTruthy();

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
    expect((await env.licencesOf(order.id))[0]!.revokedAt).toBeNull();

    const tooMuch = await refund(order.id, { amountMills: 8_000, reason: "Too much" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: "REFUND_TOO_LARGE", message: expect.stringContaining("$7.99") });
    expect(await refundedAtPayway(order)).toBe(2_000);
    expect((await reload(order.id)).refundedMills).toBe(2_000);

    const rest = await refund(order.id, { reason: "The rest" });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amountMills).toBe(7_990);
    expect(rest.body.order).toMatchObject({ status: "refunded", refundedMills: 9_990 });
    expect((await env.licencesOf(order.id))[0]!.revokedAt).not.toBeNull();
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
    const licence = await createLicense({ db: db(), planId: "local-1m", email: "tool-owner@example.com", deviceKey, startDate: start, expireDate: expire });
    const order = await pay(await env.checkout(env.t.client(), { planId: "local-1m", email: "tool-owner@example.com", deviceKey }, "/api/orders/subscription-tool"));
    const [extended] = await db().select().from(licenses).where(eq(licenses.id, licence.id));
    expect(extended!.expireDate!.getTime()).toBe(expire.getTime() + 30 * DAY);

    const part = await refund(order.id, { amountMills: 990, reason: "Part" });
    expect(part.body.refund.reversal).toEqual({ nothing: "a partial refund keeps the licence" });
    const rest = await refund(order.id, { reason: "Rest" });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.reversal).toMatchObject({ daysRemoved: { licenseId: licence.id, days: 30 } });
    const [after] = await db().select().from(licenses).where(eq(licenses.id, licence.id));
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
    expect((await env.licencesOf(order.id))[0]!.revokedAt).toBeNull();
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
    const lossy = { ...env.deps, provider: { ...env.deps.provider, refund: async (p: Parameters<typeof env.deps.provider.refund>[0], a: number) => { await env.deps.provider.refund(p, a); throw new Error("socket hang up"); } } };
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
    await env.deps.provider.refund({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" }, 2_000); // in PayWay's portal
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
    await env.deps.provider.refund(payment, 10_000);
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
    expect((await env.licencesOf(order.id))[0]!.revokedAt).not.toBeNull();
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

    const queue = await admin.client.json<{ requests: Array<{ id: string; order: { id: string } }> }>("/api/admin/refund-requests");
    expect(queue.body.requests.map((r) => r.order.id)).toContain(order.id);
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
