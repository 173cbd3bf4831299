// Text that is not text never reaches the money path (decision 034): refund reasons, money-back
// requests and decision notes.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "../../../contracts/text";
import { refundRequests } from "../../db/schema";
import { refundOrder } from "./service";
import { boss, buyPlan, db, env, eventsOf, refund, refundedAtPayway, refundsOf, reload, topUp, useRefundsTestEnv } from "./refunds-test-env";

useRefundsTestEnv();

describe("text that is not text never reaches the money path (decision 034)", () => {
  it("a refund reason or a money-back request with a lone surrogate or a control character: 422 before PayWay is asked, nothing refunded", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    for (const [reason, message] of [
      ["\ud800", TEXT_MESSAGES.unicode],
      ["Customer asked \udfff", TEXT_MESSAGES.unicode],
      ["ok\u0000", TEXT_MESSAGES.nul],
      ["bell\u0007", TEXT_MESSAGES.control],
      ["\u001b[2J wiped", TEXT_MESSAGES.control],
    ] as const) {
      const res = await refund(order.id, { reason });
      expect(res.status, JSON.stringify(reason)).toBe(422);
      expect(res.body, JSON.stringify(reason)).toMatchObject({ code: "VALIDATION_FAILED", message: `reason: ${message}` });
      const asked = await buyer.client.json<{ code?: string; message?: string }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: `It does not work at all ${reason}` } });
      expect(asked.status, JSON.stringify(reason)).toBe(422);
      expect(asked.body.message).toBe(`reason: ${message}`);
    }
    expect(await refundedAtPayway(order)).toBe(0);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0, refundClaimUntil: null });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await db().select().from(refundRequests).where(eq(refundRequests.orderId, order.id))).toHaveLength(0);
    // Several lines and tabs are a reason like any other.
    const ok = await refund(order.id, { reason: "Asked twice:\r\n\t- by e-mail\n\t- by phone" });
    expect(ok.status).toBe(201);
    expect((await refundsOf(order.id))[0]!.reason).toBe("Asked twice:\r\n\t- by e-mail\n\t- by phone");
  });

  it("a decision note that is not text: 422, the request stays open and nothing is refunded", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 4);
    const asked = await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "I bought the wrong amount." } });
    for (const decision of ["approve", "decline"]) {
      const res = await boss.client.json<{ code?: string }>(`/api/admin/refund-requests/${asked.body.request.id}/${decision}`, { json: { note: "Sorry \ud83d" } });
      expect(res.status).toBe(422);
    }
    expect(await refundedAtPayway(order)).toBe(0);
    const [request] = await db().select().from(refundRequests).where(eq(refundRequests.id, asked.body.request.id));
    expect(request!.status).toBe("open");
  });

  it("text that got past the edge all the same (a direct call) is recorded as storable text, never a failed record", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const result = await refundOrder(env.deps, { orderId: order.id, reason: "Broken \ud800 text\u0000", source: "admin", actor: { id: boss.id, email: boss.email } });
    expect(result.refund).toMatchObject({ reason: "Broken \ufffd text", appliedAt: expect.any(String) });
    expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: 9_990 });
    expect(await eventsOf("order.refunded", order.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ reason: "Broken \ufffd text" }) })]);
  });
});
