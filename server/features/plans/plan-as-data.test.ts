// Plans as data (decision 041): a 6-month plan added to a test catalogue, one entry and nothing
// else, is offered (the price list, the Renew dialog's plans), sold (checkout), fulfilled (the buy
// key e-mail, a renewal's e-mail) and receipted (e-mail and PDF) in English and in Khmer, with its
// title made from its length in each language.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueOf, PLAN_ENTRIES, planPeriod, planTitle, type PlanEntry } from "../../../contracts/plan-catalogue";
import type { CheckoutResponse } from "../../../contracts/orders";
import type { Plan } from "../../../contracts/plans";
import type { Renewal } from "../../../contracts/renewals";
import type { License } from "../../../contracts/licenses";
import type { SignedInUser } from "../../test/harness";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { syncPlanCatalogue } from "./service";

/** The test catalogue's one addition: that entry and its prices, nothing more. */
const SIX_MONTHS: PlanEntry = { months: 6, periodDays: 180, bonusDays: 20, keyChanges: 30, prices: { local: 54_990, foreign: 89_990 } };

let env: PaymentsTestEnv;
const dir = mkdtempSync(path.join(tmpdir(), "keyshop-six-months-"));
const hasPoppler = spawnSync("pdftotext", ["-v"]).status === 0;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  await syncPlanCatalogue({ db: env.t.database.db, catalogue: catalogueOf([...PLAN_ENTRIES, SIX_MONTHS]), mode: "replace" });
});
afterAll(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pay(client: SignedInUser["client"], body: unknown, checkoutPath?: string) {
  const res = await env.checkout(client, body, checkoutPath);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await env.openCheckout(res.body.checkout)).status).toBe(200);
  await env.control(`/transactions/${res.body.order.tranId}/approve`);
  return res.body as CheckoutResponse;
}

async function customer(language: "en" | "km") {
  const user = await env.t.signedInUser();
  if (language !== "en") expect((await user.client.json("/api/profile", { method: "PATCH", json: { language } })).status).toBe(200);
  return user;
}

/** The PDF's text (pdftotext), or null without poppler-utils. */
async function pdfText(client: SignedInUser["client"], orderId: string): Promise<string | null> {
  const res = await client.request(`/api/orders/${orderId}/receipt.pdf`);
  expect(res.status).toBe(200);
  if (!hasPoppler) return null;
  const file = path.join(dir, `${orderId}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.normalize("NFC").replace(/\s+/g, " ");
}

describe("a 6-month plan added to the catalogue as one entry", () => {
  it("is in both price lists, between 3 and 12 months, titled from its length in every language", async () => {
    for (const [market, price] of [["local", "$54.99"], ["foreign", "$89.99"]] as const) {
      const res = await env.t.client().json<{ plans: Plan[] }>(`/api/plans?market=${market}`);
      expect(res.body.plans.map((p) => [p.id, p.title, p.months])).toEqual([
        [`${market}-1m`, "1 Month", 1],
        [`${market}-3m`, "3 Months", 3],
        [`${market}-6m`, "6 Months", 6],
        [`${market}-12m`, "12 Months", 12],
      ]);
      expect(res.body.plans[2]).toMatchObject({ price, periodDays: 180, bonusDays: 20, keyChanges: 30, isPopular: false, features: expect.arrayContaining(["+20 Days Free", "30 time-change keys"]) });
    }
    expect([planTitle(6, "en"), planTitle(6, "km"), planPeriod(6, "en"), planPeriod(6, "km")]).toEqual(["6 Months", "6 ខែ", "per 6 months", "សម្រាប់ 6 ខែ"]);
  });

  it.each(["en", "km"] as const)("%s: checkout, the buy-key e-mail, the receipt e-mail and PDF, the Renew dialog and the renewal's e-mail", async (language) => {
    const buyer = await customer(language);
    const words =
      language === "en"
        ? { keySubject: "Your Keyshop 6 Months licence: ", item: "6 Months licence", term: "180 days + 20 days free", renewed: "Your licence was extended (6 Months)" }
        : { keySubject: "អាជ្ញាប័ណ្ណ Keyshop 6 ខែ របស់អ្នក៖ ", item: "អាជ្ញាប័ណ្ណ 6 ខែ", term: "180 ថ្ងៃ + ថែមឥតគិតថ្លៃ 20 ថ្ងៃ", renewed: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានបន្ថែមរយៈពេល (6 ខែ)" };

    // The checkout: priced from the catalogue's entry; the order keeps the spec's English title.
    const bought = await pay(buyer.client, { kind: "plan", planId: "local-6m" });
    expect(bought.order).toMatchObject({ planId: "local-6m", planTitle: "6 Months", amountMills: 54_990 });
    const order = await env.order(bought.order.tranId);
    expect(order.status).toBe("paid");

    const key = await env.t.lastEmail(buyer.email, "license-key");
    expect(key.subject.startsWith(words.keySubject), key.subject).toBe(true);
    expect(key.text).toContain(language === "en" ? "Your 200-day term starts at first activation" : "រយៈពេល 200 ថ្ងៃរបស់អ្នក");

    const receipt = await env.t.lastEmail(buyer.email, "payment-receipt");
    for (const part of [words.item, words.term, "$54.99 USD", order.tranId]) expect(receipt.text, part).toContain(part);
    const pdf = await pdfText(buyer.client, order.id);
    if (pdf !== null) for (const part of [words.item, "$54.99 USD"]) expect(pdf, part).toContain(part);

    // The Renew dialog offers it, and names the licence's plan by its length.
    const [license] = (await buyer.client.json<{ licenses: License[] }>("/api/licenses")).body.licenses;
    expect(license).toMatchObject({ planTitle: "6 Months", planMonths: 6 });
    const renewal = await buyer.client.json<Renewal>(`/api/licenses/${license!.id}/renewal`);
    expect(renewal.body).toMatchObject({ planMonths: 6 });
    expect(renewal.body.plans.map((p) => p.months)).toEqual([1, 3, 6, 12]);
    await pay(buyer.client, { planId: "local-6m" }, `/api/licenses/${license!.id}/renew`);
    const extended = await env.t.lastEmail(buyer.email, "license-extended");
    expect(extended.text).toContain(words.renewed);
  });
});
