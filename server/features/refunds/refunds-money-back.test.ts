// The money-back guarantee: the owner asks within the window, a super-admin approves or declines.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, refundRequests } from "../../db/schema";
import type { TestClient } from "../../test/harness";
import { admin, balanceOf, boss, buyPlan, DAY, db, env, eventsOf, refund, refundedAtPayway, reload, topUp, useRefundsTestEnv } from "./refunds-test-env";

useRefundsTestEnv();

describe("the money-back guarantee", () => {
  const ask = (client: TestClient, orderId: string, reason = "It does not work on my phone at all.") =>
    client.json<{ code?: string; message?: string; request: { id: string; status: string } }>(`/api/orders/${orderId}/refund-requests`, { json: { reason } });

  it("the owner asks within the window, once; the admins see it; a super-admin approves: the refund is made and e-mailed", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 15);
    const history = await buyer.client.json<{ orders: Array<{ id: string; refundRequestUntil: string | null; refundRequest: unknown }> }>("/api/orders");
    const mine = history.body.orders.find((o) => o.id === order.id)!;
    expect(new Date(mine.refundRequestUntil!).getTime()).toBe(order.paidAt!.getTime() + 3 * DAY);
    expect(mine.refundRequest).toBeNull();

    expect((await ask(buyer.client, order.id, "too short")).status).toBe(422);
    const asked = await ask(buyer.client, order.id);
    expect(asked.status).toBe(201);
    expect(asked.body.request.status).toBe("open");
    expect(await env.emails(buyer.email, "refund-request-received")).toBe(1);
    const twice = await ask(buyer.client, order.id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("REFUND_REQUEST_OPEN");
    expect(await eventsOf("refund.requested", order.id)).toHaveLength(1); // the refused second ask tells nobody
    const stranger = await env.t.signedInUser();
    expect((await ask(stranger.client, order.id)).status).toBe(404);

    const queue = await admin.client.json<{ requests: Array<{ id: string; order: { id: string; planTitle: string; planMonths: number | null } }> }>("/api/admin/refund-requests");
    expect(queue.body.requests.map((r) => r.order.id)).toContain(order.id);
    // A top-up: no length (the queue names it "Balance Top Up" in the reader's language).
    expect(queue.body.requests.find((r) => r.order.id === order.id)!.order).toMatchObject({ planTitle: "Balance Top Up", planMonths: null });
    expect((await admin.client.json(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: {} })).status).toBe(403);

    const approved = await boss.client.json<{ request: { status: string }; refund: { source: string; amountMills: number } }>(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: { note: "Sorry about that" } });
    expect(approved.status).toBe(200);
    expect(approved.body.request.status).toBe("approved");
    expect(approved.body.refund).toMatchObject({ source: "guarantee", amountMills: 15_000 });
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await refundedAtPayway(order)).toBe(15_000);
    const mail = await env.t.lastEmail(buyer.email, "refund-made");
    expect(mail.subject).toContain("Refund request approved");
    expect(mail.text).toContain("Sorry about that");
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "refund_request.approve"), eq(auditLog.targetId, order.id)))).toHaveLength(1);
    expect((await boss.client.json(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: {} })).status).toBe(409);
    const after = await admin.client.json<{ requests: Array<{ order: { id: string } }> }>("/api/admin/refund-requests");
    expect(after.body.requests.map((r) => r.order.id)).not.toContain(order.id);
  });

  it("a super-admin declines with a note: e-mailed and audited, nothing refunded; the customer may ask again", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const asked = await ask(buyer.client, order.id);
    const declined = await boss.client.json<{ request: { status: string; decisionNote: string } }>(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: { note: "Used on 3 devices" } });
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({ status: "declined", decisionNote: "Used on 3 devices" });
    expect((await env.t.lastEmail(buyer.email, "refund-request-declined")).text).toContain("Used on 3 devices");
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "refund_request.decline"), eq(auditLog.targetId, order.id)))).toHaveLength(1);
    expect(await reload(order.id)).toMatchObject({ status: "paid", refundedMills: 0 });
    expect(await refundedAtPayway(order)).toBe(0);
    expect((await ask(buyer.client, order.id)).status).toBe(201);
  });

  it("outside the window, or a refunded order: 409 with a clear code", async () => {
    const buyer = await env.t.signedInUser();
    const old = await buyPlan(buyer.client);
    await db().update(orders).set({ paidAt: new Date(Date.now() - 3 * DAY - 60_000) }).where(eq(orders.id, old.id));
    const late = await ask(buyer.client, old.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "REFUND_WINDOW_PASSED", message: "Refunds can be requested within 3 days of payment; this payment is older." });
    const done = await buyPlan(buyer.client);
    await refund(done.id);
    expect((await ask(buyer.client, done.id)).body.code).toBe("REFUND_NOT_REQUESTABLE");
    expect(await db().select().from(refundRequests).where(eq(refundRequests.orderId, old.id))).toHaveLength(0);
  });

  it("an admin's full refund answers an open request too", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const asked = await ask(buyer.client, order.id);
    expect((await refund(order.id)).status).toBe(201);
    const [request] = await db().select().from(refundRequests).where(eq(refundRequests.id, asked.body.request.id));
    expect(request).toMatchObject({ status: "approved", decisionNote: "Refunded in full." });
  });
});
