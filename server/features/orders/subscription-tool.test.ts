// Subscription-tool purchases (no account): extend the licence bound to the device key by the
// plan's period + bonus from the later of now and its expiry, or issue a new licence by e-mail.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { licenses } from "../../db/schema";
import { createLicense } from "../licenses/service";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "./test-env";

const DAY = 86_400_000;
let env: PaymentsTestEnv;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
});
afterAll(() => env.close());

async function buy(body: Record<string, unknown>): Promise<CheckoutResponse> {
  const res = await env.checkout(env.t.client(), body, "/api/orders/subscription-tool");
  expect(res.status).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  await env.control(`/transactions/${res.body.order.tranId}/approve`);
  return res.body;
}

const licence = async (id: string) => (await env.t.database.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

describe("subscription tool", () => {
  it("extends an active licence from its expiry (3 Months: 90 + 15 days) and e-mails the buyer", async () => {
    const expiry = new Date(Date.now() + 10 * DAY);
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", licenseKey: "PC-LDREEL-ACTIVE", startDate: new Date(Date.now() - 20 * DAY), expireDate: expiry });
    const { order, checkout } = await buy({ planId: "local-3m", email: "tool.buyer@example.com", license: "PC-LDREEL-ACTIVE", variant: "v2" });
    const after = await licence(bound.id);
    expect(after.expireDate!.getTime()).toBe(expiry.getTime() + 105 * DAY);
    expect(after.changesLeft).toBe(bound.changesLeft);
    const row = await env.order(order.tranId);
    expect(row).toMatchObject({ status: "paid", fulfilment: { licenseId: bound.id, buyKey: bound.buyKey, extended: true } });
    expect(await env.emails("tool.buyer@example.com", "license-extended")).toBe(1);
    const mail = await env.t.lastEmail("tool.buyer@example.com", "license-extended");
    expect(mail.subject).toBe("Your Keyshop licence was extended by 105 days");
    expect(mail.text).toContain(bound.buyKey);
    expect(mail.text).toContain(`runs until ${after.expireDate!.toISOString().slice(0, 10)}`);
    expect(await env.licencesOf(row.id)).toHaveLength(0); // no new licence

    // A replayed callback extends nothing twice.
    await env.control(`/transactions/${order.tranId}/callback`, { times: 5, concurrent: true });
    expect((await licence(bound.id)).expireDate!.getTime()).toBe(expiry.getTime() + 105 * DAY);

    // v2 returns to /license-history with the spec's success parameters.
    const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
    const landing = new URL(res.headers.get("location")!);
    expect(landing.pathname).toBe("/license-history");
    expect(Object.fromEntries(landing.searchParams)).toEqual({ payment_success: "true", plan_price: "$29.99", plan_title: "3 Months" });
  });

  it("extends an expired licence from now", async () => {
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", licenseKey: "PC-LDREEL-LAPSED", startDate: new Date(Date.now() - 60 * DAY), expireDate: new Date(Date.now() - 30 * DAY) });
    const before = Date.now();
    await buy({ planId: "local-1m", email: "owner@example.com", license: "PC-LDREEL-LAPSED" });
    const expiry = (await licence(bound.id)).expireDate!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY);
  });

  it("lengthens the term of a bound licence not yet activated", async () => {
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", licenseKey: "PC-LDREEL-NEW" });
    await buy({ planId: "local-12m", email: "owner@example.com", license: "PC-LDREEL-NEW" });
    expect(await licence(bound.id)).toMatchObject({ termDays: 30 + 395, startDate: null, expireDate: null });
  });

  it("issues a new licence and e-mails its buy key when no licence has the device key (or none is given)", async () => {
    for (const license of ["PC-LDREEL-UNKNOWN", undefined]) {
      const email = `fresh-${license ?? "none"}@example.com`.toLowerCase();
      const { order, checkout } = await buy({ planId: "local-1m", email, license });
      const row = await env.order(order.tranId);
      const issued = await env.licencesOf(row.id);
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ email, userId: null, planId: "local-1m", startDate: null, expireDate: null, changesLeft: 2 });
      expect(await env.emails(email, "license-key")).toBe(1);
      const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
      expect(new URL(res.headers.get("location")!).pathname).toBe("/subscription_tool");
    }
  });
});
