// Receipts end to end, in process with the PayWay simulator over HTTP: a paid plan, top-up or
// subscription-tool order e-mails exactly one receipt in the order's language (whatever is
// replayed), and its PDF is downloaded by its owner or an admin, or through the e-mailed link.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { emailOutbox, orders } from "../../db/schema";
import type { SignedInUser, TestClient } from "../../test/harness";
import { reconcileOrders } from "../orders/reconcile";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { receiptDownloadToken } from "./download-link";

let env: PaymentsTestEnv;
let buyer: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

const hasPdftotext = !spawnSync("pdftotext", ["-v"]).error;
const dir = mkdtempSync(path.join(tmpdir(), "keyshop-receipts-flow-"));

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  [buyer, other, admin] = [await env.t.signedInUser(), await env.t.signedInUser(), await env.t.signedInUser({ role: "admin" })];
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await env.close();
});

async function start(client: TestClient, body: unknown, checkoutPath?: string): Promise<CheckoutResponse> {
  const res = await env.checkout(client, body, checkoutPath);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  return res.body;
}

async function pay(client: TestClient, body: unknown, checkoutPath?: string) {
  const { order } = await start(client, body, checkoutPath);
  await env.control(`/transactions/${order.tranId}/approve`);
  const row = await env.order(order.tranId);
  expect(row.status).toBe("paid");
  return row;
}

async function receiptEmails(to: string) {
  return env.t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, "payment-receipt")));
}

/** The only receipt e-mail of an order (by its tran_id in the subject). */
async function receiptEmailOf(to: string, tranId: string) {
  const mails = (await receiptEmails(to)).filter((m) => m.subject.includes(tranId));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

async function download(client: TestClient, url: string) {
  const res = await client.request(url);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString("utf8")) as { code: string; message: string } };
}

function pdfText(pdf: Buffer): string | null {
  if (!hasPdftotext) return null;
  const file = path.join(dir, `r-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout;
}

function expectPdf(res: Awaited<ReturnType<typeof download>>, tranId: string) {
  expect(res.status, res.body.toString("utf8").slice(0, 200)).toBe(200);
  expect(res.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="keyshop-receipt-${tranId}.pdf"`);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const text = pdfText(res.body);
  if (text !== null) expect(text).toContain(tranId);
  return text;
}

