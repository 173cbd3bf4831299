// Renewals and reminders (decision 026): each reminder once per licence, term and stage even with
// two passes racing; none after a renewal or an opt-out; a renewal extends the licence it was
// started for, from its expiry; the reminder link's token; abandoned-checkout e-mails.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { emailOutbox, licenses, orders, shopEvents, user } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import type { SignedInUser, TestClient } from "../../test/harness";
import { createLicense } from "../licenses/service";
import { refundOrder } from "../refunds/service";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { renewToken } from "./token";
import { recoverAbandonedCheckouts, sendExpiryReminders, type RenewalWorkerDeps } from "./workers";

const DAY = 86_400_000;
const TEST_API_TOKEN = "renewals-test-api-token";
let env: PaymentsTestEnv;
let deps: RenewalWorkerDeps;

beforeAll(async () => {
  env = await startPaymentsTestEnv({ DEV_TEST_API_TOKEN: TEST_API_TOKEN });
  deps = { db: env.t.database.db, baseUrl: env.appUrl, secret: env.t.config.authSecret, shopTimeZone: env.t.config.shopTimeZone, logger: createLogger("silent") };
});
afterAll(() => env.close());

const db = () => env.t.database.db;
const license = async (id: string) => (await db().select().from(licenses).where(eq(licenses.id, id)))[0]!;
const mails = (to: string, template: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
/** Both instances' passes at the same moment, as two servers would run them. */
const racingPasses = (now: Date) => Promise.all([sendExpiryReminders(deps, now), sendExpiryReminders(deps, now)]);

async function activeLicense(owner: SignedInUser, expiresIn: number, now = new Date(), planId = "local-1m") {
  return createLicense({ db: db(), planId, email: owner.email, userId: owner.id, deviceKey: `PC-LDREEL-${crypto.randomUUID().slice(0, 8)}`, startDate: new Date(now.getTime() - 20 * DAY), expireDate: new Date(now.getTime() + expiresIn) });
}

async function pay(client: TestClient, path: string, body: unknown): Promise<CheckoutResponse> {
  const res = await env.checkout(client, body, path);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  await env.control(`/transactions/${res.body.order.tranId}/approve`);
  return res.body;
}

describe("expiry reminders", () => {
  it("sends each stage once per licence and term with two passes racing, in the customer's language, with a renew link and List-Unsubscribe", async () => {
    const owner = await env.t.signedInUser();
    const now = new Date();
    const l = await activeLicense(owner, 3 * DAY, now);
    await db().update(licenses).set({ name: "Office PC" }).where(eq(licenses.id, l.id));
    // The customer's language is their account's (Profile), whatever their latest order's was (decision 040).
    expect((await owner.client.json("/api/profile", { method: "PATCH", json: { language: "km" } })).status).toBe(200);
    await db().insert(orders).values({ tranId: `TEN${Date.now()}`.slice(0, 20), kind: "plan", email: owner.email, userId: owner.id, planId: "local-1m", planTitle: "1 Month", amountMills: 1000, status: "failed", locale: "en" });

    const [a, b] = await racingPasses(now);
    expect(a + b).toBe(1);
    await racingPasses(new Date(now.getTime() + 60_000)); // ten minutes later, the same day: nothing more
    const sent = await mails(owner.email, "licence-expiring");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល 3 ថ្ងៃទៀត");
    expect(sent[0]!.text).toContain("Office PC");
    // The plan and the date in Khmer, in the shop's time zone: no English inserted into the Khmer.
    const expiry = new Intl.DateTimeFormat("km-KH", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Phnom_Penh" }).format(l.expireDate!);
    expect(sent[0]!.text).toContain(`អាជ្ញាប័ណ្ណ Office PC (1 ខែ) របស់អ្នក អាចប្រើបានរហូតដល់ថ្ងៃទី ${expiry}។`);
    expect(sent[0]!.text).not.toMatch(/Month|expires|UTC\)/);
    expect(sent[0]!.text).not.toContain(l.buyKey);
    expect(sent[0]!.headers).toMatchObject({ "List-Unsubscribe": expect.stringMatching(/^<http.*\/api\/reminders\/unsubscribe\/.+>$/), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // The licence.expiring event went out with it, once.
    const events = await db().select().from(shopEvents).where(and(eq(shopEvents.type, "licence.expiring"), eq(shopEvents.subject, l.id)));
    expect(events).toHaveLength(1);

    // Two days on: the 1-day stage, once; then the day itself.
    await racingPasses(new Date(now.getTime() + 2 * DAY));
    await racingPasses(new Date(now.getTime() + 3 * DAY - 60_000));
    const subjects = (await mails(owner.email, "licence-expiring")).map((m) => m.subject).sort();
    expect(subjects).toHaveLength(3);
  });

  it("sends nothing after a renewal (a new term) and nothing after the owner turned reminders off", async () => {
    const owner = await env.t.signedInUser();
    const now = new Date();
    const renewed = await activeLicense(owner, 7 * DAY, now);
    expect(await sendExpiryReminders(deps, now)).toBeGreaterThanOrEqual(1);
    expect(await mails(owner.email, "licence-expiring")).toHaveLength(1);
    await pay(owner.client, `/api/licenses/${renewed.id}/renew`, { planId: "local-1m" });
    // Four days on, the old term would have had its 3-day reminder; the renewed one is 33 days away.
    await sendExpiryReminders(deps, new Date(now.getTime() + 4 * DAY));
    expect(await mails(owner.email, "licence-expiring")).toHaveLength(1);

    const quiet = await env.t.signedInUser();
    await activeLicense(quiet, 1 * DAY, now);
    const off = await quiet.client.json<{ expiryReminders: boolean }>("/api/profile", { method: "PATCH", json: { expiryReminders: false } });
    expect(off).toMatchObject({ status: 200, body: { expiryReminders: false } });
    await racingPasses(now);
    expect(await mails(quiet.email, "licence-expiring")).toHaveLength(0);
  });

  it("a licence without an account (bought with the subscription tool): the language of its latest order", async () => {
    const email = `no-account-${Date.now()}@example.com`;
    const now = new Date();
    await createLicense({ db: db(), planId: "local-3m", email, deviceKey: `PC-LDREEL-${crypto.randomUUID().slice(0, 8)}`, startDate: new Date(now.getTime() - 20 * DAY), expireDate: new Date(now.getTime() + 7 * DAY) });
    await db().insert(orders).values({ tranId: `TKT${Date.now()}`.slice(0, 20), kind: "tool", email, planId: "local-3m", planTitle: "3 Months", amountMills: 29_990, status: "paid", locale: "km" });
    await sendExpiryReminders(deps, now);
    const [mail] = await mails(email, "licence-expiring");
    expect(mail!.subject).toBe("អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល 7 ថ្ងៃទៀត");
    expect(mail!.text).toContain("អាជ្ញាប័ណ្ណ 3 ខែ របស់អ្នក");
  });

  it("counts days on the shop's calendar (SHOP_TIME_ZONE), as the e-mail's date reads", async () => {
    const owner = await env.t.signedInUser();
    // 10:00 UTC is 17:00 in Phnom Penh; an expiry at 20:00 UTC is 03:00 there the next day: "tomorrow", not "today".
    const now = new Date("2031-05-20T10:00:00Z");
    const l = await createLicense({ db: db(), planId: "local-1m", email: owner.email, userId: owner.id, deviceKey: `PC-LDREEL-${crypto.randomUUID().slice(0, 8)}`, startDate: new Date("2031-04-20T00:00:00Z"), expireDate: new Date("2031-05-20T20:00:00Z") });
    await sendExpiryReminders(deps, now);
    const sent = await mails(owner.email, "licence-expiring");
    expect(sent.map((m) => m.subject)).toEqual(["Your Keyshop licence expires tomorrow"]);
    expect(sent[0]!.text).toContain("runs until May 21, 2031.");
    // A shop in UTC sees the same moment as the day itself.
    const utcOwner = await env.t.signedInUser();
    await createLicense({ db: db(), planId: "local-1m", email: utcOwner.email, userId: utcOwner.id, deviceKey: `PC-LDREEL-${crypto.randomUUID().slice(0, 8)}`, startDate: l.startDate, expireDate: l.expireDate });
    await sendExpiryReminders({ ...deps, shopTimeZone: "UTC" }, now);
    const utc = await mails(utcOwner.email, "licence-expiring");
    expect(utc.map((m) => m.subject)).toEqual(["Your Keyshop licence expires today"]);
    expect(utc[0]!.text).toContain("runs until May 20, 2031.");
  });

  it("the List-Unsubscribe address turns reminders off with one POST; a made-up one is 404", async () => {
    const owner = await env.t.signedInUser();
    await activeLicense(owner, 7 * DAY);
    await sendExpiryReminders(deps);
    const [mail] = await mails(owner.email, "licence-expiring");
    const url = new URL(mail!.headers!["List-Unsubscribe"]!.slice(1, -1));
    const client = env.t.client();
    const forged = await client.json<{ code: string }>(`${url.pathname.slice(0, -3)}abc`, { method: "POST" });
    expect([forged.status, forged.body.code]).toEqual([404, "NOT_FOUND"]);
    // As a mail client sends it (RFC 8058): a form body, no cookie.
    const res = await fetch(`${env.appUrl}${url.pathname}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect((await db().select({ on: user.expiryReminders }).from(user).where(eq(user.id, owner.id)))[0]!.on).toBe(false);
  });
});

describe("renewal", () => {
  it("extends the licence it was started for from its expiry (not another of the owner's), and grows the term of one not yet activated", async () => {
    const owner = await env.t.signedInUser();
    const now = new Date();
    const target = await activeLicense(owner, 10 * DAY, now);
    const other = await activeLicense(owner, 10 * DAY, now);
    const fresh = await createLicense({ db: db(), planId: "local-3m", email: owner.email, userId: owner.id });
    const options = await owner.client.json<{ plans: Array<{ id: string; market: string }>; name: string }>(`/api/licenses/${target.id}/renewal`);
    expect(options.status).toBe(200);
    expect(options.body.plans.every((p) => p.market === "local")).toBe(true);
    const { order } = await pay(owner.client, `/api/licenses/${target.id}/renew`, { planId: "local-3m" });
    expect((await license(target.id)).expireDate!.getTime()).toBe(target.expireDate!.getTime() + 105 * DAY);
    // Its plan is the one last paid for: the 1-month licence now reads "3 Months plan" (#29 item 8).
    expect((await license(target.id)).planId).toBe("local-3m");
    expect((await license(other.id)).planId).toBe("local-1m");
    expect((await license(other.id)).expireDate!.getTime()).toBe(other.expireDate!.getTime());
    expect(await env.order(order.tranId)).toMatchObject({ status: "paid", renewLicenseId: target.id, fulfilment: { licenseId: target.id, extended: true, addedDays: 105 } });
    expect(await env.licensesOf((await env.order(order.tranId)).id)).toHaveLength(0);
    // The return lands on License Keys.
    const landing = await fetch(`${env.appUrl}/api/check-transaction-plan?tran_id=${order.tranId}&to=license-keys`, { redirect: "manual" });
    expect(new URL(landing.headers.get("location")!).pathname).toBe("/license-keys");

    await pay(owner.client, `/api/licenses/${fresh.id}/renew`, { planId: "local-1m" });
    expect(await license(fresh.id)).toMatchObject({ expireDate: null, termDays: fresh.termDays + 30 });
  });

  it("a full refund of a renewal takes its days back and keeps the licence (a new licence's refund revokes it)", async () => {
    const owner = await env.t.signedInUser();
    const boss = await env.t.signedInUser({ role: "admin" });
    const l = await activeLicense(owner, 10 * DAY);
    const { order } = await pay(owner.client, `/api/licenses/${l.id}/renew`, { planId: "local-1m" });
    expect((await license(l.id)).expireDate!.getTime()).toBe(l.expireDate!.getTime() + 30 * DAY);
    await refundOrder(env.deps, { orderId: (await env.order(order.tranId)).id, reason: "Changed my mind", source: "admin", actor: { id: boss.id, email: boss.email } });
    const after = await license(l.id);
    expect(after.expireDate!.getTime()).toBe(l.expireDate!.getTime());
    expect(after.revokedAt).toBeNull();
  });

  it("an expired licence is extended from the payment, not from its old expiry", async () => {
    const owner = await env.t.signedInUser();
    const lapsed = await activeLicense(owner, -5 * DAY);
    const before = Date.now();
    await pay(owner.client, `/api/licenses/${lapsed.id}/renew`, { planId: "local-1m" });
    const expiry = (await license(lapsed.id)).expireDate!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiry).toBeLessThan(Date.now() + 30 * DAY + 1000);
  });

  it("another user cannot see or renew someone else's licence from the dashboard routes (404), nor a plan of another market (422)", async () => {
    const owner = await env.t.signedInUser();
    const stranger = await env.t.signedInUser();
    const l = await activeLicense(owner, 10 * DAY);
    const look = await stranger.client.json<{ code: string }>(`/api/licenses/${l.id}/renewal`);
    expect([look.status, look.body.code]).toEqual([404, "NOT_FOUND"]);
    const renew = await stranger.client.json<{ code: string }>(`/api/licenses/${l.id}/renew`, { json: { planId: "local-1m" } });
    expect([renew.status, renew.body.code]).toEqual([404, "NOT_FOUND"]);
    const foreign = await owner.client.json<{ code: string }>(`/api/licenses/${l.id}/renew`, { json: { planId: "foreign-1m" } });
    expect([foreign.status, foreign.body.code]).toEqual([422, "VALIDATION_FAILED"]);
    const anonymous = await env.t.client().json(`/api/licenses/${l.id}/renew`, { json: { planId: "local-1m" } });
    expect(anonymous.status).toBe(401);
  });

  it("the reminder's link opens that licence's renewal without signing in (name and plan, never the buy key) and pays for that licence; tampered or expired links are refused", async () => {
    const owner = await env.t.signedInUser();
    const now = new Date();
    const l = await activeLicense(owner, 1 * DAY, now);
    await sendExpiryReminders(deps, now);
    const mail = await env.t.lastEmail(owner.email, "licence-expiring");
    const token = new URL(mail.link!).pathname.split("/").pop()!;
    const anonymous = env.t.client();
    const page = await anonymous.json<{ licenceId: string; planTitle: string; email: string }>(`/api/renewals/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ licenceId: l.id, planTitle: "1 Month", email: owner.email });
    expect(JSON.stringify(page.body)).not.toContain(l.buyKey);

    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const otherLicense = await activeLicense(owner, 1 * DAY, now);
    const swapped = token.replace(l.id, otherLicense.id);
    for (const forged of [flipped, swapped, l.id, "x".repeat(40)]) {
      const res = await anonymous.json<{ code: string }>(`/api/renewals/${encodeURIComponent(forged)}/checkout`, { json: { planId: "local-1m" } });
      expect([res.status, res.body.code], forged).toEqual([404, "NOT_FOUND"]);
    }
    const expired = renewToken(env.t.config.authSecret, l.id, new Date(Date.now() - 1000));
    const late = await anonymous.json<{ code: string }>(`/api/renewals/${expired}`);
    expect([late.status, late.body.code]).toEqual([404, "RENEW_LINK_EXPIRED"]);

    const { order, checkout } = await pay(anonymous, `/api/renewals/${token}/checkout`, { planId: "local-1m" });
    expect((await license(l.id)).expireDate!.getTime()).toBe(l.expireDate!.getTime() + 30 * DAY);
    expect(await env.order(order.tranId)).toMatchObject({ email: owner.email, userId: owner.id, renewLicenseId: l.id });

    // The return goes back to the link's own page (no session needed there), with the receipt
    // token that page reads the payment with, not the order id (#29 item 1).
    const returnUrl = new URL(checkout.fields.continue_success_url!);
    const landing = await fetch(returnUrl, { redirect: "manual" });
    const back = new URL(landing.headers.get("location")!);
    expect(back.pathname).toBe(`/renew/${token}`);
    expect(back.searchParams.get("payment_success")).toBe("true");
    expect(back.searchParams.get("order")).toBeNull();
    const receipt = await anonymous.json<{ receipt: { status: string; amountMills: number } }>(`/api/payments/receipts/${back.searchParams.get("receipt")}`);
    expect(receipt.body.receipt).toMatchObject({ status: "paid", amountMills: 9_990 });
    // Another licence's link (genuine) in the return is not followed: the return lands on License Keys.
    returnUrl.searchParams.set("renew", renewToken(env.t.config.authSecret, otherLicense.id, new Date(Date.now() + DAY)));
    const elsewhere = await fetch(returnUrl, { redirect: "manual" });
    expect(new URL(elsewhere.headers.get("location")!).pathname).toBe("/license-keys");
  });
});

describe("abandoned checkouts", () => {
  async function abandoned(owner: SignedInUser, planId: string, createdAt: Date) {
    const res = await env.checkout(owner.client, { kind: "plan", planId });
    expect(res.status).toBe(201);
    await db().update(orders).set({ status: "cancelled", createdAt, updatedAt: createdAt }).where(eq(orders.tranId, res.body.order.tranId));
    return res.body.order;
  }

  it("one e-mail with a fresh link to the same plan, once; at most one per customer per day; none once they bought since", async () => {
    const now = new Date();
    const owner = await env.t.signedInUser();
    await abandoned(owner, "local-3m", new Date(now.getTime() - 2 * 3_600_000));
    const [a, b] = await Promise.all([recoverAbandonedCheckouts(deps, now), recoverAbandonedCheckouts(deps, now)]);
    expect(a + b).toBe(1);
    const mail = await env.t.lastEmail(owner.email, "checkout-abandoned");
    expect(mail.subject).toBe("Your Keyshop 3 Months checkout is still waiting");
    expect(mail.link).toBe(`${env.appUrl}/license-keys?buy=local-3m`);

    // Another abandoned checkout the same day: no second e-mail today; the next day, one.
    await abandoned(owner, "local-1m", new Date(now.getTime() - 90 * 60_000));
    await recoverAbandonedCheckouts(deps, now);
    expect(await mails(owner.email, "checkout-abandoned")).toHaveLength(1);
    await recoverAbandonedCheckouts(deps, new Date(now.getTime() + DAY));
    expect(await mails(owner.email, "checkout-abandoned")).toHaveLength(2);

    // Bought since: nothing. Too recent (under an hour): nothing yet.
    const buyer = await env.t.signedInUser();
    await abandoned(buyer, "local-3m", new Date(now.getTime() - 3 * 3_600_000));
    await pay(buyer.client, "/api/orders/checkout", { kind: "plan", planId: "local-3m" });
    await db().update(orders).set({ createdAt: new Date(now.getTime() - 2 * 3_600_000) }).where(and(eq(orders.userId, buyer.id), eq(orders.status, "paid")));
    const hasty = await env.t.signedInUser();
    await abandoned(hasty, "local-1m", new Date(now.getTime() - 10 * 60_000));
    await recoverAbandonedCheckouts(deps, now);
    expect(await mails(buyer.email, "checkout-abandoned")).toHaveLength(0);
    expect(await mails(hasty.email, "checkout-abandoned")).toHaveLength(0);
  });

  it("not for a reseller's bulk order (decision 080): the Reseller page keeps it", async () => {
    const now = new Date();
    const reseller = await env.t.signedInUser();
    const order = await abandoned(reseller, "local-1m", new Date(now.getTime() - 2 * 3_600_000));
    await db().update(orders).set({ quantity: 5, unitPriceMills: 1_000 }).where(eq(orders.id, order.id));
    await recoverAbandonedCheckouts(deps, now);
    expect(await mails(reseller.email, "checkout-abandoned")).toHaveLength(0);
  });
});

describe("POST /dev/test-api/workers/run", () => {
  it("runs every time-driven worker once at the given time (with the test API token only)", async () => {
    const owner = await env.t.signedInUser();
    const now = new Date(Date.now() + 40 * DAY);
    await activeLicense(owner, 3 * DAY, now);
    const refused = await env.t.client().json("/dev/test-api/workers/run", { json: { now: now.toISOString() } });
    expect(refused.status).toBe(403);
    const res = await env.t.client().json<Record<string, unknown>>("/dev/test-api/workers/run", { json: { now: now.toISOString() }, headers: { "x-test-token": TEST_API_TOKEN } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ now: now.toISOString(), reminders: expect.any(Number), abandoned: expect.any(Number), otpExpired: expect.any(Number) });
    expect(await mails(owner.email, "licence-expiring")).toHaveLength(1);
    const bad = await env.t.client().json("/dev/test-api/workers/run", { json: { now: "tomorrow" }, headers: { "x-test-token": TEST_API_TOKEN } });
    expect(bad.status).toBe(422);
  });
});
