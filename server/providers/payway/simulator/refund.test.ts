// The refund API through the client against the simulator, over real HTTP: merchant_auth
// encrypted with the simulator's public key and decrypted inside it, full and partial refunds up
// to the amount paid, only paid transactions, the 30-day window, PayWay's PTL codes, and the
// control route that makes a refund fail without changing anything.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaywayClient, PAYWAY_PATHS, PaywayError, type RefundResult } from "../client";
import { formatReqTime, refundHash } from "../hash";
import { parseRsaPublicKey } from "../../../lib/rsa-keys";
import { encryptMerchantAuth } from "../merchant-auth";
import { refundMerchantAuthJson } from "../refund";
import { decryptMerchantAuth, simulatorKeyPair } from "./rsa";
import { API_KEY, MERCHANT, startTestSim, type TestSim } from "./test-helpers";

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({}, { rsaPublicKey: simulatorKeyPair().publicKey });
});
afterAll(() => t.sim.close());

const client = () => createPaywayClient(t.settings);
const refund = (tranId: string, amountMills: number, currency?: "USD" | "KHR") => client().refund({ tranId, amountMills, currency });
const refused = (code: string): Partial<RefundResult> => ({ outcome: "refused", code });

async function paid(over: Parameters<TestSim["purchase"]>[0] = {}) {
  const tranId = await t.purchase(over);
  await t.control(`/transactions/${tranId}/approve`, { callback: { mode: "lose" } });
  return tranId;
}

async function refundOps(tranId: string) {
  await t.control("/rate-limits/reset");
  const detail = await client().transactionDetail(tranId);
  if (!detail.found) throw new Error("not found");
  return detail.operations.filter((o) => o.status === "Refunded").map((o) => o.amountMills);
}

