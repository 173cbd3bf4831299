// Refunds of a reseller's bulk order (decision 080): a full refund revokes the licences not yet
// assigned (assigned ones stay valid), a partial one k × unit price revokes k of them, newest first;
// more than the unassigned licences' worth is refused before the provider is asked; applying twice
// revokes nothing twice; and a refund and an assignment of the same order never both count a licence.
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse } from "../../../contracts/orders";
import { licenseHistory, licenses, orders, user as users } from "../../db/schema";
import type { TestClient } from "../../test/harness";
import { applyRecordedRefund, applyRecordedRefunds, recordRefund } from "./record-and-apply";
import { db, env, refund, refundedAtPayway, refundsOf, reload, useRefundsTestEnv } from "./refunds-test-env";

useRefundsTestEnv();

type Person = { client: TestClient; email: string; id: string };
let reseller: Person;
beforeAll(async () => {
  reseller = await env.t.signedInUser();
  await db().update(users).set({ reseller: true }).where(eq(users.id, reseller.id));
});

const freshEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
async function paidBulk(quantity: number) {
  const res = await env.checkout(reseller.client, { planId: "local-1m", quantity }, "/api/reseller/checkout");
  const paid = await env.payAnswer(res as { status: number; body: CheckoutResponse });
  return reload(paid.id);
}
const assign = (id: string, email = freshEmail("end")) => reseller.client.json<{ code?: string }>(`/api/reseller/licenses/${id}/assign`, { json: { email } });
/** The order's licences, oldest first (as issued: created_at, then id). */
const licensesOf = (orderId: string) => db().select().from(licenses).where(eq(licenses.orderId, orderId)).orderBy(asc(licenses.createdAt), asc(licenses.id));
const revokedOf = async (orderId: string) => (await licensesOf(orderId)).filter((l) => l.revokedAt).map((l) => l.id);
const historyOf = async (ids: string[]) => (ids.length ? db().select().from(licenseHistory).where(and(inArray(licenseHistory.licenseId, ids), eq(licenseHistory.status, "revoked"))) : []);

