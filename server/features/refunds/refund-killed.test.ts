// A process killed while PayWay refunds (found by the crash drill, decision 069): the admin's
// refund claimed the order and PayWay refunded, but the process never ran another line, so no
// error path scheduled the order's next look. The claim itself schedules it just after it lapses:
// PayWay's refund is recorded within minutes, not after the hour-to-three-days refund schedule.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, orders } from "../../db/schema";
import { findLedgerMismatches } from "../balance/service";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { reconcileRefunds } from "./reconcile";
import { REFUND_CLAIM_MS, refundOrder } from "./service";
import { changeProvider } from "../../test/payment-providers";

let env: PaymentsTestEnv;
beforeAll(async () => {
  env = await startPaymentsTestEnv();
});
afterAll(() => env.close());

describe("a process killed while PayWay refunds", () => {
  it("PayWay's refund is recorded by the first look after the claim lapses (minutes), once", async () => {
    const boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
    const buyer = await env.t.signedInUser();
    const created = await env.checkout(buyer.client, { kind: "topup", amountMills: 6_000 });
    expect(created.status).toBe(201);
    expect((await env.openCheckout(created.body.checkout)).status).toBe(200);
    await env.control(`/transactions/${created.body.order.tranId}/approve`);
    const order = await env.order(created.body.order.tranId);
    expect(order.status).toBe("paid");
    const db = env.t.database.db;
    const balance = async () => (await db.select().from(apiKeys).where(eq(apiKeys.userId, buyer.id)))[0]?.balanceMills ?? 0;
    expect(await balance()).toBe(6_000);

    const before = Date.now();
    let refundedThere!: () => void;
    const atPayway = new Promise<void>((resolve) => (refundedThere = resolve));
    // PayWay refunds; the process that asked never runs another line (its call never settles).
    const provider = env.deps.providers.checkout;
    const dying = { ...env.deps, providers: changeProvider(env.deps.providers, (real) => ({ ...real, refund: async (...args: Parameters<typeof real.refund>) => (await real.refund(...args), refundedThere(), new Promise<never>(() => {})) })) };
    void refundOrder(dying, { orderId: order.id, reason: "Killed mid-call", source: "admin", actor: { id: boss.id, email: boss.email } });
    await atPayway;
    expect(await provider.refundedSoFar({ reference: order.tranId, amountMills: order.amountMills, currency: "USD" })).toBe(6_000);

    const [claimed] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(claimed!.nextCheckAt!.getTime()).toBeGreaterThan(claimed!.refundClaimUntil!.getTime());
    expect(claimed!.nextCheckAt!.getTime()).toBeLessThanOrEqual(before + REFUND_CLAIM_MS + 10_000);
    // While the claim holds nothing is looked at; the first pass after it records PayWay's refund.
    expect((await reconcileRefunds(env.deps, new Date(before + 60_000))).refunded).toBe(0);
    expect((await reconcileRefunds(env.deps, new Date(before + REFUND_CLAIM_MS + 15_000))).refunded).toBe(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "refunded", refundedMills: 6_000 });
    expect(await balance()).toBe(0);
    expect((await reconcileRefunds(env.deps, new Date(before + 10 * 60_000))).refunded).toBe(0);
    expect(await findLedgerMismatches({ db })).toEqual([]);
  });
});
