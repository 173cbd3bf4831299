// Refunds made at PayWay itself (decision 024): its callback and the reconciler racing apply each
// once; old orders are no longer looked at.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, orders } from "../../db/schema";
import { reconcileRefunds } from "./reconcile";
import { admin, balanceOf, buyPlan, DAY, db, env, postCallback, refundsOf, reload, topUp, useRefundsTestEnv } from "./refunds-test-env";
import { changeBalance } from "../balance/service";

useRefundsTestEnv();

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
