// Bulk orders for resellers (decision 080): who may buy in bulk, the volume tier's price, N licenses
// issued once however often the payment is announced, the CSV, and assigning a license to an end
// customer once, also when two assignments race.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import type { AssignLicenseResponse, ResellerLicenseList, ResellerOverview } from "../../../contracts/reseller";
import { licenseAssignments, licenses, plans, shopEvents, user as users } from "../../db/schema";
import type { TestClient } from "../../test/harness";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

type Person = { client: TestClient; email: string; id: string };
let env: PaymentsTestEnv;
let reseller: Person;
let rival: Person;
let customer: Person;
let boss: Person;
let planPriceMills: number;

const TIERS = [
  { minQuantity: 3, percentOff: 10 },
  { minQuantity: 5, percentOff: 15 },
];

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  [reseller, rival, customer, boss] = [await env.t.signedInUser(), await env.t.signedInUser(), await env.t.signedInUser(), await env.t.signedInUser({ role: "admin", superAdmin: true })];
  const db = env.t.database.db;
  await db.update(users).set({ reseller: true }).where(sql`${users.id} in (${reseller.id}, ${rival.id})`);
  const [plan] = await db.update(plans).set({ volumeTiers: TIERS }).where(eq(plans.id, "local-1m")).returning();
  planPriceMills = plan!.priceMills;
});
afterAll(() => env.close());

const bulk = (quantity: unknown, client = reseller.client, body: Record<string, unknown> = {}) => env.checkout(client, { planId: "local-1m", quantity, ...body }, "/api/reseller/checkout");
const licensesOf = async (client: TestClient, query = "") => (await client.json<ResellerLicenseList>(`/api/reseller/licenses${query}`)).body;
const assign = (id: string, email: unknown, client = reseller.client) => client.json<AssignLicenseResponse & { code?: string }>(`/api/reseller/licenses/${id}/assign`, { json: { email } });
const paidBulk = async (quantity: number, client = reseller.client) => env.payAnswer((await bulk(quantity, client)) as { status: number; body: CheckoutResponse });
const freshEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe("who may buy in bulk", () => {
  it("refuses a customer who is not a reseller (403 NOT_A_RESELLER) before reading the body, and anyone signed out (401)", async () => {
    for (const [path, json] of [
      ["/api/reseller/overview", undefined],
      ["/api/reseller/licenses", undefined],
      ["/api/reseller/checkout", { planId: "local-1m", quantity: "lots" }],
      ["/api/reseller/licenses/00000000-0000-4000-8000-000000000000/assign", { email: 1 }],
    ] as const) {
      const res = await customer.client.json<{ code: string }>(path, json ? { json } : {});
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("NOT_A_RESELLER");
      expect((await env.t.client().json(path, json ? { json } : {})).status).toBe(401);
    }
  });
});

describe("a bulk checkout", () => {
  it("prices each license at the plan's price less its volume tier, in whole cents, and ignores any price sent", async () => {
    const unit = planPriceMills - Math.floor((planPriceMills * 15) / 100 / 10) * 10;
    const res = await bulk(6, reseller.client, { amountMills: 1_000, priceMills: 1 });
    expect(res.status).toBe(201);
    const order = await env.order(res.body.order.tranId);
    expect(order).toMatchObject({ kind: "plan", quantity: 6, unitPriceMills: unit, amountMills: unit * 6, userId: reseller.id });
    expect(res.body.order.quantity).toBe(6);
    // Below the first tier: the plan's price.
    const two = await env.order((await bulk(2)).body.order.tranId);
    expect(two).toMatchObject({ quantity: 2, unitPriceMills: planPriceMills, amountMills: planPriceMills * 2 });
  });

  it("takes 2 to 500 licenses of a plan on sale", async () => {
    for (const bad of [1, 501, 2.5, "3", null]) {
      const res = await bulk(bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.issues?.[0]?.path).toBe("quantity");
    }
    const unknown = await env.checkout(reseller.client, { planId: "no-such-plan", quantity: 3 }, "/api/reseller/checkout");
    expect(unknown.status).toBe(422);
  });
});