describe("a full refund of a bulk order", () => {
  it("revokes every licence not yet assigned, each with its history row; assigned ones stay valid; one e-mail line", async () => {
    const order = await paidBulk(5);
    // Its payment receipt says the plan × the quantity and the unit price.
    expect((await env.t.lastEmail(reseller.email, "payment-receipt")).text).toMatch(/licence × 5 · \$[\d.]+ USD each/);
    const issued = await licensesOf(order.id);
    for (const l of issued.slice(0, 2)) expect((await assign(l.id)).status).toBe(200);
    const res = await refund(order.id);
    expect(res.status).toBe(201);
    const after = await licensesOf(order.id);
    const assigned = after.filter((l) => l.assignedAt);
    expect(assigned).toHaveLength(2);
    for (const l of assigned) expect(l.revokedAt).toBeNull();
    const revoked = after.filter((l) => l.revokedAt).map((l) => l.id);
    expect(revoked.sort()).toEqual(issued.slice(2).map((l) => l.id).sort());
    expect(res.body.refund.reversal).toMatchObject({ licencesRevoked: { count: 3, keptAssigned: 2 } });
    expect((res.body.refund.reversal.licencesRevoked as { licenseIds: string[] }).licenseIds.sort()).toEqual(revoked.sort());
    expect(res.body.message).toContain("3 licences revoked (2 assigned stay valid)");
    expect(await historyOf(revoked)).toHaveLength(3);
    expect((await reload(order.id)).status).toBe("refunded");
    const mail = await env.t.lastEmail(reseller.email, "refund-made");
    expect(mail.text).toContain("3 licences were revoked");
    expect(mail.text).toContain("The 2 licences you assigned keep working.");
    for (const l of issued) expect(mail.text).not.toContain(l.buyKey);
    // Refunded: nothing of it can be assigned any more (item 3).
    const refused = await assign(revoked[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("LICENSE_NOT_ASSIGNABLE");
  });
});

describe("a partial refund of a bulk order", () => {
  it("k × the unit price revokes k unassigned licences, newest first; a revoked one cannot be assigned", async () => {
    const order = await paidBulk(5);
    const issued = await licensesOf(order.id);
    const newest = issued.at(-1)!;
    expect((await assign(newest.id)).status).toBe(200); // assigned: skipped although newest
    const res = await refund(order.id, { amountMills: 2 * order.unitPriceMills! + 10, reason: "Two unused" });
    expect(res.status).toBe(201);
    expect(res.body.refund.reversal).toMatchObject({ licencesRevoked: { count: 2, keptAssigned: 1 } });
    expect((await revokedOf(order.id)).sort()).toEqual([issued[2]!.id, issued[3]!.id].sort());
    expect((await reload(order.id)).status).toBe("paid");
    const refused = await assign(issued[3]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("LICENSE_NOT_ASSIGNABLE");
    // The others still can be assigned.
    expect((await assign(issued[0]!.id)).status).toBe(200);
  });

  it("worth more than the unassigned licences: 409 REFUND_ASSIGNED_LICENSES, nothing refunded at the provider", async () => {
    const order = await paidBulk(4);
    const issued = await licensesOf(order.id);
    for (const l of issued.slice(0, 2)) expect((await assign(l.id)).status).toBe(200);
    const res = await refund(order.id, { amountMills: 2 * order.unitPriceMills! + 10, reason: "Too much" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("REFUND_ASSIGNED_LICENSES");
    expect(await refundedAtPayway(order)).toBe(0);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await revokedOf(order.id)).toEqual([]);
    expect((await reload(order.id)).refundClaimUntil).toBeNull();
    // Exactly their worth is fine.
    expect((await refund(order.id, { amountMills: 2 * order.unitPriceMills!, reason: "Two unused" })).status).toBe(201);
    expect(await revokedOf(order.id)).toHaveLength(2);
  });

  it("applied twice at once and again by the reconciler, revokes k licences once", async () => {
    const order = await paidBulk(4);
    const recorded = await recordRefund(env.deps, { orderId: order.id, source: "admin", amountMills: 2 * order.unitPriceMills!, reason: "Replay", actor: null });
    const results = await Promise.all([applyRecordedRefund(env.deps, recorded!.refund.id), applyRecordedRefund(env.deps, recorded!.refund.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await applyRecordedRefunds(env.deps);
    expect(await applyRecordedRefund(env.deps, recorded!.refund.id)).toBeNull();
    const revoked = await revokedOf(order.id);
    expect(revoked).toHaveLength(2);
    expect(await historyOf(revoked)).toHaveLength(2);
    const [row] = await refundsOf(order.id);
    expect(row!.reversal).toMatchObject({ licencesRevoked: { count: 2 } });
  });
});

describe("refunds and assignments of one order", () => {
  it("no assignment while a refund is claimed or recorded but not applied", async () => {
    const order = await paidBulk(3);
    const [first] = await licensesOf(order.id);
    await db().update(orders).set({ refundClaimUntil: new Date(Date.now() + 60_000) }).where(eq(orders.id, order.id));
    const claimed = await assign(first!.id);
    expect(claimed.status).toBe(409);
    expect(claimed.body.code).toBe("REFUND_IN_PROGRESS");
    await db().update(orders).set({ refundClaimUntil: null }).where(eq(orders.id, order.id));
    const recorded = await recordRefund(env.deps, { orderId: order.id, source: "admin", amountMills: order.unitPriceMills!, reason: "Unapplied", actor: null });
    const unapplied = await assign(first!.id);
    expect(unapplied.status).toBe(409);
    expect(unapplied.body.code).toBe("REFUND_IN_PROGRESS");
    await applyRecordedRefund(env.deps, recorded!.refund.id);
    expect((await assign(first!.id)).status).toBe(200);
    expect(await db().select().from(licenses).where(and(eq(licenses.orderId, order.id), isNotNull(licenses.assignedAt), isNotNull(licenses.revokedAt)))).toHaveLength(0);
  });

  it("an assignment waits for a refund's claim holding the order's row, then is refused", async () => {
    const order = await paidBulk(3);
    const [first] = await licensesOf(order.id);
    let assigned: Promise<{ status: number; body: { code?: string } }> | undefined;
    await db().transaction(async (tx) => {
      await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      assigned = assign(first!.id);
      await new Promise((r) => setTimeout(r, 300));
      await tx.update(orders).set({ refundClaimUntil: new Date(Date.now() + 60_000) }).where(eq(orders.id, order.id));
    });
    const res = await assigned!;
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("REFUND_IN_PROGRESS");
    await db().update(orders).set({ refundClaimUntil: null }).where(eq(orders.id, order.id));
  });

  it("a partial refund racing assignments: never an assigned licence revoked, never more refunded than the unassigned were worth", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await paidBulk(4);
      const issued = await licensesOf(order.id);
      const [res, ...assigns] = await Promise.all([refund(order.id, { amountMills: 3 * order.unitPriceMills!, reason: "Race" }), assign(issued[0]!.id), assign(issued[1]!.id)]);
      const after = await licensesOf(order.id);
      const assigned = after.filter((l) => l.assignedAt);
      const revoked = after.filter((l) => l.revokedAt);
      expect(after.filter((l) => l.assignedAt && l.revokedAt)).toEqual([]);
      expect(assigned).toHaveLength(assigns.filter((a) => a.status === 200).length);
      for (const a of assigns) if (a.status !== 200) expect(["REFUND_IN_PROGRESS", "LICENSE_NOT_ASSIGNABLE"]).toContain(a.body.code);
      if (res.status === 201) {
        expect(revoked).toHaveLength(3);
        expect(assigned.length).toBeLessThanOrEqual(1);
        expect(await refundedAtPayway(order)).toBe(3 * order.unitPriceMills!);
      } else {
        expect(res.body.code).toBe("REFUND_ASSIGNED_LICENSES");
        expect(revoked).toHaveLength(0);
        expect(await refundedAtPayway(order)).toBe(0);
      }
    }
    // Nothing left claimed.
    const [claims] = await db().select({ n: sql<number>`count(*)::int` }).from(orders).where(isNotNull(orders.refundClaimUntil));
    expect(claims!.n).toBe(0);
  });
});
