// transaction-detail in the client, against canned PayWay answers: amounts (JSON numbers) become
// integer mills through their text, operations keep their order, failures throw.
import { describe, expect, it } from "vitest";
import { millsToJsonNumber, numberToMills } from "./amounts";
import { createPaywayClient, PAYWAY_PATHS, PaywayError, type PaywaySettings } from "./client";

function stub(status: number, body: unknown, seen: string[] = []): PaywaySettings {
  return {
    baseUrl: "https://checkout-sandbox.payway.com.kh",
    merchantId: "ec000002",
    apiKey: "test-api-key-not-real",
    fetch: (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch,
  };
}

const SAMPLE = {
  data: {
    transaction_id: "17394277693",
    payment_status_code: 4,
    payment_status: "REFUNDED",
    original_amount: 0.5,
    original_currency: "USD",
    payment_amount: 2000,
    payment_currency: "KHR",
    total_amount: 0.5,
    refund_amount: 0.1,
    discount_amount: 0,
    apv: 753786,
    transaction_date: "2026-09-05 18:12:30",
    first_name: "",
    last_name: "",
    email: "",
    phone: "",
    bank_ref: "100FT40074059022",
    payment_type: "ABA Pay",
    payer_account: "*001",
    bank_name: "ABA Bank",
    card_source: "",
    transaction_operations: [
      { status: "Completed", amount: 0.5, transaction_date: "2026-09-05 18:13:54", bank_ref: "100FT40074059022" },
      { status: "Refunded", amount: 0.1, transaction_date: "2026-09-05 18:20:01", bank_ref: null },
    ],
  },
  status: { code: "00", message: "Success!", tran_id: "17394277693" },
};

describe("transactionDetail", () => {
  it("reads the documented data: amounts in mills, payer in another currency, operations", async () => {
    const seen: string[] = [];
    const detail = await createPaywayClient(stub(200, SAMPLE, seen)).transactionDetail("17394277693");
    expect(seen).toEqual([`https://checkout-sandbox.payway.com.kh${PAYWAY_PATHS.detail}`]);
    expect(detail).toMatchObject({
      found: true,
      transactionId: "17394277693",
      paymentStatus: "REFUNDED",
      paymentStatusCode: 4,
      originalAmountMills: 500,
      paymentAmountMills: 2_000_000,
      paymentCurrency: "KHR",
      refundAmountMills: 100,
      discountAmountMills: 0,
      apv: "753786",
      payerAccount: "*001",
      operations: [
        { status: "Completed", amountMills: 500, transactionDate: "2026-09-05 18:13:54", bankRef: "100FT40074059022" },
        { status: "Refunded", amountMills: 100, transactionDate: "2026-09-05 18:20:01", bankRef: "" },
      ],
    });
  });

  it("not found is an answer; the rate limit, a wrong key and an unknown shape throw", async () => {
    expect(await createPaywayClient(stub(200, { status: { code: 6, message: "tran_id not found" } })).transactionDetail("X")).toEqual({ found: false, code: "6", message: "tran_id not found" });
    for (const [status, body, code] of [
      [403, { status: { code: 429, message: "Rate limit exceeded for this request. Please try again later" } }, "429"],
      [403, { status: { code: 5, message: "Wrong hash" } }, "5"],
      [200, { data: [] }, undefined],
    ] as const) {
      const err = await createPaywayClient(stub(status, body)).transactionDetail("X").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaywayError);
      expect((err as PaywayError).code).toBe(code);
    }
  });

  it("mills ↔ JSON numbers round-trip exactly", () => {
    for (const mills of [0, 10, 100, 500, 29_990, 4_000_000, 123_456_780]) expect(numberToMills(millsToJsonNumber(mills))).toBe(mills);
    expect(millsToJsonNumber(29_990)).toBe(29.99);
    expect(() => millsToJsonNumber(-1)).toThrow(RangeError);
  });
});
