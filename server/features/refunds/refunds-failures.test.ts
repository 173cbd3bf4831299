// A failure after PayWay refunded (decision 034). Each step of the refund's application is made to
// fail once by a trigger (as a broken database or a bug would): the refund is recorded all the same
// (the order's refunded total, the refund row), and the reconciler's next pass applies it: the goods
// taken back, the e-mail, the audit row and the event, exactly once.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, balanceLedger, orders, refundRequests, shopEvents } from "../../db/schema";
import { reconcileRefunds } from "./reconcile";
import { balanceOf, boss, buyPlan, db, env, eventsOf, refund, refundedAtPayway, refundsOf, reload, topUp, useRefundsTestEnv } from "./refunds-test-env";
import { startJob } from "../schedule/jobs";

useRefundsTestEnv();
beforeAll(async () => {
  // A failure injected into one step (see failAt): the trigger raises as a broken database would.
  await env.t.database.db.execute(sql.raw(`create or replace function test_fail_step() returns trigger language plpgsql as $$ begin raise exception 'injected failure: %', tg_argv[0]; end $$`));
});

/** Makes the first statement that matches `when` on `table` fail; returns the function that lifts it. */
async function failAt(table: string, event: "insert" | "update", when: string) {
  const name = `test_fail_${Math.random().toString(36).slice(2, 10)}`;
  await db().execute(sql.raw(`create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function test_fail_step('${name}')`));
  return async () => {
    await db().execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
}

const countOf = async (table: typeof auditLog | typeof shopEvents, where: ReturnType<typeof and>) => (await db().select().from(table).where(where)).length;

interface Facts {
  order: typeof orders.$inferSelect;
  email: string;
  licenceId?: string;
}
const STEPS: Array<{ step: string; kind: "plan" | "topup"; openRequest?: boolean; table: string; event: "insert" | "update"; when: (f: Facts) => string }> = [
  { step: "revoking the licence", kind: "plan", table: "licenses", event: "update", when: (f) => `new.id = '${f.licenceId}' and new.revoked_at is not null` },
  { step: "the licence's history row", kind: "plan", table: "license_history", event: "insert", when: (f) => `new.license_id = '${f.licenceId}'` },
  { step: "debiting the balance through the ledger", kind: "topup", table: "balance_ledger", event: "insert", when: (f) => `new.reference = '${f.order.id}'` },
  { step: "answering the customer's open request", kind: "plan", openRequest: true, table: "refund_requests", event: "update", when: (f) => `new.order_id = '${f.order.id}' and new.status = 'approved'` },
  { step: "the order.refunded event", kind: "topup", table: "shop_events", event: "insert", when: (f) => `new.subject = '${f.order.id}' and new.type = 'order.refunded'` },
  { step: "the customer's e-mail", kind: "plan", table: "email_outbox", event: "insert", when: (f) => `new.to_address = '${f.email}' and new.template = 'refund-made'` },
  { step: "the audit row", kind: "topup", table: "audit_log", event: "insert", when: (f) => `new.target_id = '${f.order.id}' and new.action = 'order.refund'` },
  { step: "marking the refund applied", kind: "plan", table: "refunds", event: "update", when: (f) => `new.order_id = '${f.order.id}' and new.applied_at is not null` },
];

async function expectFullyApplied(f: Facts, source: string) {
  const rows = await refundsOf(f.order.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ source, amountMills: f.order.amountMills, appliedAt: expect.any(Date) });
  expect(await reload(f.order.id)).toMatchObject({ status: "refunded", refundedMills: f.order.amountMills, refundClaimUntil: null });
  if (f.order.kind === "topup") {
    expect(rows[0]!.reversal).toMatchObject({ balanceDebited: { mills: f.order.amountMills, balanceAfterMills: 0 } });
    expect(await db().select().from(balanceLedger).where(and(eq(balanceLedger.reference, f.order.id), eq(balanceLedger.reason, "topup_refund")))).toHaveLength(1);
  } else {
    expect(rows[0]!.reversal).toMatchObject({ licenceRevoked: { licenseId: f.licenceId } });
    expect((await env.licensesOf(f.order.id))[0]!.revokedAt).not.toBeNull();
  }
  expect(await env.emails(f.email, "refund-made")).toBe(1);
  expect(await countOf(auditLog, and(eq(auditLog.action, "order.refund"), eq(auditLog.targetId, f.order.id)))).toBe(1);
  expect(await eventsOf("order.refunded", f.order.id)).toHaveLength(1);
  expect(await refundedAtPayway(f.order)).toBe(f.order.amountMills);
}

