// A refund's steps 3 and 4 (see service.ts): recording what the provider refunded, in a transaction
// no text can fail, then applying it (the goods taken back, the event, the e-mail, the audit rows);
// and the reconciler's passes over refunds recorded but not applied, or made at the provider itself.
import { and, asc, eq, isNull } from "drizzle-orm";
import { type Refund, type Reversal } from "../../../contracts/refunds";
import { storableText } from "../../../contracts/text";
import { auditLog, orders, refundRequests, refunds } from "../../db/schema";
import { recordOrderRefunded } from "../notifications/events";
import { enqueueEmail } from "../../providers/email/outbox";
import { planMonthsOf } from "../plans/service";
import type { PaymentRef } from "../../providers/payments/types";
import type { OrdersDeps } from "../orders/deps";
import type { OrderRow } from "../orders/dto";
import { takeBack } from "./reversal";

/** The recipient's notice that their gift's licence was revoked because its payment was refunded (decision 079). */
function giftRevokedNotice(deps: OrdersDeps, order: OrderRow, buyKey: string, planMonths: number | null) {
  return {
    to: order.giftEmail!,
    template: "license-revoked" as const,
    timeZone: deps.shopTimeZone,
    // The recipient's account language when they have one; else the payer's (the order's), as the key's e-mail.
    fallbackLanguage: order.locale,
    props: { planMonths, buyKeyEnd: buyKey.slice(-5), dashboardUrl: `${deps.baseUrl}/license-keys`, giftRefunded: true },
  };
}

export type RefundSource = "admin" | "guarantee" | "provider";
export interface RefundActor {
  id: string;
  email: string;
}

export const paymentOf = (order: OrderRow): PaymentRef => ({ reference: order.tranId, amountMills: order.amountMills, currency: order.currency });

export type RefundRow = typeof refunds.$inferSelect;
export function toRefundDto(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amountMills: row.amountMills,
    source: row.source,
    reason: row.reason,
    reversal: (row.reversal ?? {}) as Reversal,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

export interface RecordInput {
  orderId: string;
  source: RefundSource;
  /** admin / guarantee: what the provider just refunded. */
  amountMills?: number;
  /** provider: what the provider says it refunded in all; the difference is recorded. */
  providerTotalMills?: number;
  reason: string;
  actor: RefundActor | null;
  /** The money-back request this refund answers (approved when the refund is recorded). */
  requestId?: string;
  /** A note for the customer (an approval's). */
  note?: string;
  /** This caller holds the order's refund claim (phase 3 of the money path). */
  claimed?: boolean;
  now?: Date;
}

export type Recorded = { order: OrderRow; refund: RefundRow };

/**
 * Step 3: records what the provider refunded, before anything that can still fail. One small
 * transaction: the refund row (not applied yet), the order's refunded total and status, the claim
 * cleared, the answered request approved. Text is made storable here whatever the edge let through,
 * so that no word can stop the record of money that moved. Returns null when there is nothing
 * (more) to record: a replay, a race lost, a refund under way elsewhere.
 */
export async function recordRefund(deps: OrdersDeps, input: RecordInput): Promise<Recorded | null> {
  const now = input.now ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return null;
    const left = order.amountMills - order.refundedMills;
    let amount: number;
    if (input.source === "provider") {
      // A refund of ours is under way: it records itself (and the provider's total includes it).
      if (!input.claimed && order.refundClaimUntil && order.refundClaimUntil > now) return null;
      if (order.status !== "paid") return null;
      amount = Math.min((input.providerTotalMills ?? 0) - order.refundedMills, left);
      if (amount <= 0) return null;
    } else {
      amount = input.amountMills ?? 0;
      if (amount > left) {
        // Cannot happen under the claim; the money went back all the same, so record what is left.
        deps.logger.error({ orderId: order.id, amount, left }, "refund larger than what was left: recorded as the rest");
        amount = left;
      }
      if (amount <= 0) return null;
    }
    const refundedMills = order.refundedMills + amount;
    const full = refundedMills >= order.amountMills;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountMills: amount,
        source: input.source,
        reason: storableText(input.reason),
        actorUserId: input.actor?.id ?? null,
        actorEmail: input.actor ? storableText(input.actor.email) : null,
        requestId: input.requestId ?? null,
        refundedTotalMills: refundedMills,
        createdAt: now,
      })
      .returning();
    const [updated] = await tx
      .update(orders)
      .set({ refundedMills, status: full ? "refunded" : order.status, refundClaimUntil: null, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (input.requestId) {
      await tx
        .update(refundRequests)
        .set({ status: "approved", decidedBy: input.actor?.id ?? null, decidedAt: now, decisionNote: input.note ? storableText(input.note) : null })
        .where(and(eq(refundRequests.id, input.requestId), eq(refundRequests.status, "open")));
    }
    return { order: updated!, refund: refund! };
  });
}

