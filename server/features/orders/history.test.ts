// Transactions history and order status: users see their own orders (account or e-mail), admins
// all; search, date range, totals and paging by the server; strangers get 404, anonymous 401.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderList } from "../../../contracts/orders";
import { orders } from "../../db/schema";
import type { TestClient } from "../../test/harness";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

let env: PaymentsTestEnv;
type Who = { client: TestClient; email: string; id: string };
let alice: Who;
let bob: Who;
let admin: Who;
const placed: Record<string, Order> = {};

async function place(who: Who, body: Record<string, unknown>, pay: boolean) {
  const res = await env.checkout(who.client, body);
  expect(res.status).toBe(201);
  if (pay) {
    await env.openCheckout(res.body.checkout);
    await env.control(`/transactions/${res.body.order.tranId}/approve`);
  }
  return res.body.order;
}

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  [alice, bob, admin] = await Promise.all([env.t.signedInUser(), env.t.signedInUser(), env.t.signedInUser({ role: "admin" })]);
  placed.alicePlan = await place(alice, { kind: "plan", planId: "local-3m" }, true);
  placed.aliceTopup = await place(alice, { kind: "topup", amountMills: 5_000 }, true);
  placed.alicePending = await place(alice, { kind: "plan", planId: "local-1m" }, false);
  placed.bobPlan = await place(bob, { kind: "plan", planId: "foreign-12m" }, true);
  // A subscription-tool purchase with Alice's e-mail is hers too (the spec filters by e-mail).
  const tool = await env.checkout(env.t.client(), { planId: "local-1m", email: alice.email.toUpperCase() }, "/api/orders/subscription-tool");
  placed.aliceTool = tool.body.order;
  // An old order, for the date range.
  await env.t.database.db.update(orders).set({ createdAt: new Date("2025-01-15T12:00:00Z") }).where(eq(orders.id, placed.alicePending.id));
});
afterAll(() => env.close());

const list = (who: TestClient, query = "") => who.json<OrderList & { code?: string }>(`/api/orders${query}`);

describe("transactions history", () => {
  it("a user sees their own orders (account and e-mail), newest first, with the total paid", async () => {
    const res = await list(alice.client);
    expect(res.status).toBe(200);
    expect(new Set(res.body.orders.map((o) => o.id))).toEqual(new Set([placed.alicePlan!.id, placed.aliceTopup!.id, placed.alicePending!.id, placed.aliceTool!.id]));
    expect(res.body.total).toBe(4);
    expect(res.body.totalPaidMills).toBe(29_990 + 5_000);
    const dates = res.body.orders.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const plan = res.body.orders.find((o) => o.id === placed.alicePlan!.id)!;
    expect(plan).toMatchObject({ status: "paid", planTitle: "3 Months", planMonths: 3, amount: "29.99", currency: "USD", buyKey: expect.stringMatching(/^KS-/) });
    expect(res.body.orders.find((o) => o.id === placed.aliceTopup!.id)).toMatchObject({ planTitle: "Balance Top Up", planMonths: null, buyKey: null });
  });

  it("an admin sees everyone's; searches e-mail or buy key case-insensitively", async () => {
    const all = await list(admin.client, "?pageSize=100");
    expect(all.body.total).toBe(5);
    expect(all.body.totalPaidMills).toBe(29_990 + 5_000 + 179_990);

    const byEmail = await list(admin.client, `?search=${encodeURIComponent(bob.email.toUpperCase())}`);
    expect(byEmail.body.orders.map((o) => o.id)).toEqual([placed.bobPlan!.id]);
    const buyKey = all.body.orders.find((o) => o.id === placed.alicePlan!.id)!.buyKey!;
    const byKey = await list(admin.client, `?search=${buyKey.slice(3, 12).toLowerCase()}`);
    expect(byKey.body.orders.map((o) => o.id)).toEqual([placed.alicePlan!.id]);
    expect((await list(admin.client, "?search=%25")).body.total).toBe(0);
    // Bob's search cannot reach Alice's orders.
    expect((await list(bob.client, `?search=${encodeURIComponent(alice.email)}`)).body.total).toBe(0);
  });

  it("filters by date range and status, and pages", async () => {
    const jan = await list(alice.client, `?from=${encodeURIComponent("2025-01-15T00:00:00+07:00")}&to=${encodeURIComponent("2025-01-15T23:59:59.999+07:00")}`);
    expect(jan.body.orders.map((o) => o.id)).toEqual([placed.alicePending!.id]);
    const paid = await list(admin.client, "?status=paid");
    expect(paid.body.total).toBe(3);
    const page1 = await list(admin.client, "?pageSize=2&page=1");
    const page3 = await list(admin.client, "?pageSize=2&page=3");
    expect(page1.body.orders).toHaveLength(2);
    expect(page3.body.orders).toHaveLength(1);
    expect(page1.body.total).toBe(5);
  });

  it("bad queries get 422; anonymous callers 401", async () => {
    for (const q of ["?page=0", "?pageSize=101", "?from=yesterday", "?status=won"]) expect((await list(alice.client, q)).status, q).toBe(422);
    expect((await list(env.t.client())).status).toBe(401);
  });
});

describe("one order's status", () => {
  it("the owner and admins can read it; another user gets 404; anonymous 401", async () => {
    const path = `/api/orders/${placed.alicePlan!.id}`;
    expect((await alice.client.json<{ order: Order }>(path)).body.order).toMatchObject({ id: placed.alicePlan!.id, status: "paid" });
    expect((await admin.client.json(path)).status).toBe(200);
    const stranger = await bob.client.json<{ code: string }>(path);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("NOT_FOUND");
    expect((await env.t.client().json(path)).status).toBe(401);
    expect((await alice.client.json("/api/orders/not-a-uuid")).status).toBe(404);
    expect((await alice.client.json("/api/orders/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