describe("a paid bulk order", () => {
  it("issues N licenses to the reseller once, however often the payment is announced, and e-mails every key once", async () => {
    const order = await paidBulk(3);
    await env.control(`/transactions/${order.tranId}/callback`, { times: 3, concurrent: true });
    const issued = await env.licensesOf(order.id);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((l) => l.buyKey)).size).toBe(3);
    for (const l of issued) expect(l).toMatchObject({ email: reseller.email, userId: reseller.id, assignedAt: null, deviceKey: null });
    expect((await env.order(order.tranId)).fulfilment).toEqual({ quantity: 3 });
    expect(await env.emails(reseller.email, "bulk-licenses")).toBeGreaterThanOrEqual(1);
    const mail = await env.t.lastEmail(reseller.email, "bulk-licenses");
    for (const l of issued) expect(mail.text).toContain(l.buyKey);
    const created = await env.t.database.db.select().from(shopEvents).where(and(eq(shopEvents.type, "licence.created"), sql`${shopEvents.data}->>'orderId' = ${order.id}`));
    expect(created).toHaveLength(3);

    const overview = (await reseller.client.json<ResellerOverview>("/api/reseller/overview")).body;
    expect(overview.orders.find((o) => o.id === order.id)).toMatchObject({ quantity: 3, status: "paid", assigned: 0, revoked: 0 });
    expect(overview.plans.find((p) => p.id === "local-1m")?.volumeTiers).toEqual(TIERS);
    expect((await licensesOf(reseller.client, `?orderId=${order.id}`)).total).toBe(3);
  });

  it("downloads as CSV, each key once, for its reseller only", async () => {
    const order = await paidBulk(2);
    const res = await reseller.client.request(`/api/reseller/orders/${order.id}/licenses.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("buy_key,plan,term_days,key_changes,state,assigned_to,assigned_at");
    const keys = lines.slice(1).map((l) => l.split(",")[0]);
    expect(keys.sort()).toEqual((await env.licensesOf(order.id)).map((l) => l.buyKey).sort());
    // Another reseller, a customer: not theirs.
    expect((await rival.client.request(`/api/reseller/orders/${order.id}/licenses.csv`)).status).toBe(404);
    expect((await customer.client.request(`/api/reseller/orders/${order.id}/licenses.csv`)).status).toBe(403);
    expect((await licensesOf(rival.client, `?orderId=${order.id}`)).total).toBe(0);
  });
});

describe("assigning a license", () => {
  it("moves it to a new customer's e-mail and a new account, e-mails them the key, and the reseller sees to whom and when", async () => {
    const order = await paidBulk(2);
    const [license] = await env.licensesOf(order.id);
    const email = freshEmail("end-customer");
    const res = await assign(license!.id, `  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accountCreated: true, license: { id: license!.id, state: "assigned", assignedTo: email, buyKey: license!.buyKey } });
    const db = env.t.database.db;
    const [account] = await db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ emailVerified: false, reseller: false });
    const [moved] = await db.select().from(licenses).where(eq(licenses.id, license!.id));
    expect(moved).toMatchObject({ email, userId: account!.id });
    const mail = await env.t.lastEmail(email, "license-key");
    expect(mail.text).toContain(license!.buyKey);
    expect(mail.text).toContain(reseller.email);
    expect(mail.text).toContain("no password needed");
    const [event] = await db.select().from(shopEvents).where(and(eq(shopEvents.type, "licence.assigned"), eq(shopEvents.subject, license!.id)));
    expect(event?.data).toMatchObject({ licenceId: license!.id, email, userId: account!.id, orderId: order.id, resellerUserId: reseller.id, accountCreated: true });
    expect(JSON.stringify(event?.data)).not.toContain(license!.buyKey);

    const list = await licensesOf(reseller.client, `?orderId=${order.id}&state=assigned`);
    expect(list.licenses).toEqual([expect.objectContaining({ id: license!.id, assignedTo: email, assignedAt: expect.any(String) })]);
    expect((await reseller.client.json<ResellerOverview>("/api/reseller/overview")).body.orders.find((o) => o.id === order.id)?.assigned).toBe(1);
    // The end customer signs in (a magic link: their account has no password) and owns the license.
    const signedIn = await env.t.magicLinkSession(email);
    expect((await signedIn.json<{ licenses: Array<{ id: string }> }>("/api/licenses")).body.licenses.map((l) => l.id)).toContain(license!.id);
  });

  it("to an address with an account: that account's, no account made; a second assignment is ALREADY_ASSIGNED", async () => {
    const order = await paidBulk(2);
    const [license] = await env.licensesOf(order.id);
    const res = await assign(license!.id, customer.email);
    expect(res.status).toBe(200);
    expect(res.body.accountCreated).toBe(false);
    const [moved] = await env.t.database.db.select().from(licenses).where(eq(licenses.id, license!.id));
    expect(moved).toMatchObject({ email: customer.email, userId: customer.id });
    expect((await customer.client.json<{ licenses: Array<{ id: string }> }>("/api/licenses")).body.licenses.map((l) => l.id)).toContain(license!.id);
    const again = await assign(license!.id, freshEmail("second"));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ALREADY_ASSIGNED");
  });

  it("refuses the reseller's own address, another reseller's license, a license not of a bulk order, and an activated one", async () => {
    const order = await paidBulk(2);
    const [first, second] = await env.licensesOf(order.id);
    const self = await assign(first!.id, reseller.email.toUpperCase());
    expect(self.status).toBe(422);
    expect(self.body.code).toBe("ASSIGN_TO_SELF");
    expect((await assign(first!.id, freshEmail("x"), rival.client)).status).toBe(404);
    const single = await env.payAnswer(await env.checkout(reseller.client, { kind: "plan", planId: "local-1m" }));
    const [own] = await env.licensesOf(single.id);
    expect((await assign(own!.id, freshEmail("y"))).status).toBe(404);
    await env.t.database.db.update(licenses).set({ deviceKey: `PC-LDREEL-${second!.id.slice(0, 8)}`, startDate: new Date() }).where(eq(licenses.id, second!.id));
    const activated = await assign(second!.id, freshEmail("z"));
    expect(activated.status).toBe(409);
    expect(activated.body.code).toBe("LICENSE_NOT_ASSIGNABLE");
    const bad = await assign(first!.id, "not an e-mail");
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
  });

  it("an unpaid bulk order's licenses do not exist yet: nothing to assign", async () => {
    const res = await bulk(2);
    expect((await env.licensesOf(res.body.order.id)).length).toBe(0);
  });

  it("two racing assignments of one license: one wins, the other is ALREADY_ASSIGNED; one record, one e-mail", async () => {
    const order = await paidBulk(2);
    const [license] = await env.licensesOf(order.id);
    const [a, b] = [freshEmail("race-a"), freshEmail("race-b")];
    const answers = await Promise.all([assign(license!.id, a), assign(license!.id, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.code).toBe("ALREADY_ASSIGNED");
    const winner = answers.find((r) => r.status === 200)!.body.license.assignedTo!;
    const loser = winner === a ? b : a;
    const rows = await env.t.database.db.select().from(licenseAssignments).where(eq(licenseAssignments.licenseId, license!.id));
    expect(rows).toEqual([expect.objectContaining({ email: winner })]);
    expect(await env.emails(winner, "license-key")).toBe(1);
    expect(await env.emails(loser, "license-key")).toBe(0);
    // The loser's address got no account either (its transaction was rolled back).
    expect(await env.t.database.db.select().from(users).where(eq(users.email, loser))).toHaveLength(0);
  });
});

describe("the admin", () => {
  it("sees a bulk order's quantity on the order", async () => {
    const order = await paidBulk(2);
    const res = await boss.client.json<{ order: { quantity?: number } }>(`/api/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.order.quantity).toBe(2);
  });
});