describe("the receipt e-mail", () => {
  it("a paid plan: one receipt in English with the tran_id, approval code, plan, amount and the way to Transactions History", async () => {
    const row = await pay(buyer.client, { kind: "plan", planId: "local-3m" });
    expect(row.providerRef).toMatch(/^\d{6}$/);
    const mail = await receiptEmailOf(buyer.email, row.tranId);
    expect(mail.subject).toBe(`Your Keyshop receipt ${row.tranId}`);
    for (const part of [row.tranId, row.providerRef!, "3 Months licence", "90 days + 15 days free", "$29.99 USD", "ABA PayWay", "Keyshop Co., Ltd.", "(UTC+07:00)", "UTC", "Paid"]) {
      expect(mail.text, part).toContain(part);
      expect(mail.html, part).toContain(part);
    }
    expect(mail.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail.text).toContain(`${env.appUrl}/transactions-history`);
    // The licence e-mail still goes out beside it.
    expect(await env.emails(buyer.email, "license-key")).toBeGreaterThanOrEqual(1);
  });

  it("in the account's language, whatever the page it was paid from (decision 040): Khmer texts and month names, Latin numbers and codes", async () => {
    const khmer = await env.t.signedInUser();
    // Paid from a Khmer page by an account whose language is English: the account's language.
    const first = await start(khmer.client, { kind: "topup", amountMills: 5_000 });
    await env.t.database.db.update(orders).set({ locale: "km" }).where(eq(orders.id, first.order.id)); // as the language cookie would (checkout.test.ts)
    await env.control(`/transactions/${first.order.tranId}/approve`);
    expect((await receiptEmailOf(khmer.email, first.order.tranId)).subject).toBe(`Your Keyshop receipt ${first.order.tranId}`);

    // The account chooses Khmer: the next receipt is Khmer, though the order's own language is English.
    expect((await khmer.client.json("/api/profile", { method: "PATCH", json: { language: "km" } })).status).toBe(200);
    const { order } = await start(khmer.client, { kind: "topup", amountMills: 5_000 });
    expect((await env.order(order.tranId)).locale).toBe("en");
    await env.control(`/transactions/${order.tranId}/approve`);
    const row = await env.order(order.tranId);
    const mail = await receiptEmailOf(khmer.email, row.tranId);
    expect(mail.subject).toBe(`បង្កាន់ដៃបង់ប្រាក់ Keyshop ${row.tranId}`);
    expect(mail.html).toMatch(/<html[^>]* lang="km"/);
    const month = new Intl.DateTimeFormat("km-KH", { month: "long", timeZone: "Asia/Phnom_Penh" }).format(row.paidAt!);
    for (const part of [row.tranId, row.providerRef!, "$5.00 USD", "ការបញ្ចូលសមតុល្យ", "បានបង់ប្រាក់", month, "(UTC+07:00)", "ABA PayWay"]) expect(mail.text, part).toContain(part);
    expect(mail.text).not.toContain("Balance Top Up");
    // The PDF from Transactions History says the same, in Khmer unless asked otherwise.
    const pdf = await download(khmer.client, `/api/orders/${row.id}/receipt.pdf`);
    expect(pdf.body.toString("latin1")).toContain("/Lang (km)");
  });

  it("a subscription-tool purchase without an account: Khmer from the language cookie, and a signed link to the PDF that needs no session", async () => {
    const email = `tool-receipt-${Date.now()}@example.com`;
    const res = await env.t
      .client()
      .json<CheckoutResponse>("/api/orders/subscription-tool", { json: { planId: "local-12m", email }, headers: { cookie: "ks_lang=km" } });
    expect(res.status).toBe(201);
    expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
    await env.control(`/transactions/${res.body.order.tranId}/approve`);
    const row = await env.order(res.body.order.tranId);
    expect(row).toMatchObject({ status: "paid", locale: "km", userId: null });

    const mail = await receiptEmailOf(email, row.tranId);
    for (const part of [row.tranId, row.providerRef!, "$119.99 USD", "អាជ្ញាប័ណ្ណ 12 ខែ", "តំណនេះអាចប្រើបានរយៈពេល 30 ថ្ងៃ"]) expect(mail.text, part).toContain(part);
    const link = new RegExp(`${env.appUrl}/api/payment-receipts/[^\\s/]+/receipt\\.pdf`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    const text = expectPdf(await download(env.t.client(), link!), row.tranId);
    if (text !== null) expect(text).toContain("$119.99 USD");
  });

  it("replayed and concurrent callbacks, the return URL and the reconciler: still exactly one receipt e-mail", async () => {
    const { order, checkout } = await start(buyer.client, { kind: "plan", planId: "foreign-1m" });
    const race = await env.control(`/transactions/${order.tranId}/approve`, { callback: { mode: "repeat", times: 8, concurrent: true } });
    expect(race.body.callbacks!.every((d) => d.status === 200)).toBe(true);
    await env.control(`/transactions/${order.tranId}/callback`, { times: 5 });
    await env.control(`/transactions/${order.tranId}/callback`, { times: 5, concurrent: true });
    expect((await fetch(checkout.fields.continue_success_url!, { redirect: "manual" })).status).toBe(302);
    await reconcileOrders(env.deps, new Date(Date.now() + 3_600_000));
    await receiptEmailOf(buyer.email, order.tranId);
  });

  it("orders that were not paid get no receipt e-mail", async () => {
    const declined = await start(buyer.client, { kind: "plan", planId: "local-1m" });
    await env.control(`/transactions/${declined.order.tranId}/decline`);
    const pending = await start(buyer.client, { kind: "topup", amountMills: 7_000 });
    await reconcileOrders(env.deps, new Date(Date.now() + 120_000));
    expect((await env.order(declined.order.tranId)).status).toBe("failed");
    for (const tranId of [declined.order.tranId, pending.order.tranId]) {
      expect((await receiptEmails(buyer.email)).filter((m) => m.subject.includes(tranId))).toHaveLength(0);
    }
  });
});

describe("GET /api/orders/{id}/receipt.pdf", () => {
  let paid: typeof orders.$inferSelect;
  let pending: CheckoutResponse;
  beforeAll(async () => {
    paid = await pay(buyer.client, { kind: "plan", planId: "local-1m" });
    pending = await start(buyer.client, { kind: "plan", planId: "local-1m" });
  });
  const url = (id: string, query = "") => `/api/orders/${id}/receipt.pdf${query}`;

  it("the owner gets the PDF (the order's language, or ?lang=)", async () => {
    const en = await download(buyer.client, url(paid.id));
    const text = expectPdf(en, paid.tranId);
    expect(en.body.toString("latin1")).toContain("/Lang (en)");
    if (text !== null) for (const part of ["Payment receipt", "1 Month licence", "$9.99 USD", paid.providerRef!]) expect(text).toContain(part);
    const km = await download(buyer.client, url(paid.id, "?lang=km"));
    expectPdf(km, paid.tranId);
    expect(km.body.toString("latin1")).toContain("/Lang (km)");
  });

  it("an admin gets anyone's; another customer gets 404, as for an id that does not exist; nobody signed in gets 401", async () => {
    expectPdf(await download(admin.client, url(paid.id)), paid.tranId);
    const stranger = await download(other.client, url(paid.id));
    expect(stranger.status).toBe(404);
    expect(stranger.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await download(other.client, url("3f0c9a52-4a4e-4bf1-9f0e-0f3cb5f0aaaa"))).status).toBe(404);
    expect((await download(other.client, url("not-a-uuid"))).status).toBe(404);
    const anonymous = await download(env.t.client(), url(paid.id));
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    // Access is decided before the input is read: no 422 for strangers.
    expect((await download(env.t.client(), url(paid.id, "?lang=xx"))).status).toBe(401);
  });

  it("an order that was not paid has no receipt: 409 RECEIPT_NOT_AVAILABLE; a bad language is 422", async () => {
    const res = await download(buyer.client, url(pending.order.id));
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ code: "RECEIPT_NOT_AVAILABLE", message: expect.stringContaining("pending") });
    const bad = await download(buyer.client, url(paid.id, "?lang=fr"));
    expect(bad.status).toBe(422);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("a refunded order's receipt says Refunded", async () => {
    const row = await pay(buyer.client, { kind: "topup", amountMills: 3_000 });
    await env.t.database.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, row.id));
    const text = expectPdf(await download(buyer.client, url(row.id)), row.tranId);
    if (text !== null) expect(text).toContain("This payment has been refunded.");
  });

  it("a subscription-tool order paid with the customer's e-mail is theirs too (as in Transactions History)", async () => {
    const row = await pay(env.t.client(), { planId: "local-1m", email: buyer.email.toUpperCase() }, "/api/orders/subscription-tool");
    expectPdf(await download(buyer.client, url(row.id)), row.tranId);
    expect((await download(other.client, url(row.id))).status).toBe(404);
  });
});

