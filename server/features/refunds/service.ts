// Refunds (decision 024; recorded first since decision 034). The money path of a refund the shop
// makes (an admin's, or an approved money-back request):
//   1. under the order's row lock: what is left to refund, the provider's 30 days, the goods can be taken
//      back (a top-up's balance holds the amount; a bulk order's partial refund, its unassigned
//      licences' worth: decision 080), no other refund under way or waiting to be applied;
//      then the order is claimed (refund_claim_until) and the transaction ends;
//   2. the provider is asked what it refunded so far (a refund made in its portal, or an earlier
//      attempt whose answer was lost, is recorded first and nothing more is refunded), then to refund;
//   3. on `refunded`, what the provider did is RECORDED at once, in a small transaction of its own that
//      no text can fail (recordRefund): the refund row (not yet applied), orders.refunded_mills (and
//      `refunded` once all of it is), the claim cleared, the answered request approved;
//   4. then APPLIED, in a second transaction (applyRecordedRefund): the goods taken back, the event,
//      the e-mail, the audit rows, `applied_at`. If that fails, the refund stays recorded and the
//      reconciler applies it at its next pass (every 10 s): applying is idempotent under the row locks.
//      If the record itself fails, the order's refund look is scheduled just after the claim lapses,
//      and the reconciler records what the provider says it refunded (minutes, not hours).
//   On `refused` the claim is released and nothing else changes; when the call throws (unknown
//   outcome) nothing is recorded and the claim lapses by itself, after which the reconciler's look at
//   the order (scheduled then) records a refund that went through.
// A refund made at the provider itself is recorded and applied the same way (source "provider"): the
// row lock and the refunded_mills comparison make replays and races no-ops.
// Steps 3 and 4 and the reconciler's side: record-and-apply.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import { type AdminRefundResponse, REFUND_MESSAGES, type Reversal } from "../../../contracts/refunds";
import { orders, refunds } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatMoney } from "../../../contracts/money";
import type { OrdersDeps } from "../orders/deps";
import type { OrderRow } from "../orders/dto";
import { balanceHolding } from "./reversal";
import { unassignedCount } from "./bulk-reversal";
import { isBulkOrder, unitPriceOf } from "../../../contracts/reseller";
import { DAY_MS, isUuid } from "../../../contracts/units";
import { applyOrLeave, applyRefund, paymentOf, recordRefund, type Recorded, type RefundActor, toRefundDto } from "./record-and-apply";

/** How long a refund's provider call may take before its claim lapses (the client gives up after 10 s). */
export const REFUND_CLAIM_MS = 2 * 60_000;
/** The payment provider refunds payments up to 30 days old. */
export const PROVIDER_REFUND_DAYS = 30;

/** Phase 1: the checks under the order's row lock, then the claim. */
async function claimRefund(deps: OrdersDeps, orderId: string, requested: number | undefined, now: Date): Promise<{ order: OrderRow; amountMills: number }> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    if (order.status !== "paid") throw new AppError("ORDER_NOT_REFUNDABLE", REFUND_MESSAGES.notPaid);
    const left = order.amountMills - order.refundedMills;
    const amountMills = requested ?? left;
    if (amountMills > left) throw new AppError("REFUND_TOO_LARGE", REFUND_MESSAGES.tooMuch(left));
    const paidAt = order.paidAt ?? order.createdAt;
    if (now.getTime() - paidAt.getTime() > PROVIDER_REFUND_DAYS * DAY_MS) throw new AppError("REFUND_WINDOW_CLOSED", REFUND_MESSAGES.tooOld);
    if (order.refundClaimUntil && order.refundClaimUntil > now) throw new AppError("REFUND_IN_PROGRESS", REFUND_MESSAGES.inProgress);
    // A refund recorded but not applied yet (its goods are still to be taken back: a top-up's balance
    // would be judged before its debit): the reconciler finishes it within seconds.
    const [unapplied] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), isNull(refunds.appliedAt)))
      .limit(1);
    if (unapplied) throw new AppError("REFUND_IN_PROGRESS", REFUND_MESSAGES.inProgress);
    const balance = await balanceHolding(tx, order);
    if (balance !== null && balance < amountMills) throw new AppError("REFUND_BALANCE_TOO_LOW", REFUND_MESSAGES.balanceTooLow(balance, amountMills));
    // A bulk order's partial refund takes back unassigned licences only, so it may be worth at most
    // those. Counted under this lock: an assignment holds the order's row FOR SHARE and is refused
    // once the claim below is set (reseller/assign.ts), so none slips in before the refund is applied.
    if (isBulkOrder(order) && amountMills < left) {
      const unassigned = await unassignedCount(tx, order.id);
      const worth = unassigned * unitPriceOf(order);
      if (amountMills > worth) throw new AppError("REFUND_ASSIGNED_LICENSES", REFUND_MESSAGES.assignedLicenses(unassigned, worth));
    }
    // The order's next look at the provider is just after the claim, set with it: a process killed
    // during the provider's call (no lookSoon then) leaves a refund there that is recorded within minutes.
    const [claimed] = await tx
      .update(orders)
      .set({ refundClaimUntil: new Date(now.getTime() + REFUND_CLAIM_MS), nextCheckAt: new Date(now.getTime() + REFUND_CLAIM_MS + 5_000) })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: claimed!, amountMills };
  });
}