/**
 * Step 4: applies a recorded refund: the goods taken back, the order.refunded event, the other open
 * request of a fully refunded order answered, the e-mail, the audit rows, `applied_at`; one
 * transaction under the refund's and the order's row locks. Idempotent: a refund applied already
 * (by the request that recorded it, or by the reconciler) is left alone and null returned.
 */
export async function applyRecordedRefund(deps: OrdersDeps, refundId: string, now = new Date()): Promise<Recorded | null> {
  const done = await deps.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!pending || pending.appliedAt) return null;
    // The order first, as every refund path locks it, then the refund row.
    const [order] = await tx.select().from(orders).where(eq(orders.id, pending.orderId)).for("update");
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!order || !refund || refund.appliedAt) return null;
    const amount = refund.amountMills;
    const refundedMills = refund.refundedTotalMills;
    const full = refundedMills >= order.amountMills;
    const actor = refund.actorUserId ? { id: refund.actorUserId, email: refund.actorEmail } : null;
    const taken = await takeBack(tx, order, amount, full, actor?.id ?? null, now);
    if (taken.reversal.shortfallMills) {
      deps.logger.error({ orderId: order.id, tranId: order.tranId, shortfallMills: taken.reversal.shortfallMills }, "top-up refunded at the provider after its credit was spent: shortfall recorded");
    }
    const [applied] = await tx
      .update(refunds)
      .set({ reversal: { ...taken.reversal }, appliedAt: now })
      .where(eq(refunds.id, refund.id))
      .returning();
    // The order.refunded webhook (and Telegram, if chosen), with the refund's application.
    await recordOrderRefunded(tx, order, { id: refund.id, amountMills: amount, source: refund.source, reason: refund.reason, refundedTotalMills: refundedMills });
    // The request this refund answers was approved with the record; a refund of all of it answers any other open one too.
    const [request] = refund.requestId ? await tx.select().from(refundRequests).where(eq(refundRequests.id, refund.requestId)) : [];
    if (request) {
      await tx.insert(auditLog).values({
        actorUserId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
        action: "refund_request.approve",
        targetType: "order",
        targetId: order.id,
        before: { status: "open" },
        after: { status: "approved", refundId: refund.id, amountMills: amount },
        note: request.decisionNote,
        createdAt: now,
      });
    } else if (full) {
      await tx
        .update(refundRequests)
        .set({ status: "approved", decidedBy: actor?.id ?? null, decidedAt: now, decisionNote: "Refunded in full." })
        .where(and(eq(refundRequests.orderId, order.id), eq(refundRequests.status, "open")));
    }
    const planMonths = await planMonthsOf(tx, order.planId);
    await enqueueEmail(tx, {
      to: order.email,
      template: "refund-made",
      timeZone: deps.shopTimeZone,
      fallbackLanguage: order.locale,
      props: {
        planMonths,
        amountMills: amount,
        orderAmountMills: order.amountMills,
        refundedMills,
        takenBack: taken.lines,
        approvedRequest: refund.source === "guarantee",
        note: request?.decisionNote ?? "",
        historyUrl: `${deps.baseUrl}/transactions-history`,
      },
    });
    // A gift's licence revoked (decision 079): its owner, the recipient, is told why (the payer is told above).
    const revoked = taken.reversal.licenceRevoked;
    if (revoked && order.giftEmail) await enqueueEmail(tx, giftRevokedNotice(deps, order, revoked.buyKey, planMonths));
    await tx.insert(auditLog).values({
      actorUserId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action: "order.refund",
      targetType: "order",
      targetId: order.id,
      before: { status: "paid", refundedMills: refundedMills - amount },
      after: { status: full ? "refunded" : "paid", refundedMills, amountMills: amount, source: refund.source, reversal: taken.reversal },
      note: refund.reason || null,
      createdAt: now,
    });
    return { order, refund: applied! };
  });
  if (done) {
    deps.logger.info({ orderId: done.order.id, amountMills: done.refund.amountMills, source: done.refund.source }, "refund applied");
    deps.onEmailQueued?.();
  }
  return done;
}

