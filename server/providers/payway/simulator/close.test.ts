// close-transaction through the client against the simulator, over real HTTP: PENDING becomes
// CANCELLED for good (no approval, no callback), paid ones are refused with PayWay's 403 code 2,
// and unknown ids / wrong keys get the answers PayWay's close page documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaywayClient, PAYWAY_PATHS, PaywayError } from "../client";
import { startTestSim, type TestSim } from "./test-helpers";

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(() => t.sim.close());

const client = () => createPaywayClient(t.settings);

describe("close-transaction", () => {
  it("closes a pending checkout: CANCELLED, never approvable, no callback, page without buttons", async () => {
    const tranId = await t.purchase();
    expect(await client().closeTransaction(tranId)).toEqual({ outcome: "closed" });
    expect(await client().checkTransaction(tranId)).toMatchObject({ found: true, paymentStatus: "CANCELLED", paymentStatusCode: 7 });
    const approve = await t.control(`/transactions/${tranId}/approve`);
    expect(approve.status).toBe(409);
    expect((await t.control(`/transactions/${tranId}/callback`)).status).toBe(409);
    const tx = (await (await fetch(`${t.sim.url}/__sim/transactions/${tranId}`)).json()) as { transaction: { closed: boolean; callbacks: unknown[] } };
    expect(tx.transaction).toMatchObject({ closed: true, callbacks: [] });
    expect(await (await fetch(`${t.sim.url}/checkout/${tranId}`)).text()).not.toContain(">Approve</button>");
    // Closing again is harmless (the sandbox answers 00 again).
    expect(await client().closeTransaction(tranId)).toEqual({ outcome: "closed" });
  });

  it("answers the documented success body", async () => {
    const tranId = await t.purchase();
    const res = await t.raw(PAYWAY_PATHS.close, tranId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: { code: "00", message: "Success!", tran_id: tranId } });
  });

  it("refuses an approved (or refunded) transaction with HTTP 403 code 2 and leaves it paid", async () => {
    const approved = await t.purchase();
    await t.control(`/transactions/${approved}/approve`, { callback: { mode: "lose" } });
    const res = await t.raw(PAYWAY_PATHS.close, approved);
    expect(res.status).toBe(403);
    expect(res.body.status).toMatchObject({ code: 2, message: expect.stringContaining("already been approved and cannot be cancelled") });
    expect(await client().closeTransaction(approved)).toEqual({ outcome: "already_approved" });
    expect(await client().checkTransaction(approved)).toMatchObject({ paymentStatus: "APPROVED" });

    const refunded = await t.purchase();
    await t.control(`/transactions/${refunded}/approve`, { callback: { mode: "lose" } });
    await t.control(`/transactions/${refunded}/refund`);
    expect(await client().closeTransaction(refunded)).toEqual({ outcome: "already_approved" });
  });

  it("an unknown tran_id is not_found (HTTP 403 code 5, as PayWay's close page lists)", async () => {
    const res = await t.raw(PAYWAY_PATHS.close, "KSNOSUCHTRANSACTION");
    expect(res.status).toBe(403);
    expect(res.body.status).toMatchObject({ code: 5, message: "Transaction not found" });
    expect(await client().closeTransaction("KSNOSUCHTRANSACTION")).toEqual({ outcome: "not_found" });
  });

  it("a wrong key is PayWay's wrong-hash answer and throws; so does an unknown merchant", async () => {
    const tranId = await t.purchase();
    const res = await t.raw(PAYWAY_PATHS.close, tranId, "wrong-key");
    expect(res.status).toBe(403);
    expect(res.body.status).toMatchObject({ code: "1", message: "Wrong Hash" });
    await expect(createPaywayClient({ ...t.settings, apiKey: "wrong-key" }).closeTransaction(tranId)).rejects.toMatchObject({ name: "PaywayError", code: "1" });
    await expect(createPaywayClient({ ...t.settings, merchantId: "nobody" }).closeTransaction(tranId)).rejects.toBeInstanceOf(PaywayError);
    // Nothing was closed by the refused requests.
    expect(await client().checkTransaction(tranId)).toMatchObject({ paymentStatus: "PENDING" });
  });

  it("during PayWay's visibility lag a brand-new checkout is not_found", async () => {
    const lagging = await startTestSim({ visibilityDelayMs: 60_000 });
    try {
      const tranId = await lagging.purchase();
      expect(await createPaywayClient(lagging.settings).closeTransaction(tranId)).toEqual({ outcome: "not_found" });
    } finally {
      await lagging.sim.close();
    }
  });
});
