// Discount codes (issue #33 item 2, decision 077): every refusal, the maths, the four checkouts,
// a use given back when the payment fails or the checkout closes or expires, the discounted amount
// verified by PayWay (the simulator checks it), per-customer and first-purchase rules, the report,
// and the super-admin routes (audited). The race for the last use is in discounts-race.test.ts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountOf, type DiscountDto, type DiscountQuote, type DiscountReport } from "../../../contracts/discounts";
import type { CheckoutResponse } from "../../../contracts/orders";
import { auditLog, discountUses, licenses, shopEvents } from "../../db/schema";
import type { SignedInUser, TestClient } from "../../test/harness";
import { startSellerTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { renewToken } from "../orders/renew-token";
import { reconcileOrders } from "../orders/reconcile";

let env: PaymentsTestEnv;
let buyer: SignedInUser;
let boss: SignedInUser;
beforeAll(async () => {
  ({ env, buyer, boss } = await startSellerTestEnv());
});
afterAll(() => env.close());

type Answer<T> = { status: number; body: T & { code?: string; message?: string } };
let codes = 0;
/** A new code (a unique name) with the given rules. */
async function code(rules: Record<string, unknown> = {}): Promise<DiscountDto> {
  const res = (await boss.client.json<DiscountDto>("/api/admin/discounts", { json: { code: `T${++codes}-${Date.now().toString(36)}`, kind: "percent", value: 10, ...rules } })) as Answer<DiscountDto>;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const buy = (client: TestClient, planId: string, discountCode?: string) => env.checkout(client, { kind: "plan", planId, discountCode });
const quote = (client: TestClient, body: Record<string, unknown>) => client.json<DiscountQuote>("/api/discounts/quote", { json: body }) as Promise<Answer<DiscountQuote>>;
const usesOf = (orderId: string) => env.t.database.db.select().from(discountUses).where(eq(discountUses.orderId, orderId));
const pay = (opened: CheckoutResponse) => env.pay(opened);
const report = async (id: string) => (await boss.client.json<DiscountReport>(`/api/admin/discounts/${id}`)).body;

describe("discountOf", () => {
  it("takes whole cents off, rounded down, and never below one cent", () => {
    expect(discountOf(29_990, "percent", 10)).toBe(2_990); // 2.999 → 2.99
    expect(discountOf(9_990, "percent", 15)).toBe(1_490); // 1.4985 → 1.49
    expect(discountOf(9_990, "percent", 99)).toBe(9_890);
    expect(discountOf(9_990, "fixed", 5_000)).toBe(5_000);
    expect(discountOf(9_990, "fixed", 10_000_000)).toBe(9_980); // $0.01 is left: PayWay refuses 0
    expect(discountOf(10, "percent", 50)).toBe(0);
  });
});

describe("a code at the plan checkout", () => {
  it("prices the order, keeps the code on it, and PayWay verifies the discounted amount: paid, fulfilled, the use spent, discount.used announced", async () => {
    const c = await code({ kind: "percent", value: 20 });
    const res = await buy(buyer.client, "local-3m", c.code.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 20% of $29.99 is $5.998: $5.99 off (whole cents, rounded down), $24.00 to pay.
    expect(res.body.order).toMatchObject({ amountMills: 24_000, amount: "24.00", discountCode: c.code, discountMills: 5_990 });
    expect(res.body.checkout.fields.amount).toBe("24.00");
    expect(await usesOf(res.body.order.id)).toEqual([expect.objectContaining({ status: "held", customerKey: buyer.id })]);
    const paid = await pay(res.body);
    expect(paid).toMatchObject({ status: "paid", amountMills: 24_000, discountMills: 5_990 });
    expect(await env.licensesOf(paid.id)).toHaveLength(1);
    expect((await usesOf(paid.id))[0]!.status).toBe("used");
    const events = await env.t.database.db.select().from(shopEvents).where(and(eq(shopEvents.type, "discount.used"), eq(shopEvents.subject, paid.id)));
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ code: c.code, tranId: paid.tranId, discountMills: 5_990, amountMills: 24_000 })]);
    const history = await buyer.client.json<{ orders: Array<{ id: string; discountCode?: string | null; discountMills?: number }> }>("/api/orders?pageSize=100");
    expect(history.body.orders.find((o) => o.id === paid.id)).toMatchObject({ discountCode: c.code, discountMills: 5_990 });
  });

  it("an order without a code is as before", async () => {
    const res = await buy(buyer.client, "local-1m", "");
    expect(res.body.order).toMatchObject({ amountMills: 9_990, discountCode: null, discountMills: 0 });
  });

  it("refuses with the code of each rule", async () => {
    const day = 86_400_000;
    const cases: Array<[Record<string, unknown> | null, string, string]> = [
      [null, "local-1m", "DISCOUNT_UNKNOWN"],
      [{ startsAt: new Date(Date.now() + day).toISOString() }, "local-1m", "DISCOUNT_NOT_STARTED"],
      [{ startsAt: new Date(Date.now() - 2 * day).toISOString(), endsAt: new Date(Date.now() - day).toISOString() }, "local-1m", "DISCOUNT_EXPIRED"],
      [{ planIds: ["local-12m"] }, "local-1m", "DISCOUNT_NOT_FOR_PLAN"],
      [{ markets: ["foreign"] }, "local-1m", "DISCOUNT_NOT_FOR_PLAN"],
    ];
    for (const [rules, planId, refusal] of cases) {
      const name = rules ? (await code(rules)).code : "NO-SUCH-CODE";
      const res = await buy(buyer.client, planId, name);
      expect([res.status, res.body.code], refusal).toEqual([422, refusal]);
      expect((await quote(env.t.client(), { code: name, planId })).body.code).toBe(refusal);
    }
    const off = await code();
    expect((await boss.client.json(`/api/admin/discounts/${off.id}`, { method: "PATCH", json: { active: false } })).status).toBe(200);
    expect((await buy(buyer.client, "local-1m", off.code)).body.code).toBe("DISCOUNT_UNKNOWN");
    expect((await buy(buyer.client, "local-1m", "a")).body.code).toBe("VALIDATION_FAILED");
  });

  it("a total limit: the open checkout holds the last use; closing it gives it back", async () => {
    const c = await code({ maxUses: 1 });
    const first = await buy(buyer.client, "local-1m", c.code);
    expect(first.status).toBe(201);
    expect((await env.openCheckout(first.body.checkout)).status).toBe(200);
    const other = await env.t.signedInUser();
    expect((await buy(other.client, "local-1m", c.code)).body.code).toBe("DISCOUNT_USED_UP");
    expect((await other.client.json(`/api/orders/${first.body.order.id}/close`, { method: "POST" })).status).toBe(404); // not theirs
    expect((await buyer.client.json(`/api/orders/${first.body.order.id}/close`, { method: "POST" })).status).toBe(200);
    expect((await usesOf(first.body.order.id))[0]!.status).toBe("released");
    expect((await buy(other.client, "local-1m", c.code)).status).toBe(201);
  });

  it("a declined payment and an expired checkout give their use back", async () => {
    const c = await code({ maxUses: 1 });
    const declined = await buy(buyer.client, "local-1m", c.code);
    expect((await env.openCheckout(declined.body.checkout)).status).toBe(200);
    await env.control(`/transactions/${declined.body.order.tranId}/decline`);
    await env.t.client().json(`/api/check-transaction-plan?tran_id=${declined.body.order.tranId}`).catch(() => undefined);
    await reconcileOrders(env.deps, new Date(Date.now() + 60_000));
    expect((await env.order(declined.body.order.tranId)).status).toBe("failed");
    expect((await usesOf(declined.body.order.id))[0]!.status).toBe("released");
    const expiring = await buy(buyer.client, "local-1m", c.code);
    expect(expiring.status).toBe(201);
    await reconcileOrders(env.deps, new Date(Date.now() + 24 * 3_600_000));
    expect((await env.order(expiring.body.order.tranId)).status).toBe("cancelled");
    expect((await usesOf(expiring.body.order.id))[0]!.status).toBe("released");
    expect((await report(c.id)).discount).toMatchObject({ usesPaid: 0, usesHeld: 0 });
  });

  it("per customer: one use each, an account's uses by e-mail count too", async () => {
    const c = await code({ maxUsesPerCustomer: 1 });
    const mine = await buy(buyer.client, "local-1m", c.code);
    await pay(mine.body);
    expect((await buy(buyer.client, "local-1m", c.code)).body.code).toBe("DISCOUNT_ALREADY_USED");
    expect((await quote(buyer.client, { code: c.code, planId: "local-1m" })).body.code).toBe("DISCOUNT_ALREADY_USED");
    // The subscription tool (no account): the buyer's e-mail is the customer.
    const tool = (email: string) => env.checkout(env.t.client(), { planId: "local-1m", email, discountCode: c.code }, "/api/orders/subscription-tool");
    expect((await tool(buyer.email)).body.code).toBe("DISCOUNT_ALREADY_USED");
    const stranger = await tool("tool-stranger@example.com");
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(201);
    expect(stranger.body.order).toMatchObject({ amountMills: 9_000, discountMills: 990 }); // 10% of $9.99: $0.99 off
    expect((await tool("TOOL-stranger@example.com")).body.code).toBe("DISCOUNT_ALREADY_USED");
    // A stranger's quote names an e-mail: it learns nothing about that address (only the checkout tells its buyer).
    const probe = await quote(env.t.client(), { code: c.code, planId: "local-1m", email: "tool-stranger@example.com" });
    expect(probe.status, JSON.stringify(probe.body)).toBe(200);
    expect(probe.body).toMatchObject({ discountMills: 990, amountMills: 9_000 });
    expect((await quote(env.t.client(), { code: c.code, planId: "local-1m", email: buyer.email })).status).toBe(200);
  });

  it("first purchase only: refused once the customer has paid for a plan", async () => {
    const c = await code({ firstPurchaseOnly: true, kind: "fixed", value: 2_000 });
    const fresh = await env.t.signedInUser();
    const q = await quote(fresh.client, { code: c.code, planId: "local-1m" });
    expect(q.body).toMatchObject({ priceMills: 9_990, discountMills: 2_000, amountMills: 7_990 });
    expect((await buy(buyer.client, "local-1m", c.code)).body.code).toBe("DISCOUNT_FIRST_PURCHASE_ONLY"); // paid before (above)
    await pay((await buy(fresh.client, "local-1m", c.code)).body);
    expect((await buy(fresh.client, "local-1m", c.code)).body.code).toBe("DISCOUNT_FIRST_PURCHASE_ONLY");
    // Another customer signed in, or nobody: the quote never says whether this buyer has bought before.
    expect((await quote(env.t.client(), { code: c.code, planId: "local-1m", email: fresh.email })).status).toBe(200);
    expect((await quote((await env.t.signedInUser()).client, { code: c.code, planId: "local-1m", email: fresh.email })).status).toBe(200);
  });

  it("the dashboard's renewal and the reminder link's renewal take a code", async () => {
    const c = await code({ kind: "fixed", value: 5_000 });
    const [license] = await env.t.database.db.select().from(licenses).where(eq(licenses.email, buyer.email.toLowerCase()));
    const own = await env.checkout(buyer.client, { planId: "local-1m", discountCode: c.code }, `/api/licenses/${license!.id}/renew`);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.order).toMatchObject({ amountMills: 4_990, discountCode: c.code, renewLicenseId: license!.id });
    const token = renewToken(env.t.config.authSecret, license!.id, new Date(Date.now() + 86_400_000));
    const byLink = await env.checkout(env.t.client(), { planId: "local-3m", discountCode: c.code }, `/api/renewals/${token}/checkout`);
    expect(byLink.status, JSON.stringify(byLink.body)).toBe(201);
    expect(byLink.body.order).toMatchObject({ amountMills: 24_990, discountMills: 5_000 });
  });
});

