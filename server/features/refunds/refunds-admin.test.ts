// Admin refunds against the PayWay simulator over real HTTP (decision 024): full and partial refunds
// of each kind of order through PayWay's refund API, the goods taken back once, races, PayWay saying
// no or not answering. After every case the ledger and the figures agree (refunds-test-env.ts).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, auditLog, balanceLedger, licenses, orders } from "../../db/schema";
import { changeBalance } from "../balance/service";
import { createLicense } from "../licenses/service";
import { reconcileRefunds } from "./reconcile";
import { refundOrder } from "./service";
import { changeProvider } from "../../test/payment-providers";
import { admin, balanceOf, boss, buyPlan, DAY, db, env, eventsOf, pay, refund, refundedAtPayway, refundsOf, reload, topUp, useRefundsTestEnv } from "./refunds-test-env";

useRefundsTestEnv();

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
