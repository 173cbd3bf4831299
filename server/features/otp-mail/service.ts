// OTP mail orders: buy (debit and order row in one transaction, then an address from the
// supplier; refunded at once if the supplier fails), check (codes from mail received since the
// purchase), cancel before a code (refunded), and expiry without a code (refunded, exactly once).
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gte, lte, lt, sql, sum } from "drizzle-orm";
import type { OtpOrder } from "../../../contracts/otp-mail";
import type { Db, Tx } from "../../db/client";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { MailSupplier } from "../../providers/mail-supplier/types";
import { changeBalance } from "../balance/service";
import { collectCodes, FACEBOOK } from "./extract";

type OrderRow = typeof otpMailOrders.$inferSelect;

export interface OtpMailDeps {
  db: Db;
  supplier: MailSupplier;
  priceMills: number;
  costMills: number;
  lifetimeMinutes: number;
}

export function toOtpOrderDto(row: OrderRow): OtpOrder {
  const codes = row.codes ? row.codes.split(",") : [];
  return {
    id: row.id,
    address: row.address,
    service: row.service,
    priceMills: row.priceMills,
    codes: row.codes,
    latestCode: codes.at(-1) ?? null,
    status: row.status,
    failureReason: row.failureReason,
    balanceBeforeMills: row.balanceBeforeMills,
    balanceAfterMills: row.balanceAfterMills,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Marks a pending order failed and refunds it; the status guard makes the refund happen once. */
async function failAndRefund(tx: Tx, order: OrderRow, reason: "expired" | "cancelled" | "provider_error") {
  const [failed] = await tx
    .update(otpMailOrders)
    .set({ status: "failed", failureReason: reason, completedAt: new Date() })
    .where(and(eq(otpMailOrders.id, order.id), eq(otpMailOrders.status, "pending")))
    .returning();
  if (!failed) return null;
  await changeBalance(tx, { apiKeyId: order.apiKeyId, deltaMills: order.priceMills, reason: "otp_refund", reference: order.id, note: reason });
  return failed;
}

export async function buyOtpMail(
  deps: OtpMailDeps,
  input: { userId: string; apiKeyId: string; service?: string; idempotencyKey?: string },
): Promise<{ order: OtpOrder; replayed: boolean }> {
  const { db, supplier, priceMills, costMills, lifetimeMinutes } = deps;
  const service = input.service ?? "facebook";
  const id = randomUUID();
  let created: OrderRow;
  try {
    created = await db.transaction(async (tx) => {
      const [key] = await tx.select({ balanceMills: apiKeys.balanceMills, isActive: apiKeys.isActive }).from(apiKeys).where(eq(apiKeys.id, input.apiKeyId));
      if (!key || !key.isActive) throw new AppError("API_KEY_NOT_FOUND", "API key not found", 404);
      // The server needs the price; the spec's $0.05 minimum is the Buy button's rule in the UI
      // (docs/decisions/007), so a balance of exactly 100 prices buys exactly 100 addresses.
      if (key.balanceMills < priceMills) throw new AppError("INSUFFICIENT_FUNDS", "Insufficient funds", 402);
      const { balanceBeforeMills, balanceAfterMills } = await changeBalance(tx, {
        apiKeyId: input.apiKeyId,
        deltaMills: -priceMills,
        reason: "otp_purchase",
        reference: id,
      });
      const [row] = await tx
        .insert(otpMailOrders)
        .values({
          id,
          userId: input.userId,
          apiKeyId: input.apiKeyId,
          supplier: supplier.id,
          service,
          priceMills,
          costMills,
          balanceBeforeMills,
          balanceAfterMills,
          idempotencyKey: input.idempotencyKey ?? null,
          expiresAt: new Date(Date.now() + lifetimeMinutes * 60_000),
        })
        .returning();
      return row!;
    });
  } catch (err) {
    // The same idempotency key again: the first order, not a second charge.
    if (input.idempotencyKey && isUniqueViolation(err)) {
      const [existing] = await db
        .select()
        .from(otpMailOrders)
        .where(and(eq(otpMailOrders.apiKeyId, input.apiKeyId), eq(otpMailOrders.idempotencyKey, input.idempotencyKey)));
      if (existing) return { order: toOtpOrderDto(existing), replayed: true };
    }
    if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") throw new AppError("INSUFFICIENT_FUNDS", "Insufficient funds", 402);
    throw err;
  }

  try {
    const { address, ref } = await supplier.acquire({ service });
    const [withAddress] = await db
      .update(otpMailOrders)
      .set({ address, supplierRef: ref })
      .where(eq(otpMailOrders.id, created.id))
      .returning();
    return { order: toOtpOrderDto(withAddress!), replayed: false };
  } catch (err) {
    await db.transaction((tx) => failAndRefund(tx, created, "provider_error"));
    const message = err instanceof Error ? err.message : "The mail supplier failed";
    throw new AppError("SUPPLIER_FAILED", `No address could be bought (${message}). You were refunded.`, 503);
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function ownOrder(db: Db | Tx, userId: string, id: string, lock = false) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "Order not found");
  const query = db.select().from(otpMailOrders).where(and(eq(otpMailOrders.id, id), eq(otpMailOrders.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return row;
}

/** Reads the mailbox and records every code since the purchase (latest last). */
export async function checkOtpMail(deps: OtpMailDeps, input: { userId: string; id: string }): Promise<OtpOrder> {
  const order = await ownOrder(deps.db, input.userId, input.id);
  if (order.status === "failed" || !order.address || !order.supplierRef) return toOtpOrderDto(order);
  const messages = await deps.supplier.messages({ address: order.address, ref: order.supplierRef, since: order.createdAt });
  const codes = collectCodes(FACEBOOK, messages, order.createdAt).join(",");
  if (!codes || codes === order.codes) return toOtpOrderDto(order);
  // A code that arrives after expiry still counts if the order was not failed yet (late mail).
  const [updated] = await deps.db
    .update(otpMailOrders)
    .set({ codes, status: "success", completedAt: order.completedAt ?? new Date() })
    .where(and(eq(otpMailOrders.id, order.id), sql`${otpMailOrders.status} <> 'failed'`))
    .returning();
  return toOtpOrderDto(updated ?? order);
}

export async function cancelOtpMail(deps: OtpMailDeps, input: { userId: string; id: string }): Promise<OtpOrder> {
  const checked = await checkOtpMail(deps, input); // a code that already arrived blocks the cancel
  if (checked.status === "success") throw new AppError("ORDER_HAS_CODE", "A code has arrived: this order can no longer be cancelled.", 409);
  if (checked.status === "failed") throw new AppError("NOT_PENDING", "This order is already closed.", 409);
  const failed = await deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, input.userId, input.id, true);
    return failAndRefund(tx, order, "cancelled");
  });
  if (!failed) throw new AppError("NOT_PENDING", "This order is already closed.", 409);
  return toOtpOrderDto(failed);
}

/**
 * The expiry worker: pending orders past their time get one last look for a code, then are failed
 * and refunded. SKIP LOCKED lets several workers (or instances) run at once without double refunds.
 */
export async function expireOtpOrders(deps: OtpMailDeps, now = new Date(), batch = 50): Promise<number> {
  const due = await deps.db
    .select()
    .from(otpMailOrders)
    .where(and(eq(otpMailOrders.status, "pending"), lt(otpMailOrders.expiresAt, now)))
    .limit(batch);
  let expired = 0;
  for (const candidate of due) {
    if (candidate.address && candidate.userId) {
      const checked = await checkOtpMail(deps, { userId: candidate.userId, id: candidate.id }).catch(() => null);
      if (checked?.status === "success") continue;
    }
    const done = await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(otpMailOrders)
        .where(and(eq(otpMailOrders.id, candidate.id), eq(otpMailOrders.status, "pending")))
        .for("update", { skipLocked: true });
      return locked ? failAndRefund(tx, locked, "expired") : null;
    });
    if (done) expired++;
  }
  return expired;
}

