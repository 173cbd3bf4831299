// Gifts (decision 079): a signed-in customer buys a plan for another e-mail. The recipient gets the
// buy key and owns the license; the payer gets the receipt and sees the order, never the key.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { licenses, orders, user as users } from "../../db/schema";
import type { TestClient } from "../../test/harness";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

type Person = { client: TestClient; email: string; id: string };
let env: PaymentsTestEnv;
let payer: Person;
let recipient: Person;
let stranger: Person;
let boss: Person;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  [payer, recipient, stranger, boss] = [
    await env.t.signedInUser(),
    await env.t.signedInUser(),
    await env.t.signedInUser(),
    await env.t.signedInUser({ role: "admin", superAdmin: true }),
  ];
});
afterAll(() => env.close());

const pay = (res: { status: number; body: CheckoutResponse }) => env.payAnswer(res);
const gift = (giftEmail: unknown, client = payer.client) => env.checkout(client, { kind: "plan", planId: "local-1m", giftEmail });
const ownLicenses = async (client: TestClient) => (await client.json<{ licenses: Array<{ id: string; buyKey: string }> }>("/api/licenses")).body.licenses;

describe("gift checkout", () => {
  it("takes the recipient's e-mail trimmed and lower-cased, and keeps it on the order", async () => {
    const res = await gift(`  ${recipient.email.toUpperCase()} `);
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ kind: "plan", email: payer.email, giftEmail: recipient.email, buyKey: null });
    expect((await env.order(res.body.order.tranId)).giftEmail).toBe(recipient.email);
  });

  it("an empty gift field is no gift", async () => {
    const res = await gift("");
    expect(res.status).toBe(201);
    expect(res.body.order.giftEmail).toBeNull();
  });

  it("refuses a gift to the payer's own e-mail (any case) with GIFT_TO_SELF", async () => {
    const res = await gift(payer.email.toUpperCase());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("GIFT_TO_SELF");
    expect(res.body.issues).toEqual([{ path: "giftEmail", message: expect.any(String) }]);
  });

  it("refuses a malformed or overlong address (VALIDATION_FAILED at giftEmail)", async () => {
    for (const bad of ["not-an-email", "a@", `${"x".repeat(250)}@example.com`, 42, "a b@example.com"]) {
      const res = await gift(bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.issues?.[0]?.path).toBe("giftEmail");
    }
  });

  it("a top-up takes no gift (the field is not part of its body)", async () => {
    const res = await env.checkout(payer.client, { kind: "topup", amountMills: 5_000, giftEmail: recipient.email });
    expect(res.status).toBe(201);
    expect((await env.order(res.body.order.tranId)).giftEmail).toBeNull();
  });
});

