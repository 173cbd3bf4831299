// Creating checkouts: server-side pricing, the signed form, the spec's validation texts and who
// may start which checkout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseHash, fromBase64, TRAN_ID_PATTERN } from "../../providers/payway/hash";
import type { TestClient } from "../../test/harness";
import { API_KEY, startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

let env: PaymentsTestEnv;
let user: { client: TestClient; email: string; id: string };

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  user = await env.t.signedInUser();
});
afterAll(() => env.close());

describe("plan checkout", () => {
  it("prices the plan on the server (a client-sent price is ignored) and signs the PayWay form", async () => {
    const res = await env.checkout(user.client, { kind: "plan", planId: "local-3m", market: "local", price: 0.01, amount: "0.01", amountMills: 10 });
    expect(res.status).toBe(201);
    const { order, checkout } = res.body;
    expect(order).toMatchObject({ kind: "plan", planId: "local-3m", planTitle: "3 Months", planMonths: 3, amountMills: 29_990, amount: "29.99", currency: "USD", status: "pending", email: user.email, buyKey: null });
    expect(order.tranId).toMatch(TRAN_ID_PATTERN);
    expect(checkout).toMatchObject({ method: "POST", formId: "aba_merchant_request", target: "aba_webservice", action: `${env.sim.url}/api/payment-gateway/v1/payments/purchase`, pluginUrl: "https://checkout.payway.com.kh/plugins/checkout2-0.js" });
    const { hash, ...fields } = checkout.fields;
    expect(fields).toMatchObject({ merchant_id: "ec000002", tran_id: order.tranId, amount: "29.99", currency: "USD", email: user.email, payment_option: "abapay_khqr", lifetime: "30" });
    expect(fields.req_time).toMatch(/^\d{14}$/);
    expect(fromBase64(fields.return_url!)).toBe(`${env.appUrl}/api/payway/callback`);
    expect(fields.continue_success_url).toContain(`${env.appUrl}/api/check-transaction-plan?tran_id=${order.tranId}`);
    expect(purchaseHash(API_KEY, fields)).toBe(hash);
    // The secret never leaves the server.
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    const stored = await env.order(order.tranId);
    expect(stored.amountMills).toBe(29_990);
    expect(stored.expiresAt!.getTime() - stored.createdAt.getTime()).toBe(30 * 60_000); // the lifetime sent to PayWay, no grace (decision 060)
  });

  it("the simulator accepts the form exactly as the browser posts it", async () => {
    const { body } = await env.checkout(user.client, { kind: "plan", planId: "foreign-12m" });
    expect(body.order.amount).toBe("179.99");
    const page = await env.openCheckout(body.checkout);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("179.99 USD");
  });

  it("refuses unknown plans and a plan from another price list", async () => {
    for (const body of [{ kind: "plan", planId: "local-99m" }, { kind: "plan", planId: "local-1m", market: "foreign" }]) {
      const res = await env.checkout(user.client, body);
      expect(res.status).toBe(422);
      expect(res.body.issues![0]).toEqual({ path: "planId", message: "Unknown plan" });
    }
    expect((await env.checkout(user.client, { kind: "plan" })).status).toBe(422);
    expect((await env.checkout(user.client, { kind: "gift", planId: "local-1m" })).status).toBe(422);
    expect((await env.checkout(user.client, "not an object")).status).toBe(422);
  });

  it("gives every order its own tran_id", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => env.checkout(user.client, { kind: "plan", planId: "local-1m" })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.order.tranId)).size).toBe(10);
  });
});