async function releaseClaim(deps: OrdersDeps, orderId: string, extra: Partial<typeof orders.$inferInsert> = {}) {
  await deps.db
    .update(orders)
    .set({ refundClaimUntil: null, ...extra })
    .where(eq(orders.id, orderId));
}

/**
 * The provider may have refunded and nothing is recorded here: the claim is kept until it lapses and
 * the order's next refund look is scheduled just after it, so the reconciler records what the
 * provider says within minutes. Best effort: when even this write fails, the look keeps its
 * schedule (an hour to three days away) and the error is logged for the operator.
 */
async function lookSoon(deps: OrdersDeps, orderId: string, now: Date) {
  await deps.db
    .update(orders)
    .set({ nextCheckAt: new Date(now.getTime() + REFUND_CLAIM_MS + 5_000) })
    .where(eq(orders.id, orderId))
    .catch((err: unknown) => deps.logger.error({ err, orderId }, "refund: could not schedule the order's next look at the provider"));
}

export interface RefundInput {
  orderId: string;
  /** Default: all that is left. */
  amountMills?: number;
  reason: string;
  source: "admin" | "guarantee";
  actor: RefundActor;
  requestId?: string;
  note?: string;
  now?: Date;
}

/** The shop refunds (an admin, or an approved money-back request): the money path above. */
export async function refundOrder(deps: OrdersDeps, input: RefundInput): Promise<AdminRefundResponse> {
  const now = input.now ?? new Date();
  const { order, amountMills } = await claimRefund(deps, input.orderId, input.amountMills, now);
  const payment = paymentOf(order);

  // Refunded at the provider already (its portal, or a lost answer): record that, refund nothing more.
  let already: number;
  try {
    already = await deps.providers.of(order).refundedSoFar(payment);
  } catch (err) {
    deps.logger.warn({ err, orderId: order.id }, "refund: the provider could not say what was refunded; nothing done");
    await releaseClaim(deps, order.id);
    throw new AppError("PROVIDER_UNAVAILABLE", REFUND_MESSAGES.unreachable);
  }
  if (already > order.refundedMills) {
    try {
      await applyRefund(deps, { orderId: order.id, source: "provider", providerTotalMills: already, reason: "Refunded at the payment provider", actor: null, claimed: true, now });
    } catch (err) {
      await lookSoon(deps, order.id, now);
      throw err;
    }
    await releaseClaim(deps, order.id);
    throw new AppError("REFUND_ALREADY_MADE", REFUND_MESSAGES.alreadyAtProvider(already - order.refundedMills));
  }

  let outcome;
  try {
    outcome = await deps.providers.of(order).refund(payment, amountMills);
  } catch (err) {
    // Unknown: the refund may have been made. Record nothing; keep the claim until it lapses, then
    // the reconciler looks (scheduled just after) and records it if it went through.
    deps.logger.error({ err, orderId: order.id, amountMills }, "refund: no answer from the provider, outcome unknown");
    await lookSoon(deps, order.id, now);
    throw new AppError("REFUND_OUTCOME_UNKNOWN", REFUND_MESSAGES.unknown);
  }
  if (outcome.outcome === "refused") {
    await releaseClaim(deps, order.id);
    deps.logger.warn({ orderId: order.id, code: outcome.code, message: outcome.message }, "refund refused by the provider");
    throw new AppError("REFUND_REFUSED", REFUND_MESSAGES.providerRefused(`${outcome.message} (${outcome.code})`));
  }
  // The provider refunded: the record first, before anything that can still fail.
  let recorded: Recorded | null;
  try {
    recorded = await recordRefund(deps, { orderId: order.id, source: input.source, amountMills, reason: input.reason, actor: input.actor, requestId: input.requestId, note: input.note, claimed: true, now });
  } catch (err) {
    deps.logger.error({ err, orderId: order.id, amountMills }, "refund made at the provider, but recording it failed: the reconciler records it once the claim lapses");
    await lookSoon(deps, order.id, now);
    throw new AppError("REFUND_OUTCOME_UNKNOWN", REFUND_MESSAGES.notRecorded);
  }
  if (!recorded) {
    // Nothing left to record: the order was refunded meanwhile by a path that ignored the claim. Let the reconciler compare.
    deps.logger.error({ orderId: order.id, amountMills }, "refund made at the provider, but the order had nothing left to record it against");
    await lookSoon(deps, order.id, now);
    throw new AppError("REFUND_OUTCOME_UNKNOWN", REFUND_MESSAGES.notRecorded);
  }
  // Then the goods, the e-mail, the audit rows and the event; what fails here the reconciler finishes.
  const refund = await applyOrLeave(deps, recorded, now);
  return {
    refund: toRefundDto(refund),
    order: { id: recorded.order.id, status: recorded.order.status, amountMills: recorded.order.amountMills, refundedMills: recorded.order.refundedMills },
    message: refund.appliedAt ? refundSummary(refund.amountMills, (refund.reversal ?? {}) as Reversal) : REFUND_MESSAGES.recordedNotApplied(refund.amountMills),
  };
}

