// The simulator over real HTTP: PayWay's hashes, error codes, state machine, check-transaction-2
// shapes, signed callbacks (delivered, lost, repeated) and the checkout page / plugin stand-in.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkCallbackSignature } from "../callback-signature";
import { buildPurchaseForm, createPaywayClient, PAYWAY_PATHS, type PaywaySettings, type PurchaseRequest } from "../client";
import { formatReqTime, purchaseHash, toBase64, tranIdHash } from "../hash";
import { newTranId } from "../tran-id";
import { startPaywaySimulator, type RunningSimulator } from "./app";

const API_KEY = "sim-test-api-key";
let sim: RunningSimulator;
let receiver: ServerType;
let receiverUrl: string;
let received: Array<{ body: Record<string, unknown>; signature: string | undefined }> = [];
let settings: PaywaySettings;

beforeAll(async () => {
  const app = new Hono().post("/callback", async (c) => {
    received.push({ body: await c.req.json(), signature: c.req.header("x-payway-hmac-sha512") });
    return c.json({ ok: true });
  });
  receiver = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  sim = await startPaywaySimulator({
    merchants: { ec000002: { apiKey: API_KEY, currencies: ["USD", "KHR"], whitelist: ["127.0.0.1"] } },
    retryDelayMs: null,
  });
  settings = { baseUrl: sim.url, merchantId: "ec000002", apiKey: API_KEY };
});
afterAll(async () => {
  await sim.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  received = [];
});

const request = (over: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
  tranId: newTranId(),
  amountMills: 29_990,
  currency: "USD",
  returnUrl: `${receiverUrl}/callback`,
  continueSuccessUrl: "http://127.0.0.1/return",
  paymentOption: "abapay_khqr",
  ...over,
});

async function post(fields: Record<string, string>, as: "urlencoded" | "multipart" | "json" = "urlencoded") {
  const url = `${sim.url}${PAYWAY_PATHS.purchase}`;
  if (as === "json") return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) });
  if (as === "multipart") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(url, { method: "POST", body: form });
  }
  return fetch(url, { method: "POST", body: new URLSearchParams(fields) });
}

async function purchase(over: Partial<PurchaseRequest> = {}) {
  const req = request(over);
  const res = await post(buildPurchaseForm(settings, req).fields);
  expect(res.status).toBe(200);
  return req.tranId;
}