describe("GET /api/payment-receipts/{token}/receipt.pdf", () => {
  let paid: typeof orders.$inferSelect;
  const secret = () => env.t.config.authSecret;
  const url = (token: string) => `/api/payment-receipts/${token}/receipt.pdf`;
  beforeAll(async () => {
    paid = await pay(env.t.client(), { planId: "local-3m", email: `link-${Date.now()}@example.com` }, "/api/orders/subscription-tool");
  });

  it("a good link: the PDF, for anyone who has it", async () => {
    const token = receiptDownloadToken(secret(), paid.tranId, new Date(Date.now() + 86_400_000));
    expectPdf(await download(env.t.client(), url(token)), paid.tranId);
    expectPdf(await download(other.client, url(`${token}`)), paid.tranId);
  });

  it("a tampered or made-up link is 404 NOT_FOUND; an expired one 404 RECEIPT_LINK_EXPIRED", async () => {
    const good = receiptDownloadToken(secret(), paid.tranId, new Date(Date.now() + 86_400_000));
    const [tranId, expires, mac] = good.split(".") as [string, string, string];
    const tampered = [
      `${tranId}.${(parseInt(expires, 36) + 1).toString(36)}.${mac}`,
      `${tranId}.${expires}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      receiptDownloadToken("not-the-secret-0123456789abcdef", tranId, new Date(Date.now() + 86_400_000)),
      receiptDownloadToken(secret(), "KSNOSUCHPAYMENT00001", new Date(Date.now() + 86_400_000)),
      "nonsense",
    ];
    for (const token of tampered) {
      const res = await download(env.t.client(), url(token));
      expect(res.status, token).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    const expired = await download(env.t.client(), url(receiptDownloadToken(secret(), paid.tranId, new Date(Date.now() - 1000))));
    expect(expired.status).toBe(404);
    expect(expired.json()).toMatchObject({ code: "RECEIPT_LINK_EXPIRED" });
  });

  it("a link to an order that was not paid: 409", async () => {
    const { order } = await start(env.t.client(), { planId: "local-1m", email: "unpaid-link@example.com" }, "/api/orders/subscription-tool");
    const res = await download(env.t.client(), url(receiptDownloadToken(secret(), order.tranId, new Date(Date.now() + 86_400_000))));
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ code: "RECEIPT_NOT_AVAILABLE" });
  });

  it("is rate-limited per address (30 a minute): then 429 with Retry-After", async () => {
    const client = env.t.client({ ip: "10.77.0.1" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await download(client, url(`guess${i}`))).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await download(client, url("guess-more"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    // Another address is not held back.
    expect((await download(env.t.client({ ip: "10.77.0.2" }), url("guess"))).status).toBe(404);
  });
});