describe("top-up checkout", () => {
  it("takes the amount as integer mills (the web parses the dollars once)", async () => {
    for (const [amountMills, text] of [[10_500, "10.50"], [12_340, "12.34"], [1_000, "1.00"], [5_000, "5.00"], [10_000_000, "10000.00"]] as const) {
      const res = await env.checkout(user.client, { kind: "topup", amountMills });
      expect(res.status, String(amountMills)).toBe(201);
      expect(res.body.order).toMatchObject({ kind: "topup", planTitle: "Balance Top Up", planMonths: null, amountMills, amount: text, planId: null });
      expect(res.body.checkout.fields.amount).toBe(text);
    }
  });

  it("answers the spec's texts for bad amounts", async () => {
    const cases: Array<[unknown, string]> = [
      [500, "Please enter an amount of $1 or more"],
      [0, "Please enter an amount of $1 or more"],
      [-5_000, "Please enter an amount of $1 or more"],
      [990, "Please enter an amount of $1 or more"],
      [1_005, "Invalid amount"], // not a whole cent: PayWay takes cents
      [1_000.5, "Invalid amount"],
      ["5000", "Invalid amount"],
      [null, "Invalid amount"],
      [undefined, "Invalid amount"],
      [10_000_010, "Please enter an amount of $10000 or less"],
    ];
    for (const [amountMills, message] of cases) {
      const res = await env.checkout(user.client, { kind: "topup", amountMills });
      expect(res.status, String(amountMills)).toBe(422);
      expect(res.body.issues![0]!.message, String(amountMills)).toBe(message);
    }
  });

  it("takes no dollar text: `amount` is not a field any more", async () => {
    const res = await env.checkout(user.client, { kind: "topup", amount: "5.00" });
    expect(res.status).toBe(422);
    expect(res.body.issues![0]).toEqual({ path: "amountMills", message: "Invalid amount" });
  });
});

describe("who may start a checkout", () => {
  it("anonymous callers cannot buy plans or top up (401), but can use the subscription tool", async () => {
    const anon = env.t.client();
    expect((await env.checkout(anon, { kind: "plan", planId: "local-1m" })).status).toBe(401);
    expect((await env.checkout(anon, { kind: "topup", amountMills: 5_000 })).status).toBe(401);
    // Access is decided before input is parsed: no 422 for strangers.
    expect((await env.checkout(anon, { nonsense: true })).status).toBe(401);
    const tool = await env.checkout(anon, { planId: "local-12m", email: "Buyer@Example.com", deviceKey: "PC1-LDREEL-ABC" }, "/api/orders/subscription-tool");
    expect(tool.status).toBe(201);
    expect(tool.body.order).toMatchObject({ kind: "tool", email: "buyer@example.com", amount: "119.99", planTitle: "12 Months", planMonths: 12 });
    expect(tool.body.checkout.fields.continue_success_url).toContain("license_key=PC1-LDREEL-ABC");
  });

  it("remembers the buyer's language (the language switch's cookie) for the receipt and e-mails", async () => {
    const body = { planId: "local-1m", email: "lang@example.com" };
    const khmer = await env.t.client().json<{ order: { tranId: string } }>("/api/orders/subscription-tool", { json: body, headers: { cookie: "ks_lang=km" } });
    const english = await env.t.client().json<{ order: { tranId: string } }>("/api/orders/subscription-tool", { json: body, headers: { cookie: "ks_lang=fr" } });
    expect((await env.order(khmer.body.order.tranId)).locale).toBe("km");
    expect((await env.order(english.body.order.tranId)).locale).toBe("en");
  });

  it("validates the subscription tool's input with the spec's texts", async () => {
    const anon = env.t.client();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ planId: "local-1m", email: "not an email" }, "email", "Please enter a valid email address"],
      [{ planId: "local-1m", email: "a b@example.com" }, "email", "Please enter a valid email address"],
      [{ planId: "local-1m" }, "email", "Please enter a valid email address"],
      [{ email: "buyer@example.com" }, "planId", "Please select a plan first"],
      [{ planId: "", email: "buyer@example.com" }, "planId", "Please select a plan first"],
      [{ planId: "local-1m", email: "buyer@example.com", deviceKey: "no-marker" }, "deviceKey", "Invalid license key format. Please use the key provided by the tool."],
    ];
    for (const [body, path, message] of cases) {
      const res = await env.checkout(anon, body, "/api/orders/subscription-tool");
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.issues!.find((i) => i.path === path)?.message, JSON.stringify(body)).toBe(message);
    }
  });
});

describe("documentation", () => {
  it("the OpenAPI document describes the orders routes", async () => {
    const res = await env.t.client().json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(res.status).toBe(200);
    for (const path of ["/api/orders/checkout", "/api/orders/subscription-tool", "/api/orders", "/api/orders/{id}"]) expect(res.body.paths).toHaveProperty([path]);
  });
});
