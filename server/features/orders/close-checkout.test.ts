// Issue #29 item 5 (decision 060): a checkout the customer closed, or that nobody paid before its
// lifetime ended, is closed at PayWay (close-transaction, over real HTTP to the simulator) and
// reads cancelled ('Not completed') at once; one that was paid meanwhile is settled, never closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse, Order } from "../../../contracts/orders";
import type { TestClient } from "../../test/harness";
import { reconcileOrders } from "./reconcile";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

let env: PaymentsTestEnv;
/** The customer whose checkouts these are. */
let buyer: Awaited<ReturnType<PaymentsTestEnv["t"]["signedInUser"]>>;
beforeAll(async () => {
  env = await startPaymentsTestEnv();
  buyer = await env.t.signedInUser();
});
afterAll(() => env.close());

const start = (client: TestClient, body: Record<string, unknown>, path?: string): Promise<CheckoutResponse> => env.openedCheckout(client, body, path);

/** The transaction as the simulator holds it (its own HTTP control API). */
async function atPayway(tranId: string): Promise<{ status: string; closed: boolean }> {
  const res = await fetch(`${env.sim.url}/__sim/transactions/${tranId}`);
  return ((await res.json()) as { transaction: { status: string; closed: boolean } }).transaction;
}

const close = (client: TestClient, id: string) => client.json<{ order: Order; code?: string }>(`/api/orders/${id}/close`, { method: "POST" });

describe("POST /api/orders/{id}/close", () => {
  it("closes the owner's open checkout at PayWay and the order reads cancelled at once, in the history too", async () => {
    const { order } = await start(buyer.client, { kind: "topup", amountMills: 7_000 });
    const res = await close(buyer.client, order.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ id: order.id, status: "cancelled", amount: "7.00" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await atPayway(order.tranId)).toMatchObject({ closed: true });
    // Closed at PayWay: it can no longer be paid there.
    expect((await env.control(`/transactions/${order.tranId}/approve`)).status).toBe(409);
    const history = await buyer.client.json<{ orders: Order[] }>("/api/orders?pageSize=100");
    expect(history.body.orders.find((o) => o.id === order.id)?.status).toBe("cancelled");
    expect((await env.order(order.tranId)).fulfilment).toMatchObject({ reason: "closed by the customer" });
  });

  it("a repeat answers the same and changes nothing", async () => {
    const { order } = await start(buyer.client, { kind: "plan", planId: "local-1m" });
    const first = await close(buyer.client, order.id);
    const before = await env.order(order.tranId);
    const again = await close(buyer.client, order.id);
    expect(again.status).toBe(200);
    expect(again.body.order.status).toBe("cancelled");
    expect(first.body.order.status).toBe("cancelled");
    expect((await env.order(order.tranId)).updatedAt).toEqual(before.updatedAt);
  });

  it("a checkout paid at PayWay whose callback was lost is settled (paid, its licence made), never closed", async () => {
    await env.control("/callback-mode", { mode: "lose", once: true });
    const { order } = await start(buyer.client, { kind: "plan", planId: "local-1m" });
    await env.control(`/transactions/${order.tranId}/approve`);
    expect((await env.order(order.tranId)).status).toBe("pending");
    const res = await close(buyer.client, order.id);
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe("paid");
    expect(res.body.order.buyKey).toEqual(expect.any(String));
    expect(await atPayway(order.tranId)).toMatchObject({ status: "APPROVED", closed: false });
    expect(await env.licensesOf(order.id)).toHaveLength(1);
    // And a paid order stays paid, whatever is asked again.
    expect((await close(buyer.client, order.id)).body.order.status).toBe("paid");
    expect(await env.licensesOf(order.id)).toHaveLength(1);
  });

  it("nobody else can close it: another customer and an admin get 404, nobody signed in 401; the checkout stays open", async () => {
    const { order } = await start(buyer.client, { kind: "plan", planId: "local-1m" });
    const other = await env.t.signedInUser();
    const admin = await env.t.signedInUser({ role: "admin" });
    const superAdmin = await env.t.signedInUser({ role: "admin", superAdmin: true });
    for (const client of [other.client, admin.client, superAdmin.client]) {
      const res = await close(client, order.id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
      expect(JSON.stringify(res.body)).not.toContain(order.tranId);
    }
    const anonymous = await close(env.t.client(), order.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("UNAUTHENTICATED");
    // Ids that are not ids: 404 like any unknown one, never a 5xx.
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00"]) expect((await close(buyer.client, id)).status).toBe(404);
    expect((await env.order(order.tranId)).status).toBe("pending");
    expect(await atPayway(order.tranId)).toMatchObject({ status: "PENDING", closed: false });
  });

  it("is rate-limited with the checkouts (429 with Retry-After)", async () => {
    const someone = await env.t.signedInUser();
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i < 31; i++) {
      const res = await close(someone.client, "00000000-0000-0000-0000-000000000000");
      last = res.status;
      retryAfter = res.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("POST /api/payments/receipts/{token}/close (no session: the subscription tool, a reminder link's renewal)", () => {
  it("closes the checkout its receipt token names; a made-up token is 404", async () => {
    const { order, receipt } = await start(env.t.client(), { planId: "local-1m", email: "closer@example.com" }, "/api/orders/subscription-tool");
    const res = await env.t.client().json<{ receipt: { status: string } }>(`/api/payments/receipts/${encodeURIComponent(receipt)}/close`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({ status: "cancelled", kind: "tool", amount: "9.99" });
    expect(await atPayway(order.tranId)).toMatchObject({ closed: true });
    expect((await env.t.client().json(`/api/payments/receipts/${order.tranId}.AAAAAAAAAAAAAAAAAAAAAA/close`, { method: "POST" })).status).toBe(404);
  });
});

describe("the cut-off for checkouts nobody closes", () => {
  it("ends with the checkout's lifetime: the reconciler looks at it then, closes it at PayWay and cancels it", async () => {
    const { order } = await start(buyer.client, { kind: "plan", planId: "local-1m" });
    const created = await env.order(order.tranId);
    const lifetimeMs = env.t.config.payway.lifetimeMinutes * 60_000;
    expect(created.expiresAt!.getTime() - created.createdAt.getTime()).toBe(lifetimeMs);

    // Looked at 20 minutes in: the next look is capped at the lifetime's end (not 5 minutes past it).
    const t1 = new Date(created.createdAt.getTime() + lifetimeMs - 2 * 60_000);
    await reconcileOrders(env.deps, t1);
    expect((await env.order(order.tranId)).nextCheckAt!.getTime()).toBe(created.expiresAt!.getTime());
    expect((await env.order(order.tranId)).status).toBe("pending");

    const pass = await reconcileOrders(env.deps, new Date(created.expiresAt!.getTime() + 1));
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect(await env.order(order.tranId)).toMatchObject({ status: "cancelled", fulfilment: { reason: "expired", closedAtProvider: true } });
    expect(await atPayway(order.tranId)).toMatchObject({ closed: true });
  });

  it("a checkout paid just before the end is paid, not cancelled", async () => {
    await env.control("/callback-mode", { mode: "lose", once: true });
    const { order } = await start(buyer.client, { kind: "topup", amountMills: 4_000 });
    await env.control(`/transactions/${order.tranId}/approve`);
    const created = await env.order(order.tranId);
    await reconcileOrders(env.deps, new Date(created.expiresAt!.getTime() + 1));
    expect((await env.order(order.tranId)).status).toBe("paid");
  });
});