describe("a failure after PayWay refunded: recorded at once, applied by the reconciler's next pass (decision 034)", () => {
  for (const { step, kind, openRequest, table, event, when } of STEPS) {
    it(`${step} fails: the refund is recorded, the admin is told, the next pass takes the goods back once`, async () => {
      const buyer = await env.t.signedInUser();
      const order = kind === "plan" ? await buyPlan(buyer.client) : await topUp(buyer.client, 7);
      const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
      const request = openRequest ? await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "It does not start on my PC." } }) : null;
      const lift = await failAt(table, event, when(facts));
      let res;
      try {
        res = await refund(order.id, { reason: `Failure at: ${step}` });
      } finally {
        await lift();
      }
      // The money went back and the shop knows it at once: the order's refunded total, the refund row.
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ status: "refunded", refundedMills: order.amountMills });
      expect(res.body.refund).toMatchObject({ amountMills: order.amountMills, appliedAt: null });
      expect(res.body.message).toContain("recorded");
      expect(await reload(order.id)).toMatchObject({ status: "refunded", refundedMills: order.amountMills, refundClaimUntil: null });
      expect(await refundsOf(order.id)).toMatchObject([{ amountMills: order.amountMills, appliedAt: null, reason: `Failure at: ${step}` }]);
      expect(await refundedAtPayway(order)).toBe(order.amountMills);
      // Nothing of the application stayed half-done.
      expect(await env.emails(buyer.email, "refund-made")).toBe(0);
      expect(await eventsOf("order.refunded", order.id)).toHaveLength(0);
      // Another refund of the order waits for this one (a top-up's balance is not debited yet).
      if (kind === "topup") expect((await refund(order.id, { amountMills: 10, reason: "More" })).status).toBe(409);

      // The reconciler's next pass (every 10 s) applies it, once.
      expect((await reconcileRefunds(env.deps)).applied).toBe(1);
      await expectFullyApplied(facts, "admin");
      if (request) expect((await db().select().from(refundRequests).where(eq(refundRequests.id, request.body.request.id)))[0]).toMatchObject({ status: "approved", decisionNote: "Refunded in full." });
      // Passes after it change nothing.
      expect((await reconcileRefunds(env.deps)).applied).toBe(0);
      await expectFullyApplied(facts, "admin");
    });
  }

  it("a failure that lasts: every pass tries again, and the first pass after it is fixed applies the refund, once", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 9);
    const facts: Facts = { order, email: buyer.email };
    const lift = await failAt("balance_ledger", "insert", `new.reference = '${order.id}'`);
    try {
      expect((await refund(order.id, { reason: "Lasting failure" })).status).toBe(201);
      for (let pass = 0; pass < 3; pass++) expect((await reconcileRefunds(env.deps)).applied).toBe(0);
      expect(await refundsOf(order.id)).toMatchObject([{ appliedAt: null }]);
      expect(await balanceOf(buyer.id)).toBe(9_000);
    } finally {
      await lift();
    }
    expect((await reconcileRefunds(env.deps)).applied).toBe(1);
    await expectFullyApplied(facts, "admin");
  });

  it("the running reconciler (its timer) applies it within seconds", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
    const lift = await failAt("email_outbox", "insert", `new.to_address = '${buyer.email}' and new.template = 'refund-made'`);
    try {
      expect((await refund(order.id, { reason: "Timer" })).body.refund.appliedAt).toBeNull();
    } finally {
      await lift();
    }
    const reconciler = startJob("order-reconciler", { orders: env.deps, otpMail: env.t.otpMail, suspicion: env.t.config.licences.suspicious }, env.deps.logger, 200);
    try {
      await expect.poll(async () => (await refundsOf(order.id))[0]?.appliedAt ?? null, { timeout: 10_000, interval: 100 }).not.toBeNull();
    } finally {
      await reconciler.stop();
    }
    await expectFullyApplied(facts, "admin");
  });

  it("an approved money-back request whose e-mail fails: approved at once, the e-mail and both audit rows by the next pass", async () => {
    const buyer = await env.t.signedInUser();
    const order = await topUp(buyer.client, 6);
    const facts: Facts = { order, email: buyer.email };
    const asked = await buyer.client.json<{ request: { id: string } }>(`/api/orders/${order.id}/refund-requests`, { json: { reason: "I bought the wrong amount." } });
    const lift = await failAt("email_outbox", "insert", `new.to_address = '${buyer.email}' and new.template = 'refund-made'`);
    let approved;
    try {
      approved = await boss.client.json<{ request: { status: string; decisionNote: string }; refund: { source: string; appliedAt: string | null }; message: string }>(`/api/admin/refund-requests/${asked.body.request.id}/approve`, { json: { note: "Refunded, sorry." } });
    } finally {
      await lift();
    }
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", decisionNote: "Refunded, sorry." });
    expect(approved.body.refund).toMatchObject({ source: "guarantee", appliedAt: null });
    // A second approval, or a decline, finds the request answered.
    expect((await boss.client.json(`/api/admin/refund-requests/${asked.body.request.id}/decline`, { json: {} })).status).toBe(409);
    expect((await reconcileRefunds(env.deps)).applied).toBe(1);
    await expectFullyApplied(facts, "guarantee");
    expect((await env.t.lastEmail(buyer.email, "refund-made")).text).toContain("Refunded, sorry.");
    expect(await countOf(auditLog, and(eq(auditLog.action, "refund_request.approve"), eq(auditLog.targetId, order.id)))).toBe(1);
  });

  it("recording itself fails: 502 and nothing recorded, the order's look is moved to just after the claim, and that look records PayWay's refund (minutes, not hours)", async () => {
    const buyer = await env.t.signedInUser();
    const order = await buyPlan(buyer.client);
    const facts: Facts = { order, email: buyer.email, licenceId: (await env.licensesOf(order.id))[0]?.id };
    const before = Date.now();
    const lift = await failAt("refunds", "insert", `new.order_id = '${order.id}'`);
    let res;
    try {
      res = await refund(order.id, { reason: "Record fails" });
    } finally {
      await lift();
    }
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: "REFUND_OUTCOME_UNKNOWN", message: expect.stringContaining("refunded, but the refund could not be recorded") });
    expect(await refundedAtPayway(order)).toBe(9_990);
    const now = await reload(order.id);
    expect(now).toMatchObject({ status: "paid", refundedMills: 0 });
    // The next look: just after the claim lapses (2 minutes), not an hour or more away.
    expect(now.nextCheckAt!.getTime()).toBeLessThanOrEqual(before + 3 * 60_000);
    expect(now.nextCheckAt!.getTime()).toBeGreaterThan(now.refundClaimUntil!.getTime());
    // While the claim holds, nothing (a retry is refused); the pass after it records PayWay's refund.
    expect((await refund(order.id, { reason: "Again" })).body.code).toBe("REFUND_IN_PROGRESS");
    expect((await reconcileRefunds(env.deps, new Date(before + 60_000))).refunded).toBe(0);
    expect((await reconcileRefunds(env.deps, new Date(before + 3 * 60_000))).refunded).toBe(1);
    await expectFullyApplied(facts, "provider");
  });
});