describe("the Discount codes page's API", () => {
  it("creates (audited; a duplicate name in any case is DISCOUNT_EXISTS), changes with before and after, and reports uses, revenue and refunds", async () => {
    const c = await code({ kind: "percent", value: 50, note: "Sokha's YouTube" });
    expect(c).toMatchObject({ kind: "percent", value: 50, active: true, usesPaid: 0, usesHeld: 0, note: "Sokha's YouTube" });
    const again = await boss.client.json("/api/admin/discounts", { json: { code: c.code.toLowerCase(), kind: "fixed", value: 10 } });
    expect([again.status, (again.body as { code: string }).code]).toEqual([409, "DISCOUNT_EXISTS"]);
    const changed = await boss.client.json<DiscountDto>(`/api/admin/discounts/${c.id}`, { method: "PATCH", json: { maxUses: 5 } });
    expect(changed.body).toMatchObject({ maxUses: 5 });
    const entries = await env.t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, "discount"), eq(auditLog.targetId, c.code)));
    expect(entries.map((e) => e.action).sort()).toEqual(["discount.create", "discount.update"]);
    expect(entries.find((e) => e.action === "discount.update")).toMatchObject({ actorEmail: boss.email, before: expect.objectContaining({ maxUses: null }), after: expect.objectContaining({ maxUses: 5 }) });

    const paid = await pay((await buy(buyer.client, "local-3m", c.code)).body); // 29.99 → 15.00 paid
    await buy(buyer.client, "local-1m", c.code); // open: held
    const r = await report(c.id);
    expect(r).toMatchObject({ revenueMills: 15_000, discountedMills: 14_990, refundedMills: 0, refundedOrders: 0 });
    expect(r.discount).toMatchObject({ usesPaid: 1, usesHeld: 1 });
    expect(r.orders.map((o) => o.status)).toEqual(["pending", "paid"]);
    expect(r.orders[1]).toMatchObject({ tranId: paid.tranId, amountMills: 15_000, discountMills: 14_990, planMonths: 3 });
    // The transactions CSV carries the code and the discount in its last two columns.
    const csv = await (await boss.client.request(`/api/admin/orders.csv?search=${encodeURIComponent(buyer.email)}`)).text();
    expect(csv.split("\r\n")[0]).toMatch(/,Discount Code,Discount$/);
    expect(csv.split("\r\n").find((l) => l.includes(paid.tranId))).toMatch(new RegExp(`,${c.code},14\\.99$`));
    const list = await boss.client.json<{ discounts: DiscountDto[] }>("/api/admin/discounts");
    expect(list.body.discounts.find((d) => d.id === c.id)).toMatchObject({ usesPaid: 1, usesHeld: 1 });
  });

  it("is the super-admin's alone", async () => {
    const c = await code();
    const admin = await env.t.signedInUser({ role: "admin" });
    for (const [who, status] of [[env.t.client(), 401], [buyer.client, 403], [admin.client, 403]] as const) {
      expect((await who.json("/api/admin/discounts")).status).toBe(status);
      expect((await who.json(`/api/admin/discounts/${c.id}`)).status).toBe(status);
      expect((await who.json("/api/admin/discounts", { json: { code: "NOPE-NOPE", kind: "percent", value: 5 } })).status).toBe(status);
      expect((await who.json(`/api/admin/discounts/${c.id}`, { method: "PATCH", json: { active: false } })).status).toBe(status);
    }
    expect((await boss.client.json(`/api/admin/discounts/${c.id}`)).status).toBe(200);
  });
});
