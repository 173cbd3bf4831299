// Subscription-tool purchases (no account): extend the licence bound to the device key by the
// plan's period + bonus from the later of now and its expiry, or issue a new licence by e-mail.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { emailOutbox, licenses } from "../../db/schema";
import { createLicense } from "../licenses/service";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { formatDate } from "../../../contracts/dates";

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

const license = async (id: string) => (await env.t.database.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

describe("subscription tool", () => {
  it("extends its owner's active licence from its expiry (3 Months: 90 + 15 days) and e-mails the owner its buy key", async () => {
    const expiry = new Date(Date.now() + 10 * DAY);
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", deviceKey: "PC-LDREEL-ACTIVE", startDate: new Date(Date.now() - 20 * DAY), expireDate: expiry });
    const { order, checkout } = await buy({ planId: "local-3m", email: "Owner@Example.com", deviceKey: "PC-LDREEL-ACTIVE", variant: "v2" });
    const after = await license(bound.id);
    expect(after.expireDate!.getTime()).toBe(expiry.getTime() + 105 * DAY);
    expect(after.changesLeft).toBe(bound.changesLeft);
    const row = await env.order(order.tranId);
    expect(row).toMatchObject({ status: "paid", fulfilment: { licenseId: bound.id, buyKey: bound.buyKey, extended: true } });
    expect(await env.emails("owner@example.com", "license-extended")).toBe(1);
    const mail = await env.t.lastEmail("owner@example.com", "license-extended");
    expect(mail.subject).toBe("Your Keyshop licence was extended by 105 days");
    expect(mail.text).toContain(bound.buyKey);
    expect(mail.text).toContain(`runs until ${formatDate(after.expireDate!, "en", env.t.config.shopTimeZone)}.`);
    expect(await env.licensesOf(row.id)).toHaveLength(0); // no new licence

    // A replayed callback extends nothing twice.
    await env.control(`/transactions/${order.tranId}/callback`, { times: 5, concurrent: true });
    expect((await license(bound.id)).expireDate!.getTime()).toBe(expiry.getTime() + 105 * DAY);

    // v2 returns to /license-history with the spec's success parameters and a receipt token
    // that lets the page (no account) confirm the payment before it celebrates.
    const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
    const landing = new URL(res.headers.get("location")!);
    expect(landing.pathname).toBe("/license-history");
    const { receipt, ...spec } = Object.fromEntries(landing.searchParams);
    expect(spec).toEqual({ payment_success: "true", plan_price: "$29.99", plan_title: "3 Months" });
    const confirmed = await env.t.client().json<{ receipt: Record<string, unknown> }>(`/api/payments/receipts/${receipt}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.receipt).toEqual({ status: "paid", kind: "tool", planTitle: "3 Months", planMonths: 3, amountMills: 29_990, amount: "29.99", currency: "USD", paidAt: expect.any(String), providerName: "PayWay" });
    expect(JSON.stringify(confirmed.body)).not.toContain(bound.buyKey);
    expect(JSON.stringify(confirmed.body)).not.toContain("owner@example.com");
  });

  it("a receipt token cannot be made up: a changed character, another order's id or no MAC is not found", async () => {
    const { order, checkout } = await buy({ planId: "local-1m", email: "receipts@example.com" });
    const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
    const receipt = new URL(res.headers.get("location")!).searchParams.get("receipt")!;
    expect(receipt.startsWith(`${order.tranId}.`)).toBe(true);
    const other = await env.checkout(env.t.client(), { planId: "local-1m", email: "other@example.com" }, "/api/orders/subscription-tool");
    const mac = receipt.slice(receipt.indexOf(".") + 1);
    const flipped = `${receipt.slice(0, -1)}${receipt.endsWith("A") ? "B" : "A"}`;
    for (const forged of [flipped, `${other.body.order.tranId}.${mac}`, order.tranId, `${order.tranId}.`, "x".repeat(64)]) {
      const answer = await env.t.client().json<{ code: string }>(`/api/payments/receipts/${encodeURIComponent(forged)}`);
      expect([answer.status, answer.body.code], forged).toEqual([404, "NOT_FOUND"]);
    }
  });

  it("a stranger who knows the device key may pay to extend the licence, but never sees its buy key; the owner is told", async () => {
    // The attack: the device key is shown in the tool, in screenshots, in support chats.
    const owner = await env.t.signedInUser();
    const attacker = await env.t.signedInUser();
    const expiry = new Date(Date.now() + 10 * DAY);
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: owner.email, userId: owner.id, deviceKey: "PC-LDREEL-VICTIM", startDate: new Date(Date.now() - 20 * DAY), expireDate: expiry });
    const { order, checkout } = await buy({ planId: "local-1m", email: attacker.email, deviceKey: "PC-LDREEL-VICTIM", variant: "v1" });

    // The gift is granted: 30 days more on the owner's licence, which stays on the owner's device.
    const after = await license(bound.id);
    expect(after.expireDate!.getTime()).toBe(expiry.getTime() + 30 * DAY);
    expect(after).toMatchObject({ deviceKey: "PC-LDREEL-VICTIM", email: owner.email });

    // Nothing the payer can see carries the buy key: their mailbox, their orders, the return URL.
    const payerMail = await env.t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, attacker.email));
    // The payment receipt (decision 022) names the plan and the amount, never the licence's keys.
    expect(payerMail.map((m) => m.template).sort()).toEqual(["license-gift-receipt", "payment-receipt", "verify-email"]);
    for (const m of payerMail) for (const part of [m.subject, m.text, m.html]) expect(part).not.toContain(bound.buyKey);
    expect((await env.t.lastEmail(attacker.email, "license-gift-receipt")).text).toContain("30 days were added to the licence of the device PC-LDR…CTIM.");
    const history = await attacker.client.json<{ orders: Array<{ tranId: string; buyKey: string | null; status: string }> }>("/api/orders");
    expect(history.body.orders.find((o) => o.tranId === order.tranId)).toMatchObject({ status: "paid", buyKey: null });
    expect(JSON.stringify(history.body)).not.toContain(bound.buyKey);
    const one = await attacker.client.json<{ order: { buyKey: string | null } }>(`/api/orders/${order.id}`);
    expect(one.body.order.buyKey).toBeNull();
    const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
    expect(res.headers.get("location")).not.toContain(bound.buyKey);
    expect((await env.order(order.tranId)).fulfilment).toEqual({ licenseId: bound.id, extended: true, gift: true, expireDate: after.expireDate!.toISOString(), addedDays: 30 });

    // The owner hears who extended it, by how long, until when.
    const notice = await env.t.lastEmail(owner.email, "license-extended-by-other");
    expect(notice.subject).toBe(`Your Keyshop licence was extended by 30 days (paid by ${attacker.email})`);
    expect(notice.text).toContain(`${attacker.email} paid for 1 Month on the licence whose buy key ends in ${bound.buyKey.slice(-5)}: 30 days were added.`);
    // The date in the shop's time zone (SHOP_TIME_ZONE, Phnom Penh by default), in the owner's language.
    expect(notice.text).toContain(`It now runs until ${formatDate(after.expireDate!, "en", env.t.config.shopTimeZone)}.`);
    expect(await env.emails(owner.email, "license-extended")).toBe(0);
  });

  it("extends an expired licence from now", async () => {
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", deviceKey: "PC-LDREEL-LAPSED", startDate: new Date(Date.now() - 60 * DAY), expireDate: new Date(Date.now() - 30 * DAY) });
    const before = Date.now();
    await buy({ planId: "local-1m", email: "owner@example.com", deviceKey: "PC-LDREEL-LAPSED" });
    const expiry = (await license(bound.id)).expireDate!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY);
  });

  it("lengthens the term of a bound licence not yet activated", async () => {
    const bound = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "owner@example.com", deviceKey: "PC-LDREEL-NEW" });
    await buy({ planId: "local-12m", email: "owner@example.com", deviceKey: "PC-LDREEL-NEW" });
    expect(await license(bound.id)).toMatchObject({ termDays: 30 + 395, startDate: null, expireDate: null });
  });

  it("never extends a revoked licence: the payment buys a new licence for the payer instead", async () => {
    const revoked = await createLicense({ db: env.t.database.db, planId: "local-1m", email: "revoked@example.com", deviceKey: "PC-LDREEL-REVOKED", startDate: new Date(Date.now() - 10 * DAY), expireDate: new Date(Date.now() + 20 * DAY) });
    await env.t.database.db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, revoked.id));
    const before = await license(revoked.id);
    const { order } = await buy({ planId: "local-1m", email: "revoked@example.com", deviceKey: "PC-LDREEL-REVOKED" });
    expect(await license(revoked.id)).toMatchObject({ expireDate: before.expireDate, termDays: before.termDays });
    const issued = await env.licensesOf((await env.order(order.tranId)).id);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.id).not.toBe(revoked.id);
  });

  it("issues a new licence and e-mails its buy key when no licence has the device key (or none is given)", async () => {
    for (const deviceKey of ["PC-LDREEL-UNKNOWN", undefined]) {
      const email = `fresh-${deviceKey ?? "none"}@example.com`.toLowerCase();
      const { order, checkout } = await buy({ planId: "local-1m", email, deviceKey });
      const row = await env.order(order.tranId);
      const issued = await env.licensesOf(row.id);
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ email, userId: null, planId: "local-1m", startDate: null, expireDate: null, changesLeft: 2 });
      expect(await env.emails(email, "license-key")).toBe(1);
      const res = await fetch(checkout.fields.continue_success_url!, { redirect: "manual" });
      expect(new URL(res.headers.get("location")!).pathname).toBe("/subscription_tool");
    }
  });
});