export async function listOtpOrders(
  db: Db,
  input: { userId?: string; apiKeyId?: string; from?: Date; to?: Date; page: number; pageSize: number },
) {
  const where = and(
    input.userId ? eq(otpMailOrders.userId, input.userId) : undefined,
    input.apiKeyId ? eq(otpMailOrders.apiKeyId, input.apiKeyId) : undefined,
    input.from ? gte(otpMailOrders.createdAt, input.from) : undefined,
    input.to ? lte(otpMailOrders.createdAt, input.to) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(otpMailOrders).where(where).orderBy(desc(otpMailOrders.createdAt), desc(otpMailOrders.id)).limit(input.pageSize).offset((input.page - 1) * input.pageSize),
    db
      .select({ n: count(), spent: sum(sql`case when ${otpMailOrders.status} <> 'failed' then ${otpMailOrders.priceMills} else 0 end`) })
      .from(otpMailOrders)
      .where(where),
  ]);
  return {
    orders: rows.map(toOtpOrderDto),
    total: Number(totals[0]?.n ?? 0),
    totalSpentMills: Number(totals[0]?.spent ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/**
 * Mail just arrived for `address`: if it belongs to an open order, record its codes now, so the
 * order updates by itself (the dashboard sees it on its next refresh, the API on its next read).
 */
export async function recordMailArrival(deps: OtpMailDeps, address: string): Promise<OtpOrder | null> {
  const [order] = await deps.db
    .select({ id: otpMailOrders.id, userId: otpMailOrders.userId })
    .from(otpMailOrders)
    .where(and(eq(sql`lower(${otpMailOrders.address})`, address.toLowerCase()), sql`${otpMailOrders.status} <> 'failed'`))
    .orderBy(desc(otpMailOrders.createdAt))
    .limit(1);
  if (!order?.userId) return null;
  return checkOtpMail(deps, { userId: order.userId, id: order.id });
}

