// Issue #14: every checkout ends where it started, and the truth is known at once. Declines and
// cancellations are learnt while PayWay's window is open (the receipt with refresh=1 asks PayWay);
// a window the customer closes is closed at PayWay too; returns land on the page the checkout
// started from (Profile for top-ups, the landing or License Keys for plans).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import type { SignedInUser } from "../../test/harness";
import { startPaymentsTestEnvWithBuyer, type PaymentsTestEnv } from "../../test/orders-env";

let env: PaymentsTestEnv;
let buyer: SignedInUser;

beforeAll(async () => ({ env, buyer } = await startPaymentsTestEnvWithBuyer()));
afterAll(() => env.close());

async function start(body: Record<string, unknown>): Promise<CheckoutResponse> {
  const res = await env.checkout(buyer.client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  return res.body;
}

async function land(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get("location")!);
  return { path: to.pathname, query: Object.fromEntries(to.searchParams) };
}

const receipt = (token: string, refresh = true) =>
  env.t.client().json<{ receipt: { status: string; kind: string; planTitle: string; amount: string } }>(`/api/payments/receipts/${encodeURIComponent(token)}${refresh ? "?refresh=1" : ""}`);

describe("the page that holds PayWay's window learns the outcome at once", () => {
  it("a declined top-up reads failed on the next look (the server asks PayWay), and the history shows Failed", async () => {
    const { order, receipt: token } = await start({ kind: "topup", amountMills: 5_000 });
    expect((await receipt(token)).body.receipt).toMatchObject({ status: "pending", kind: "topup", amount: "5.00" });

    await env.control(`/transactions/${order.tranId}/decline`);
    // Without refresh the server does not ask PayWay: the order still reads pending.
    expect((await receipt(token, false)).body.receipt.status).toBe("pending");
    const looked = await receipt(token);
    expect(looked.status).toBe(200);
    expect(looked.body.receipt.status).toBe("failed");

    const history = await buyer.client.json<{ orders: Array<{ tranId: string; status: string }> }>("/api/orders?pageSize=100");
    expect(history.body.orders.find((o) => o.tranId === order.tranId)?.status).toBe("failed");
  });

  it("an approval is seen the same way (and fulfilled once, whatever comes later)", async () => {
    await env.control("/callback-mode", { mode: "lose", once: true });
    const { order, receipt: token } = await start({ kind: "topup", amountMills: 2_000 });
    await env.control(`/transactions/${order.tranId}/approve`);
    expect((await receipt(token)).body.receipt.status).toBe("paid");
    expect((await receipt(token)).body.receipt.status).toBe("paid");
    expect((await env.order(order.tranId)).status).toBe("paid");
  });

  it("a receipt token is the checkout's own: a changed one is not found", async () => {
    const { receipt: token } = await start({ kind: "plan", planId: "local-1m" });
    const [tranId, mac] = token.split(".");
    const forged = `${tranId}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    expect((await receipt(forged)).status).toBe(404);
    expect((await receipt("nonsense")).status).toBe(404);
    // 22 characters that are not base64url (other byte lengths) are not found either, never a 500.
    expect((await receipt(`${tranId}.${"é".repeat(22)}`)).status).toBe(404);
    expect((await env.t.client().json(`/api/payments/receipts/${encodeURIComponent(token)}?refresh=yes`)).status).toBe(422);
  });
});

describe("returns land where the checkout started", () => {
  it("a paid top-up returns to Profile with the spec's success parameters", async () => {
    const { order, checkout } = await start({ kind: "topup", amountMills: 3_500 });
    await env.control(`/transactions/${order.tranId}/approve`);
    const to = await land(checkout.fields.continue_success_url!);
    expect(to).toEqual({ path: "/profile", query: { payment_success: "true", topup: "true", amount: "3.50", order: order.id } });
  });

  it("a declined top-up returns to Profile saying failed", async () => {
    const { order, checkout } = await start({ kind: "topup", amountMills: 3_000 });
    await env.control(`/transactions/${order.tranId}/decline`);
    expect(await land(checkout.fields.continue_success_url!)).toEqual({ path: "/profile", query: { payment_status: "failed", order: order.id } });
  });

  it("a plan paid from the landing goes on to License Keys (/dashboard); cancelled, back to the landing", async () => {
    const paid = await start({ kind: "plan", planId: "local-1m", returnTo: "home" });
    await env.control(`/transactions/${paid.order.tranId}/approve`);
    expect((await land(paid.checkout.fields.continue_success_url!)).path).toBe("/dashboard");

    const cancelled = await start({ kind: "plan", planId: "local-1m" });
    await env.control(`/transactions/${cancelled.order.tranId}/cancel`);
    expect(await land(cancelled.checkout.fields.cancel_url!)).toEqual({ path: "/", query: { payment_status: "cancelled", order: cancelled.order.id } });
  });

  it("a plan started on License Keys returns there, paid or not", async () => {
    const paid = await start({ kind: "plan", planId: "local-3m", returnTo: "license-keys" });
    await env.control(`/transactions/${paid.order.tranId}/approve`);
    expect(await land(paid.checkout.fields.continue_success_url!)).toMatchObject({ path: "/license-keys", query: { payment_success: "true", plan_title: "3 Months" } });
  });

  it("only the pages a checkout can start on are accepted", async () => {
    for (const returnTo of ["https://evil.example", "/admin", "overview", ""]) {
      const res = await env.checkout(buyer.client, { kind: "topup", amountMills: 5_000, returnTo });
      expect(res.status).toBe(422);
    }
  });
});

describe("a checkout the customer closes", () => {
  it("is closed at PayWay (close-transaction) and shows Cancelled at once, not Pending until it expires", async () => {
    const { order, checkout } = await start({ kind: "topup", amountMills: 4_000 });
    expect(checkout.fields.cancel_url).toContain("closed=1");
    expect(checkout.fields.continue_success_url).not.toContain("closed=1");
    expect(await land(checkout.fields.cancel_url!)).toEqual({ path: "/profile", query: { payment_status: "cancelled", order: order.id } });
    expect((await env.order(order.tranId)).status).toBe("cancelled");
    const sim = await fetch(`${env.sim.url}/__sim/transactions/${order.tranId}`);
    expect(((await sim.json()) as { transaction: { status: string } }).transaction.status).toBe("CANCELLED");
    // It cannot be paid any more.
    expect((await env.control(`/transactions/${order.tranId}/approve`)).status).toBe(409);
  });

  it("a payment approved before the window closed is honoured, not cancelled", async () => {
    await env.control("/callback-mode", { mode: "lose", once: true });
    const { order, checkout } = await start({ kind: "plan", planId: "local-1m" });
    await env.control(`/transactions/${order.tranId}/approve`);
    const to = await land(checkout.fields.cancel_url!);
    expect(to.path).toBe("/dashboard");
    expect(to.query.payment_success).toBe("true");
    expect((await env.order(order.tranId)).status).toBe("paid");
    expect(await env.licensesOf(order.id)).toHaveLength(1);
  });

  it("a closed return replayed later changes nothing", async () => {
    const { order, checkout } = await start({ kind: "topup", amountMills: 6_000 });
    await land(checkout.fields.cancel_url!);
    expect(await land(checkout.fields.cancel_url!)).toEqual({ path: "/profile", query: { payment_status: "cancelled", order: order.id } });
    expect((await env.order(order.tranId)).status).toBe("cancelled");
  });
});