const control = (path: string, body?: unknown) =>
  fetch(`${sim.url}/__sim${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { transaction: { status: string; apv: string }; callbacks: Array<{ status: number | null }>; error?: string },
  }));

describe("purchase", () => {
  it("accepts a signed form as urlencoded, multipart and JSON and answers the checkout page", async () => {
    for (const as of ["urlencoded", "multipart", "json"] as const) {
      const form = buildPurchaseForm(settings, request());
      const res = await post(form.fields, as);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>PayWay - Checkout</title>");
      expect(html).toContain("29.99 USD");
      for (const label of ["Approve", "Decline", "Cancel"]) expect(html).toContain(`>${label}</button>`);
    }
  });

  it("answers JSON with a KHQR string for abapay_khqr_deeplink", async () => {
    const res = await post(buildPurchaseForm(settings, request({ paymentOption: "abapay_khqr_deeplink" })).fields);
    const body = (await res.json()) as { status: { code: string }; qr_string: string; abapay_deeplink: string; checkout_qr_url: string };
    expect(body.status.code).toBe("00");
    expect(body.qr_string).toMatch(/^000201010212.*6304[0-9A-F]{4}$/);
    expect(body.abapay_deeplink).toContain("abamobilebank://ababank.com?type=payway&qrcode=");
    expect((await fetch(body.checkout_qr_url)).status).toBe(200);
  });

  it("verifies the hash exactly as PayWay (code 1), ignoring view_type / payment_gate / is_plugin_js", async () => {
    const form = buildPurchaseForm(settings, request());
    expect((await post({ ...form.fields, view_type: "popup", payment_gate: "0", is_plugin_js: "true" })).status).toBe(200);
    const tampered = await post({ ...buildPurchaseForm(settings, request()).fields, amount: "0.01" });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toMatchObject({ status: { code: 1 } });
    // A field posted but not hashed is a mismatch too.
    const extra = await post({ ...buildPurchaseForm(settings, request()).fields, shipping: "1" });
    expect(await extra.json()).toMatchObject({ status: { code: 1 } });
  });

  it("validates fields with PayWay's error codes", async () => {
    const signed = (fields: Record<string, string>) => ({ ...fields, hash: purchaseHash(API_KEY, fields) });
    const base = { req_time: formatReqTime(new Date()), merchant_id: "ec000002", amount: "10.00", currency: "USD" };
    const cases: Array<[Record<string, string>, number]> = [
      [{ tran_id: "has_underscore" }, 2],
      [{ tran_id: "X".repeat(21) }, 2],
      [{ tran_id: newTranId(), amount: "0" }, 45],
      [{ tran_id: newTranId(), amount: "1.005" }, 3],
      [{ tran_id: newTranId(), amount: "abc" }, 3],
      [{ tran_id: newTranId(), currency: "KHR", amount: "150.5" }, 46],
      [{ tran_id: newTranId(), currency: "KHR", amount: "99" }, 47],
      [{ tran_id: newTranId(), currency: "EUR" }, 12],
      [{ tran_id: newTranId(), lifetime: "2" }, 69],
      [{ tran_id: newTranId(), payment_option: "bitcoin" }, 23],
      [{ tran_id: newTranId(), firstname: "R2D2" }, 16],
      [{ tran_id: newTranId(), email: "not-an-email" }, 19],
      [{ tran_id: newTranId(), return_url: toBase64("https://evil.example/cb") }, 81],
      [{ tran_id: newTranId(), return_url: "https://not-base64/" }, 81],
      [{ tran_id: newTranId(), req_time: "1739427769300" }, 21],
    ];
    for (const [over, code] of cases) {
      const res = await post(signed({ ...base, ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(((await res.json()) as { status: { code: number } }).status.code, JSON.stringify(over)).toBe(code);
    }
    expect(await (await post(signed({ ...base, merchant_id: "nobody", tran_id: newTranId() }))).json()).toMatchObject({ status: { code: 26 } });
  });

  it("refuses a reused tran_id (code 4) and GET (405)", async () => {
    const form = buildPurchaseForm(settings, request());
    expect((await post(form.fields)).status).toBe(200);
    expect(await (await post(form.fields)).json()).toMatchObject({ status: { code: 4 } });
    for (const path of Object.values(PAYWAY_PATHS)) expect((await fetch(`${sim.url}${path}`)).status).toBe(405);
  });
});

describe("check-transaction-2 and the state machine", () => {
  const client = () => createPaywayClient(settings);

  it("answers PENDING, then APPROVED with amounts as numbers; unknown → found false", async () => {
    const tranId = await purchase();
    expect(await client().checkTransaction(tranId)).toMatchObject({ found: true, paymentStatus: "PENDING", paymentStatusCode: 2, amountMills: 29_990, currency: "", apv: "" });
    await control(`/transactions/${tranId}/approve`, { callback: { mode: "lose" } });
    const approved = await client().checkTransaction(tranId);
    expect(approved).toMatchObject({ found: true, paymentStatus: "APPROVED", paymentStatusCode: 0, amountMills: 29_990, currency: "USD" });
    expect(approved.found && approved.apv).toMatch(/^\d{6}$/);
    expect(await client().checkTransaction("KSNOSUCHTRANSACTION")).toMatchObject({ found: false, code: "6" });
  });

  it("rejects a wrong check hash with HTTP 403 code 5", async () => {
    const tranId = await purchase();
    const reqTime = formatReqTime(new Date());
    const res = await fetch(`${sim.url}${PAYWAY_PATHS.check}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ req_time: reqTime, merchant_id: "ec000002", tran_id: tranId, hash: tranIdHash("wrong-key", reqTime, "ec000002", tranId) }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: { code: 5 } });
    await expect(createPaywayClient({ ...settings, apiKey: "wrong-key" }).checkTransaction(tranId)).rejects.toThrow(/5/);
  });

  it("moves only along allowed transitions: decline, cancel, refund, expire", async () => {
    const declined = await purchase();
    expect((await control(`/transactions/${declined}/decline`)).body.transaction.status).toBe("DECLINED");
    expect((await control(`/transactions/${declined}/approve`)).status).toBe(409);
    expect(await client().checkTransaction(declined)).toMatchObject({ paymentStatus: "DECLINED", paymentStatusCode: 3 });

    const cancelled = await purchase();
    expect((await control(`/transactions/${cancelled}/cancel`)).body.transaction.status).toBe("CANCELLED");
    expect(await client().checkTransaction(cancelled)).toMatchObject({ paymentStatusCode: 7 });

    const refunded = await purchase();
    expect((await control(`/transactions/${refunded}/refund`)).status).toBe(409);
    await control(`/transactions/${refunded}/approve`, { callback: { mode: "lose" } });
    expect((await control(`/transactions/${refunded}/refund`)).body.transaction.status).toBe("REFUNDED");
    expect(await client().checkTransaction(refunded)).toMatchObject({ paymentStatus: "REFUNDED", paymentStatusCode: 4 });

    const expired = await purchase();
    expect((await control(`/transactions/${expired}/expire`)).body.transaction.status).toBe("CANCELLED");
  });
});

