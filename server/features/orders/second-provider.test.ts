// A second payment provider beside PayWay (issue #31 item 4, decision 066): Test Pay
// (server/test/second-provider/) is registered and nothing else changes. Its order and a PayWay
// order go through the same checkout, notification, fulfilment, refund and reconciler code, each
// answered by the provider that took it (orders.provider), and each named by it on the order data.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../auth/context";
import { licenses, orders, refunds } from "../../db/schema";
import { paymentProviderSet, registerPaymentProvider } from "../../providers/payments";
import { callbackSignature } from "../../providers/payway/callback-signature";
import { API_KEY, startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import type { SignedInUser } from "../../test/harness";
import { TEST_PAY_SIGNATURE_HEADER, testPayBank, testPayDefinition, testPaySignature } from "../../test/second-provider/provider";
import { reconcileRefunds } from "../refunds/reconcile";
import { createPlanCheckout } from "./checkout";
import { reconcileOrders } from "./reconcile";

registerPaymentProvider(testPayDefinition);

let env: PaymentsTestEnv;
let boss: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
  buyer = await env.t.signedInUser();
});
afterAll(() => env.close());

const db = () => env.t.database.db;
const asUser = (u: SignedInUser) => ({ id: u.id, email: u.email, name: "Buyer", role: "user", superAdmin: false }) as CurrentUser;

/** A plan checkout taken by Test Pay: the shop's default stays PayWay, this checkout goes to Test Pay. */
async function testPayCheckout(planId = "local-1m") {
  const deps = { ...env.deps, providers: paymentProviderSet(env.deps.providers.all, "testpay") };
  return (await createPlanCheckout(deps, asUser(buyer), { planId })).order;
}

/** A PayWay plan order, paid at the simulator. */
async function paywayOrder(planId = "local-1m") {
  const { order } = await env.openedCheckout(buyer.client, { kind: "plan", planId });
  await env.control(`/transactions/${order.tranId}/approve`);
  return order;
}

const notify = (path: string, reference: string, signature = testPaySignature(reference)) =>
  fetch(`${env.appUrl}/api${path}`, { method: "POST", headers: { "content-type": "application/json", [TEST_PAY_SIGNATURE_HEADER]: signature }, body: JSON.stringify({ reference }) });

const orderData = (id: string) => buyer.client.json<{ order: { status: string; providerName: string; buyKey: string | null } }>(`/api/orders/${id}`);
const refund = (id: string) => boss.client.json<{ code?: string; order: { status: string; refundedMills: number } }>(`/api/admin/orders/${id}/refunds`, { json: { reason: "Customer asked" } });

describe("an order paid through a second provider, next to a PayWay order", () => {
  it("is checked, fulfilled and named by the provider that took it", async () => {
    const pw = await paywayOrder();
    const tp = await testPayCheckout("local-3m");
    expect(tp.tranId).toMatch(/^TP/);
    expect(tp.providerName).toBe("Test Pay");
    expect((await env.order(tp.tranId)).provider).toBe("testpay");

    // Its notification at its own path; PayWay's path and a bad signature know nothing of it.
    expect((await notify("/testpay/notify", tp.tranId)).status).toBe(200);
    expect((await env.order(tp.tranId)).status).toBe("pending"); // not paid yet: Test Pay says pending
    expect((await notify("/testpay/notify", tp.tranId, "0".repeat(64))).status).toBe(401);
    expect((await notify("/testpay/notify", pw.tranId)).status).toBe(422); // a PayWay reference is not Test Pay's
    const paywayAbout = { tran_id: tp.tranId, apv: "123456", status: "0" }; // PayWay's signed notification naming Test Pay's order
    const crossed = await fetch(`${env.appUrl}/api/payway/callback`, { method: "POST", headers: { "content-type": "application/json", "x-payway-hmac-sha512": callbackSignature(API_KEY, paywayAbout) }, body: JSON.stringify(paywayAbout) });
    expect(crossed.status).toBe(404);
    testPayBank.pay(tp.tranId);
    expect(await (await notify("/testpay/notify", tp.tranId)).json()).toMatchObject({ status: "paid" });

    expect(await db().select().from(licenses).where(eq(licenses.orderId, tp.id))).toHaveLength(1);
    expect(await db().select().from(licenses).where(eq(licenses.orderId, pw.id))).toHaveLength(1);
    expect((await orderData(tp.id)).body.order).toMatchObject({ status: "paid", providerName: "Test Pay", buyKey: expect.any(String) });
    expect((await orderData(pw.id)).body.order).toMatchObject({ status: "paid", providerName: "PayWay" });
  });

  it("a checkout whose notification never came is settled by the reconciler through its own provider", async () => {
    const tp = await testPayCheckout();
    testPayBank.pay(tp.tranId);
    const row = await env.order(tp.tranId);
    await reconcileOrders(env.deps, new Date(row.nextCheckAt!.getTime() + 1));
    expect((await env.order(tp.tranId)).status).toBe("paid");
  });

  it("refunds go back through the provider that took each payment", async () => {
    const pw = await paywayOrder();
    const tp = await testPayCheckout();
    testPayBank.pay(tp.tranId);
    await notify("/testpay/notify", tp.tranId);

    expect((await refund(tp.id)).body.order).toMatchObject({ status: "refunded", refundedMills: tp.amountMills });
    expect(testPayBank.payments.get(tp.tranId)!.refundedMills).toBe(tp.amountMills);
    expect((await refund(pw.id)).body.order).toMatchObject({ status: "refunded", refundedMills: pw.amountMills });
    expect(testPayBank.payments.has(pw.tranId)).toBe(false); // PayWay's refund never reached Test Pay
    const paywaySays = await env.deps.providers.of({ provider: "payway" }).refundedSoFar({ reference: pw.tranId, amountMills: pw.amountMills, currency: "USD" });
    expect(paywaySays).toBe(pw.amountMills);
  });

  it("a refund made in the second provider's portal is found by the reconciler, which asks that provider", async () => {
    const tp = await testPayCheckout();
    testPayBank.pay(tp.tranId);
    await notify("/testpay/notify", tp.tranId);
    testPayBank.refundInPortal(tp.tranId, 4_000);
    const paid = await env.order(tp.tranId);
    await reconcileRefunds(env.deps, new Date(paid.nextCheckAt!.getTime() + 1));
    expect(await db().select().from(refunds).where(eq(refunds.orderId, tp.id))).toMatchObject([{ source: "provider", amountMills: 4_000 }]);
    expect((await db().select().from(orders).where(eq(orders.id, tp.id)))[0]).toMatchObject({ status: "paid", refundedMills: 4_000 });
  });
});
