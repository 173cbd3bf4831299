// The money-back guarantee (decision 024): the order's owner asks within site.config.json refundWindowDays of
// paying, with a reason; one open request per order (a unique partial index decides races);
// admins see the queue; a super-admin approves (the refund is made through the provider, source
// "guarantee", and the request is approved in the transaction that records the refund, decision 034)
// or declines with a note. Every step is e-mailed to the customer; decisions are audited.
import { and, asc, eq } from "drizzle-orm";
import { REFUND_MESSAGES, type AdminRefundRequest, type DecideRefundRequestResponse, type OwnRefundRequest, type RefundQueue } from "../../../contracts/refunds";
import type { CurrentUser } from "../../auth/context";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { auditLog, orders, refundRequests, refunds } from "../../db/schema";
import { recordRefundRequested } from "../notifications/events";
import { AppError } from "../../lib/errors";
import { enqueueEmail } from "../../providers/email/outbox";
import { planMonthsById, planMonthsOf } from "../plans/service";
import type { OrdersDeps } from "../orders/deps";
import type { OrderRow } from "../orders/dto";
import { requestableUntil } from "../orders/refund-window";
import { toRefundDto, type RefundActor } from "./record-and-apply";
import { recentShortfalls, refundOrder } from "./service";
import { isUuid } from "../../../contracts/units";


type RequestRow = typeof refundRequests.$inferSelect;

export function toOwnRequestDto(row: RequestRow): OwnRefundRequest {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function toAdminRequestDto(row: RequestRow, order: OrderRow, months: ReadonlyMap<string, number>): AdminRefundRequest {
  return {
    ...toOwnRequestDto(row),
    order: {
      id: order.id,
      tranId: order.tranId,
      kind: order.kind,
      email: order.email,
      planTitle: order.planTitle ?? "Balance Top Up",
      planMonths: order.planId ? (months.get(order.planId) ?? null) : null,
      amountMills: order.amountMills,
      refundedMills: order.refundedMills,
      status: order.status,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
  };
}

/** POST /api/orders/{id}/refund-requests: the owner (by account), within the window, one open at a time. */
export async function createRefundRequest(deps: OrdersDeps, user: CurrentUser, orderId: string, reason: string, now = new Date()): Promise<OwnRefundRequest> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  const created = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    if (order.status !== "paid" || order.refundedMills >= order.amountMills) throw new AppError("REFUND_NOT_REQUESTABLE", REFUND_MESSAGES.notRequestable);
    const until = requestableUntil(order, deps.refundWindowDays);
    if (!until || now >= until) throw new AppError("REFUND_WINDOW_PASSED", REFUND_MESSAGES.outsideWindow(deps.refundWindowDays));
    let row: RequestRow;
    try {
      // A savepoint: the unique index's refusal must not spoil the transaction's other statements.
      [row] = (await tx.transaction((sp) => sp.insert(refundRequests).values({ orderId: order.id, userId: user.id, reason, createdAt: now }).returning())) as [RequestRow];
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("REFUND_REQUEST_OPEN", REFUND_MESSAGES.requestOpen);
      throw err;
    }
    // The seller hears of it (Telegram's "refund request", if chosen) in the same transaction.
    await recordRefundRequested(tx, order, { id: row.id, reason });
    await enqueueEmail(tx, {
      to: order.email,
      template: "refund-request-received",
      timeZone: deps.shopTimeZone,
      fallbackLanguage: order.locale,
      props: { planMonths: await planMonthsOf(tx, order.planId), amountMills: order.amountMills - order.refundedMills, reason, historyUrl: `${deps.baseUrl}/transactions-history` },
    });
    return row;
  });
  deps.onEmailQueued?.();
  return toOwnRequestDto(created);
}

/** GET /api/admin/refund-requests: the open queue, oldest first, and recent shortfalls. */
export async function listRefundQueue(deps: OrdersDeps, now = new Date()): Promise<RefundQueue> {
  const [rows, shortfalls] = await Promise.all([
    deps.db
      .select({ request: refundRequests, order: orders })
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .where(eq(refundRequests.status, "open"))
      .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
      .limit(100),
    recentShortfalls(deps, now),
  ]);
  const months = await planMonthsById(deps.db, rows.map((r) => r.order.planId));
  return { requests: rows.map((r) => toAdminRequestDto(r.request, r.order, months)), shortfalls, windowDays: deps.refundWindowDays };
}

async function openRequest(db: Db, id: string): Promise<{ request: RequestRow; order: OrderRow }> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Refund request not found");
  const [row] = await db.select({ request: refundRequests, order: orders }).from(refundRequests).innerJoin(orders, eq(orders.id, refundRequests.orderId)).where(eq(refundRequests.id, id));
  if (!row) throw new AppError("NOT_FOUND", "Refund request not found");
  if (row.request.status !== "open") throw new AppError("REFUND_REQUEST_DECIDED", REFUND_MESSAGES.requestDecided);
  return row;
}

/** Approve: the refund is made (all that is left of the order); the request is answered with it. */
export async function approveRefundRequest(deps: OrdersDeps, actor: RefundActor, id: string, note: string): Promise<DecideRefundRequestResponse> {
  const { request } = await openRequest(deps.db, id);
  const result = await refundOrder(deps, { orderId: request.orderId, reason: `Money-back guarantee: ${request.reason}`, source: "guarantee", actor, requestId: request.id, note });
  const after = await openOrDecided(deps.db, id);
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, result.refund.id));
  return { request: after, refund: toRefundDto(refund!), message: `Approved: ${result.message}` };
}

async function openOrDecided(db: Db, id: string): Promise<AdminRefundRequest> {
  const [row] = await db.select({ request: refundRequests, order: orders }).from(refundRequests).innerJoin(orders, eq(orders.id, refundRequests.orderId)).where(eq(refundRequests.id, id));
  return toAdminRequestDto(row!.request, row!.order, await planMonthsById(db, [row!.order.planId]));
}

/** Decline with a note for the customer; e-mailed and audited in one transaction. */
export async function declineRefundRequest(deps: OrdersDeps, actor: RefundActor, id: string, note: string, now = new Date()): Promise<DecideRefundRequestResponse> {
  const { order } = await openRequest(deps.db, id);
  await deps.db.transaction(async (tx) => {
    const [declined] = await tx
      .update(refundRequests)
      .set({ status: "declined", decidedBy: actor.id, decidedAt: now, decisionNote: note || null })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, "open")))
      .returning();
    if (!declined) throw new AppError("REFUND_REQUEST_DECIDED", REFUND_MESSAGES.requestDecided);
    await enqueueEmail(tx, {
      to: order.email,
      template: "refund-request-declined",
      timeZone: deps.shopTimeZone,
      fallbackLanguage: order.locale,
      props: { planMonths: await planMonthsOf(tx, order.planId), amountMills: order.amountMills - order.refundedMills, note, historyUrl: `${deps.baseUrl}/transactions-history` },
    });
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: "refund_request.decline",
      targetType: "order",
      targetId: order.id,
      before: { status: "open" },
      after: { status: "declined" },
      note: note || null,
      createdAt: now,
    });
  });
  deps.onEmailQueued?.();
  return { request: await openOrDecided(deps.db, id), refund: null, message: "Declined: the customer was told by e-mail." };
}