describe("callbacks", () => {
  it("POSTs a signed callback to the decoded return_url after approval", async () => {
    const tranId = await purchase({ returnParams: "order=1" });
    const { body } = await control(`/transactions/${tranId}/approve`);
    expect(body.callbacks).toEqual([expect.objectContaining({ status: 200 })]);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toMatchObject({ tran_id: tranId, status: "0", apv: body.transaction.apv, return_params: "order=1", original_amount: 29.99, original_currency: "USD" });
    expect(checkCallbackSignature(API_KEY, received[0]!.body, received[0]!.signature)).toBe("valid");
  });

  it("loses, repeats and replays callbacks on request", async () => {
    await control("/callback-mode", { mode: "lose", once: true });
    const lost = await purchase();
    await control(`/transactions/${lost}/approve`);
    expect(received).toHaveLength(0);

    const repeated = await purchase();
    await control(`/transactions/${repeated}/approve`, { callback: { mode: "repeat", times: 3 } });
    expect(received).toHaveLength(3);

    const replay = await control(`/transactions/${lost}/callback`, { times: 4, concurrent: true });
    expect(replay.body.callbacks).toHaveLength(4);
    expect(received.filter((r) => r.body.tran_id === lost)).toHaveLength(4);
  });

  it("close-transaction cancels a pending one and suppresses its callback", async () => {
    const tranId = await purchase();
    const reqTime = formatReqTime(new Date());
    const res = await fetch(`${sim.url}${PAYWAY_PATHS.close}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ req_time: reqTime, merchant_id: "ec000002", tran_id: tranId, hash: tranIdHash(API_KEY, reqTime, "ec000002", tranId) }),
    });
    expect(await res.json()).toMatchObject({ status: { code: "00" } });
    expect((await control(`/transactions/${tranId}/approve`)).status).toBe(409);
  });
});

describe("checkout page and plugin stand-in", () => {
  it("serves the plugin script with AbaPayway.checkout and the aba_webservice frame", async () => {
    const res = await fetch(`${sim.url}/plugins/checkout2-0.js`);
    expect(res.headers.get("content-type")).toContain("javascript");
    const js = await res.text();
    for (const part of ["AbaPayway", "aba_webservice", "aba_merchant_request", "is_plugin_js", "merchantUrl", "frameHeight", "cancel_url"]) expect(js).toContain(part);
  });

  it("re-serves the page for a transaction; a finished one shows no buttons", async () => {
    const tranId = await purchase();
    expect(await (await fetch(`${sim.url}/checkout/${tranId}`)).text()).toContain(">Approve</button>");
    await control(`/transactions/${tranId}/decline`);
    expect(await (await fetch(`${sim.url}/checkout/${tranId}`)).text()).not.toContain(">Approve</button>");
  });
});
