// transaction-detail through the client against the simulator, over real HTTP: the documented
// shape, the payer and operations (refunds included), not-found / wrong-key answers and the
// 10 requests per minute limit (HTTP 403 with a numeric code 429).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaywayClient, PAYWAY_PATHS } from "../client";
import { startTestSim, type TestSim } from "./test-helpers";

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(() => t.sim.close());
// Every test here reads details; the limit has its own simulator below.
beforeEach(() => t.control("/rate-limits/reset"));

const client = () => createPaywayClient(t.settings);
const DOCUMENTED_KEYS = [
  "transaction_id", "payment_status_code", "payment_status", "original_amount", "original_currency", "payment_amount",
  "payment_currency", "total_amount", "refund_amount", "discount_amount", "apv", "transaction_date", "first_name",
  "last_name", "email", "phone", "bank_ref", "payment_type", "payer_account", "bank_name", "card_source", "transaction_operations",
];

describe("transaction-detail", () => {
  it("answers the documented fields; a pending one has no payer and no operations", async () => {
    const tranId = await t.purchase({ firstname: "Sokha", email: "sokha@example.com" });
    const raw = await t.raw(PAYWAY_PATHS.detail, tranId);
    expect(raw.status).toBe(200);
    expect(Object.keys(raw.body.data as object).sort()).toEqual([...DOCUMENTED_KEYS].sort());
    expect(raw.body.status).toEqual({ code: "00", message: "Success!", tran_id: tranId });
    expect(await client().transactionDetail(tranId)).toMatchObject({
      found: true,
      transactionId: tranId,
      paymentStatus: "PENDING",
      paymentStatusCode: 2,
      originalAmountMills: 29_990,
      totalAmountMills: 29_990,
      paymentAmountMills: 0,
      paymentCurrency: "",
      refundAmountMills: 0,
      firstName: "Sokha",
      email: "sokha@example.com",
      apv: "",
      paymentType: "N/A",
      operations: [],
    });
  });

  it("an ABA Pay / KHQR payment: payer, masked account, one Completed operation", async () => {
    const tranId = await t.purchase();
    const approved = await t.control(`/transactions/${tranId}/approve`, { callback: { mode: "lose" } });
    const detail = await client().transactionDetail(tranId);
    expect(detail).toMatchObject({
      found: true,
      paymentStatus: "APPROVED",
      paymentStatusCode: 0,
      paymentAmountMills: 29_990,
      paymentCurrency: "USD",
      apv: approved.body.transaction.apv,
      paymentType: "ABA Pay",
      payerAccount: expect.stringContaining("***"),
      bankName: "ABA Bank",
      cardSource: "",
    });
    expect(detail.found && detail.operations).toEqual([{ status: "Completed", amountMills: 29_990, transactionDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), bankRef: expect.stringMatching(/^100FT/) }]);
  });

  it("a card payment: Create Order then Completed, card source ONUS; KHR amounts in mills", async () => {
    const tranId = await t.purchase({ paymentOption: "cards", currency: "KHR", amountMills: 4_000_000 });
    await t.control(`/transactions/${tranId}/approve`, { callback: { mode: "lose" } });
    const detail = await client().transactionDetail(tranId);
    expect(detail).toMatchObject({ found: true, paymentType: "VISA", cardSource: "ONUS", originalAmountMills: 4_000_000, originalCurrency: "KHR" });
    expect(detail.found && detail.operations.map((o) => [o.status, o.amountMills])).toEqual([
      ["Create Order", 4_000_000],
      ["Completed", 4_000_000],
    ]);
  });

  it("a refund appears as a Refunded operation and in refund_amount", async () => {
    const tranId = await t.purchase();
    await t.control(`/transactions/${tranId}/approve`, { callback: { mode: "lose" } });
    await t.control(`/transactions/${tranId}/refund`);
    const detail = await client().transactionDetail(tranId);
    expect(detail).toMatchObject({ found: true, paymentStatus: "REFUNDED", paymentStatusCode: 4, refundAmountMills: 29_990 });
    expect(detail.found && detail.operations.map((o) => [o.status, o.amountMills])).toEqual([
      ["Completed", 29_990],
      ["Refunded", 29_990],
    ]);
  });

  it("unknown → found false (code 6); a wrong key → HTTP 403 code 5, thrown", async () => {
    expect(await client().transactionDetail("KSNOSUCHTRANSACTION")).toMatchObject({ found: false, code: "6" });
    const tranId = await t.purchase();
    const raw = await t.raw(PAYWAY_PATHS.detail, tranId, "wrong-key");
    expect(raw.status).toBe(403);
    expect(raw.body.status).toMatchObject({ code: 5 });
    await expect(createPaywayClient({ ...t.settings, apiKey: "wrong-key" }).transactionDetail(tranId)).rejects.toMatchObject({ name: "PaywayError", code: "5", httpStatus: 403 });
  });
});

describe("transaction-detail's limit", () => {
  it("allows 10 requests per rolling minute per merchant, then HTTP 403 with a numeric code 429", async () => {
    let clock = new Date("2026-09-23T05:00:00Z");
    const limited = await startTestSim({ now: () => clock });
    try {
      const detail = () => createPaywayClient(limited.settings).transactionDetail("KSNOSUCHTRANSACTION", clock);
      for (let i = 0; i < 10; i++) expect(await detail()).toMatchObject({ found: false });
      const raw = await limited.raw(PAYWAY_PATHS.detail, "KSNOSUCHTRANSACTION");
      expect(raw.status).toBe(403);
      expect(raw.body.status).toMatchObject({ code: 429, message: expect.stringContaining("Rate limit") });
      await expect(detail()).rejects.toMatchObject({ name: "PaywayError", code: "429", httpStatus: 403 });
      // check-transaction-2 has no such limit.
      expect(await createPaywayClient(limited.settings).checkTransaction("KSNOSUCHTRANSACTION", clock)).toMatchObject({ found: false });
      clock = new Date(clock.getTime() + 60_000);
      expect(await detail()).toMatchObject({ found: false });
      for (let i = 0; i < 9; i++) await detail();
      await expect(detail()).rejects.toMatchObject({ code: "429" });
      await limited.control("/rate-limits/reset");
      expect(await detail()).toMatchObject({ found: false });
    } finally {
      await limited.sim.close();
    }
  });
});