/** Applies a recorded refund now; a failure is logged and left to the reconciler (the refund stays recorded). */
export async function applyOrLeave(deps: OrdersDeps, recorded: Recorded, now: Date): Promise<RefundRow> {
  try {
    await applyRecordedRefund(deps, recorded.refund.id, now);
  } catch (err) {
    deps.logger.error({ err, orderId: recorded.order.id, refundId: recorded.refund.id }, "refund recorded, but taking the goods back failed: the reconciler applies it at its next pass");
  }
  // Whoever applied it (this call, or the reconciler racing it), the row as it is now.
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, recorded.refund.id));
  return row ?? recorded.refund;
}

/**
 * Records and applies a refund the provider made (see recordRefund and applyRecordedRefund). Returns
 * null when there was nothing (more) to record; the refund may come back not yet applied (appliedAt
 * null) when its application failed: the reconciler finishes it.
 */
export async function applyRefund(deps: OrdersDeps, input: RecordInput): Promise<Recorded | null> {
  const now = input.now ?? new Date();
  const recorded = await recordRefund(deps, { ...input, now });
  if (!recorded) return null;
  return { order: recorded.order, refund: await applyOrLeave(deps, recorded, now) };
}

/**
 * The reconciler's first duty each pass: refunds recorded whose goods were not taken back yet (a
 * failure after the provider refunded), oldest first. Each is applied once, whichever instance
 * gets there first.
 */
export async function applyRecordedRefunds(deps: OrdersDeps, now = new Date(), batch = 20): Promise<number> {
  const pending = await deps.db.select({ id: refunds.id, orderId: refunds.orderId }).from(refunds).where(isNull(refunds.appliedAt)).orderBy(asc(refunds.createdAt)).limit(batch);
  let applied = 0;
  for (const { id, orderId } of pending) {
    const done = await applyRecordedRefund(deps, id, now).catch((err) => {
      deps.logger.error({ err, orderId, refundId: id }, "a recorded refund could not be applied; will retry");
      return null;
    });
    if (done) applied++;
  }
  return applied;
}

/**
 * A refund made at the provider (its portal, or ours whose answer was lost): when the provider
 * says more was refunded than the order records, the difference is recorded and applied as a
 * "provider" refund. Throws when the provider cannot tell (the caller logs and tries again later).
 */
export async function syncProviderRefunds(deps: OrdersDeps, order: OrderRow, now = new Date()): Promise<OrderRow | null> {
  if (order.status !== "paid") return null;
  if (order.refundClaimUntil && order.refundClaimUntil > now) return null;
  const total = await deps.providers.of(order).refundedSoFar(paymentOf(order));
  if (total <= order.refundedMills) return null;
  const applied = await applyRefund(deps, { orderId: order.id, source: "provider", providerTotalMills: total, reason: "Refunded at the payment provider", actor: null, now });
  return applied?.order ?? null;
}