describe("refund API", () => {
  it("sends request_time, merchant_id, merchant_auth (RSA, Base64) and the documented hash", async () => {
    const tranId = await paid();
    const sent: Array<Record<string, string>> = [];
    const spy: typeof fetch = async (url, init) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, string>);
      return fetch(url, init);
    };
    const now = new Date("2026-09-23T05:06:07Z");
    await createPaywayClient({ ...t.settings, fetch: spy }).refund({ tranId, amountMills: 10_000, now });
    const body = sent[0]!;
    expect(Object.keys(body).sort()).toEqual(["hash", "merchant_auth", "merchant_id", "request_time"]);
    expect(body).toMatchObject({ request_time: "20260923050607", merchant_id: MERCHANT });
    expect(body.hash).toBe(refundHash(API_KEY, "20260923050607", MERCHANT, body.merchant_auth!));
    expect(decryptMerchantAuth(simulatorKeyPair().privateKey, body.merchant_auth!)).toBe(`{"mc_id":"${MERCHANT}","tran_id":"${tranId}","refund_amount":10.00}`);
  });

  it("a full refund: REFUNDED everywhere, with the amount as an operation", async () => {
    const tranId = await paid();
    expect(await refund(tranId, 29_990)).toEqual({ outcome: "refunded", amountMills: 29_990, totalRefundedMills: 29_990, grandTotalMills: 29_990, currency: "USD", transactionStatus: "REFUNDED" });
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "REFUNDED", paymentStatusCode: 4, refundAmountMills: 29_990 });
    expect(await refundOps(tranId)).toEqual([29_990]);
    expect(await refund(tranId, 10)).toMatchObject(refused("PTL37"));
  });

  it("partial refunds add up to the amount paid; PayWay says REFUNDED from the first one", async () => {
    const tranId = await paid();
    expect(await refund(tranId, 10_000)).toMatchObject({ outcome: "refunded", amountMills: 10_000, totalRefundedMills: 10_000, transactionStatus: "REFUNDED" });
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "REFUNDED", refundAmountMills: 10_000 });
    expect(await refund(tranId, 5_000)).toMatchObject({ outcome: "refunded", totalRefundedMills: 15_000 });
    expect(await refund(tranId, 15_000)).toMatchObject({ ...refused("PTL37"), message: "Refund amount cannot exceed the original purchase amount", httpStatus: 403 });
    expect(await refund(tranId, 14_990)).toMatchObject({ outcome: "refunded", totalRefundedMills: 29_990 });
    expect(await refundOps(tranId)).toEqual([10_000, 5_000, 14_990]);
    expect(await refund(tranId, 10)).toMatchObject(refused("PTL37"));
  });

  it("only paid transactions: unknown, pending, declined, cancelled → PTL36", async () => {
    expect(await refund("KSNOSUCHTRANSACTION", 1_000)).toMatchObject({ ...refused("PTL36"), httpStatus: 403 });
    expect(await refund(await t.purchase(), 1_000)).toMatchObject(refused("PTL36"));
    const declined = await t.purchase();
    await t.control(`/transactions/${declined}/decline`);
    expect(await refund(declined, 1_000)).toMatchObject(refused("PTL36"));
    const cancelled = await t.purchase();
    await client().closeTransaction(cancelled);
    expect(await refund(cancelled, 1_000)).toMatchObject(refused("PTL36"));
  });

  it("within 30 days of the transaction only (PTL57 after)", async () => {
    const recent = await paid();
    await t.control(`/transactions/${recent}/backdate`, { days: 29 });
    expect(await refund(recent, 1_000)).toMatchObject({ outcome: "refunded" });
    const old = await paid();
    await t.control(`/transactions/${old}/backdate`, { days: 31 });
    expect(await refund(old, 1_000)).toMatchObject({ ...refused("PTL57"), httpStatus: 403 });
  });

  it("KHR refunds are whole riel (PTL186 otherwise)", async () => {
    const tranId = await paid({ currency: "KHR", amountMills: 4_000_000 });
    expect(await refund(tranId, 1_500_000, "KHR")).toMatchObject({ outcome: "refunded", totalRefundedMills: 1_500_000, currency: "KHR" });
    expect(await refund(tranId, 1_500)).toMatchObject({ ...refused("PTL186"), httpStatus: 400 });
    await expect(refund(tranId, 1_500, "KHR")).rejects.toBeInstanceOf(RangeError);
  });

  it("a failing PayWay changes nothing: PTL58 (refused) or HTTP 500 (thrown), once or until reset", async () => {
    const tranId = await paid();
    expect((await t.control("/refund-mode", { mode: "fail", once: true })).status).toBe(200);
    expect(await refund(tranId, 10_000)).toMatchObject({ ...refused("PTL58"), message: "Fail to refund" });
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "APPROVED", refundAmountMills: 0 });
    expect(await refundOps(tranId)).toEqual([]);

    await t.control("/refund-mode", { mode: "error", once: true });
    await expect(refund(tranId, 10_000)).rejects.toMatchObject({ name: "PaywayError", httpStatus: 500 });
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "APPROVED", refundAmountMills: 0 });

    await t.control("/refund-mode", { mode: "fail" });
    expect(await refund(tranId, 10_000)).toMatchObject(refused("PTL58"));
    expect(await refund(tranId, 10_000)).toMatchObject(refused("PTL58"));
    await t.control("/refund-mode", { mode: "ok" });
    expect(await refund(tranId, 10_000)).toMatchObject({ outcome: "refunded", totalRefundedMills: 10_000 });
    expect((await t.control("/refund-mode", { mode: "later" })).status).toBe(400);
  });

  it("a wrong API key is PTL02 and throws; a wrong RSA key cannot be decrypted (PTL05); no RSA key throws before sending", async () => {
    const tranId = await paid();
    await expect(createPaywayClient({ ...t.settings, apiKey: "wrong-key" }).refund({ tranId, amountMills: 1_000 })).rejects.toMatchObject({ name: "PaywayError", code: "PTL02", httpStatus: 403 });
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(await createPaywayClient({ ...t.settings, rsaPublicKey: otherKey }).refund({ tranId, amountMills: 1_000 })).toMatchObject({ ...refused("PTL05"), httpStatus: 400 });
    let calls = 0;
    const counting: typeof fetch = async (url, init) => {
      calls++;
      return fetch(url, init);
    };
    const err = await createPaywayClient({ ...t.settings, rsaPublicKey: undefined, fetch: counting }).refund({ tranId, amountMills: 1_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaywayError);
    expect(err).toMatchObject({ code: "rsa_key_missing", message: expect.stringContaining("PAYWAY_RSA_PUBLIC_KEY") });
    expect(calls).toBe(0);
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "APPROVED", refundAmountMills: 0 });
  });

  it("answers malformed requests with PTL04 / PTL06 / PTL62 as the refund page lists", async () => {
    const tranId = await paid();
    const post = (body: Record<string, string>) =>
      fetch(`${t.sim.url}${PAYWAY_PATHS.refund}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        code: ((await r.json()) as { status: { code: string } }).status.code,
      }));
    const signed = (requestTime: string, merchantId: string, mcId: string) => {
      const auth = encryptMerchantAuth(parseRsaPublicKey(simulatorKeyPair().publicKey), refundMerchantAuthJson(mcId, tranId, "1.00"));
      return { request_time: requestTime, merchant_id: merchantId, merchant_auth: auth, hash: refundHash(API_KEY, requestTime, merchantId, auth) };
    };
    const now = formatReqTime(new Date());
    expect(await post({ request_time: now, merchant_id: MERCHANT })).toEqual({ status: 400, code: "PTL04" });
    expect(await post(signed("2026-09-23 05:06", MERCHANT, MERCHANT))).toEqual({ status: 400, code: "PTL06" });
    expect(await post(signed(now, "nobody", "nobody"))).toEqual({ status: 403, code: "PTL62" });
    expect(await post(signed(now, MERCHANT, "someone-else"))).toEqual({ status: 403, code: "PTL62" });
    // req_time instead of request_time is a missing field.
    const { request_time, ...rest } = signed(now, MERCHANT, MERCHANT);
    expect(await post({ ...rest, req_time: request_time })).toEqual({ status: 400, code: "PTL04" });
    expect(await post(signed(now, MERCHANT, MERCHANT))).toEqual({ status: 200, code: "00" });
  });
});