describe("a paid gift", () => {
  it("is the recipient's licence; the key goes to them, the receipt to the payer; each sees only their part", async () => {
    const before = (await ownLicenses(payer.client)).length;
    const order = await pay(await gift(recipient.email));
    // Replayed callbacks grant nothing twice.
    await env.control(`/transactions/${order.tranId}/callback`, { times: 3, concurrent: true });
    const [license, ...more] = await env.licensesOf(order.id);
    expect(more).toHaveLength(0);
    expect(license).toMatchObject({ email: recipient.email, userId: recipient.id });
    expect(order.fulfilment).toEqual({ licenseId: license!.id, gift: true });

    // E-mails: the key to the recipient, saying who it is from; the receipt to the payer, without the key.
    expect(await env.emails(recipient.email, "license-key")).toBe(1);
    expect(await env.emails(payer.email, "license-key")).toBe(0);
    expect(await env.emails(payer.email, "payment-receipt")).toBe(1);
    const keyMail = await env.t.lastEmail(recipient.email, "license-key");
    expect(keyMail.subject).toBe(`A Keyshop licence from ${payer.email}: ${license!.buyKey}`);
    expect(keyMail.text).toContain(`${payer.email} bought this licence for you as a gift.`);
    expect(keyMail.text).toContain(license!.buyKey);
    expect((await env.t.lastEmail(payer.email, "payment-receipt")).text).not.toContain(license!.buyKey);

    // The recipient's License Keys has it; the payer's does not; nobody else's either.
    expect((await ownLicenses(recipient.client)).map((l) => l.id)).toContain(license!.id);
    expect(await ownLicenses(payer.client)).toHaveLength(before);
    expect((await ownLicenses(stranger.client)).map((l) => l.id)).not.toContain(license!.id);

    // The payer's history and order show the gift, never the key.
    const history = await payer.client.json<{ orders: Array<{ id: string; giftEmail: string | null; buyKey: string | null }> }>("/api/orders");
    expect(history.body.orders.find((o) => o.id === order.id)).toMatchObject({ giftEmail: recipient.email, buyKey: null });
    const one = await payer.client.json<{ order: Record<string, unknown> }>(`/api/orders/${order.id}`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(license!.buyKey);
    expect((await payer.client.request(`/api/orders/${order.id}/receipt.pdf`)).status).toBe(200);
    // …and searching the history by the key finds nothing.
    const byKey = await payer.client.json<{ total: number }>(`/api/orders?search=${license!.buyKey}`);
    expect(byKey.body.total).toBe(0);

    // The recipient, another user and an anonymous visitor do not see the order.
    for (const who of [recipient.client, stranger.client]) {
      expect((await who.request(`/api/orders/${order.id}`)).status).toBe(404);
      expect((await who.request(`/api/orders/${order.id}/receipt.pdf`)).status).toBe(404);
      const list = await who.json<{ orders: Array<{ id: string }> }>("/api/orders");
      expect(list.body.orders.map((o) => o.id)).not.toContain(order.id);
    }
    expect((await env.t.client().request(`/api/orders/${order.id}`)).status).toBe(401);
    // The admin sees the order (without the key) and the license.
    const asAdmin = await boss.client.json<{ order: Record<string, unknown> }>(`/api/orders/${order.id}`);
    expect(asAdmin.body.order).toMatchObject({ giftEmail: recipient.email, buyKey: null });
  });

  it("to an address without an account: the licence waits for its sign-up, the e-mail in the payer's language", async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const res = await gift(email);
    // The payer's page was in Khmer (the checkout keeps the ks_lang cookie's language as the order's).
    await env.t.database.db.update(orders).set({ locale: "km" }).where(eq(orders.tranId, res.body.order.tranId));
    const order = await pay(res);
    const [license] = await env.licensesOf(order.id);
    expect(license).toMatchObject({ email, userId: null });
    const mail = await env.t.lastEmail(email, "license-key");
    expect(mail.subject).toBe(`អាជ្ញាប័ណ្ណ Keyshop ពី ${payer.email}៖ ${license!.buyKey}`);
    // Signing up with that address: the license is on their License Keys.
    const newcomer = await env.t.signedInUser({ email });
    expect((await ownLicenses(newcomer.client)).map((l) => l.id)).toEqual([license!.id]);
  });

  it("in the recipient's own account language when they have one", async () => {
    const khmer = await env.t.signedInUser();
    await env.t.database.db.update(users).set({ language: "km" }).where(eq(users.id, khmer.id));
    const order = await pay(await gift(khmer.email));
    const [license] = await env.licensesOf(order.id);
    expect((await env.t.lastEmail(khmer.email, "license-key")).subject).toBe(`អាជ្ញាប័ណ្ណ Keyshop ពី ${payer.email}៖ ${license!.buyKey}`);
  });

  it("a full refund revokes the recipient's licence as for any plan order, and the payer's e-mail does not name the key", async () => {
    const order = await pay(await gift(stranger.email));
    const [license] = await env.licensesOf(order.id);
    const res = await boss.client.json<{ refund: { reversal: Record<string, unknown> } }>(`/api/admin/orders/${order.id}/refunds`, { json: { reason: "Gift refused" } });
    expect(res.status).toBe(201);
    expect(res.body.refund.reversal).toEqual({ licenceRevoked: { licenseId: license!.id, buyKey: license!.buyKey } }); // the admin's record keeps it
    const [after] = await env.t.database.db.select().from(licenses).where(eq(licenses.id, license!.id));
    expect(after!.revokedAt).not.toBeNull();
    const mail = await env.t.lastEmail(payer.email, "refund-made");
    expect(mail.text).toContain("The licence you gave as a gift was revoked");
    expect(mail.text).not.toContain(license!.buyKey);
    // The recipient, whose licence it was, is told why: a refund of the gift, not support's decision.
    const notice = await env.t.lastEmail(stranger.email, "license-revoked");
    expect(notice.text).toContain("was a gift, and its payment was refunded to the person who bought it");
    expect(notice.text).toContain(license!.buyKey.slice(-5));
    expect(notice.text).not.toContain("revoked by Keyshop support");
  });
});