/** "$29.99 refunded; licence KS-… revoked." for the admin's toast. */
export function refundSummary(amountMills: number, reversal: Reversal): string {
  const dollars = (mills: number) => formatMoney(mills);
  const parts = [`${dollars(amountMills)} refunded`];
  if (reversal.licenceRevoked) parts.push(`licence ${reversal.licenceRevoked.buyKey} revoked`);
  if (reversal.licencesRevoked) {
    const { count, keptAssigned } = reversal.licencesRevoked;
    parts.push(`${count} licence${count === 1 ? "" : "s"} revoked${keptAssigned ? ` (${keptAssigned} assigned stay valid)` : ""}`);
  }
  if (reversal.daysRemoved) parts.push(`${reversal.daysRemoved.days} days taken off the licence`);
  if (reversal.balanceDebited) parts.push(`${dollars(reversal.balanceDebited.mills)} taken off the balance`);
  if (reversal.nothing && !reversal.licencesRevoked) parts.push(reversal.nothing);
  return `${parts.join("; ")}.`;
}

/** Refunds of the last 30 days that could not take back all of a top-up. */
export async function recentShortfalls(deps: Pick<OrdersDeps, "db">, now = new Date()) {
  const rows = await deps.db
    .select({ refund: refunds, tranId: orders.tranId, email: orders.email })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(sql`(${refunds.reversal} ->> 'shortfallMills')::bigint > 0`, sql`${refunds.createdAt} > ${new Date(now.getTime() - 30 * DAY_MS).toISOString()}::timestamptz`))
    .orderBy(sql`${refunds.createdAt} desc`)
    .limit(20);
  return rows.map((r) => ({
    refundId: r.refund.id,
    orderId: r.refund.orderId,
    tranId: r.tranId,
    email: r.email,
    amountMills: r.refund.amountMills,
    shortfallMills: Number((r.refund.reversal as Reversal | null)?.shortfallMills ?? 0),
    createdAt: r.refund.createdAt.toISOString(),
  }));
}
