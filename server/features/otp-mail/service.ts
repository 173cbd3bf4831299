// OTP mail orders: buy (an address from the supplier first, then debit and order row in one
// transaction, so a supplier failure never charges), check (codes from mail received since the
// purchase), cancel before a code (refunded), and expiry without a code (refunded, exactly once).
// Cancel and expiry give the address back to the supplier afterwards, best effort.
// Buying and reordering: buy.ts.
import { and, count, desc, eq, gte, lt, lte, sql, sum } from "drizzle-orm";
import type { OtpOrder } from "../../../contracts/otp-mail";
import { isOtpServiceId, OTP_SERVICE_CATALOGUE, type OtpServiceId } from "../../../contracts/otp-services";
import type { OtpService } from "../../../contracts/otp-service-schemas";
import type { Db, Tx } from "../../db/client";
import { otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { type MailSupplier, SupplierError } from "../../providers/mail-supplier/types";
import { changeBalance } from "../balance/service";
import { collectCodes, FACEBOOK, siteProfile } from "./extract";
import { pruneOrderMessages, readOrderMessages, storeOrderMessages } from "./messages";
import { recordOtpCodeReceived } from "../notifications/events";
import type { AccountEventSink } from "../events/notifier";
import { isUuid } from "../../../contracts/units";

export type OrderRow = typeof otpMailOrders.$inferSelect;

export interface OtpMailDeps {
  db: Db;
  supplier: MailSupplier;
  priceMills: number;
  costMills: number;
  lifetimeMinutes: number;
  /** Per-service price and lifetime (the catalogue's settings); a service missing here uses priceMills/lifetimeMinutes. */
  services?: Partial<Record<OtpServiceId, { priceMills: number; lifetimeMinutes: number }>>;
  /** Hours an order's messages are kept after it expires. */
  messageRetentionHours?: number;
  logger?: Logger;
  /**
   * BALANCE_LOW_THRESHOLD in mills: a purchase that leaves the key at or above it skips the
   * balance.low check (one statement saved on the hot path). Unset: always checked.
   */
  balanceLowMills?: number;
  /**
   * Announces a purchase's balance and order to the live account stream after its commit, batched
   * (decision 048). Unset: the database triggers announce it inside the purchase's transaction.
   */
  accountEvents?: AccountEventSink;
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
    reorderOf: row.reorderOf,
  };
}

/** A service's price and lifetime; an unknown service is refused (422). */
export function serviceSettings(deps: OtpMailDeps, service: string): { priceMills: number; lifetimeMinutes: number } {
  if (!isOtpServiceId(service)) throw new AppError("VALIDATION_FAILED", `No OTP service "${service}".`);
  return deps.services?.[service] ?? { priceMills: deps.priceMills, lifetimeMinutes: deps.lifetimeMinutes };
}

/** The catalogue as buyers see it: each service's price, lifetime, sender domains and availability. */
export function listOtpServices(deps: OtpMailDeps): OtpService[] {
  return OTP_SERVICE_CATALOGUE.map((entry) => {
    const { priceMills, lifetimeMinutes } = serviceSettings(deps, entry.id);
    const profile = siteProfile(entry.id);
    return {
      id: entry.id,
      name: entry.name,
      priceMills,
      lifetimeMinutes,
      senderDomains: profile?.senderDomains ?? [],
      // The supplier tells whether it serves the site: our inbox serves every site; an upstream market every site we map.
      available: deps.supplier.serves?.(entry.id) ?? true,
    };
  });
}

/** Marks a pending order failed and refunds it; the status guard makes the refund happen once. */
async function failAndRefund(tx: Tx, order: OrderRow, reason: "expired" | "cancelled") {
  const [failed] = await tx
    .update(otpMailOrders)
    .set({ status: "failed", failureReason: reason, completedAt: new Date() })
    .where(and(eq(otpMailOrders.id, order.id), eq(otpMailOrders.status, "pending")))
    .returning();
  if (!failed) return null;
  await changeBalance(tx, { apiKeyId: order.apiKeyId, deltaMills: order.priceMills, reason: "otp_refund", reference: order.id, note: reason });
  return failed;
}

/** Logs a supplier failure: SupplierError messages are safe to log (no token, no URL). */
export function logSupplierFailure(deps: OtpMailDeps, action: string, err: unknown) {
  const reason = err instanceof SupplierError ? err.reason : "bug";
  const level = reason === "bad_token" || reason === "bug" ? "error" : "warn";
  deps.logger?.[level]({ supplier: deps.supplier.id, reason, detail: err instanceof Error ? err.message : String(err) }, `OTP supplier: ${action} failed`);
}

/** Gives an address back (cancel, expiry, a buy that could not be paid); never fails the caller. */
export async function releaseAddress(deps: OtpMailDeps, ref: string | null) {
  if (!ref) return;
  await deps.supplier.release({ ref }).catch((err) => logSupplierFailure(deps, "release", err));
}



export async function ownOrder(db: Db | Tx, userId: string, id: string, lock = false) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Order not found");
  const query = db.select().from(otpMailOrders).where(and(eq(otpMailOrders.id, id), eq(otpMailOrders.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return row;
}

/** An order of the caller's as stored (no mailbox read): one indexed query. */
export async function getOtpOrder(deps: OtpMailDeps, input: { userId: string; id: string }): Promise<OtpOrder> {
  return toOtpOrderDto(await ownOrder(deps.db, input.userId, input.id));
}

/** Reads the mailbox and records every code since the purchase (latest last). */
export async function checkOtpMail(deps: OtpMailDeps, input: { userId: string; id: string }): Promise<OtpOrder> {
  const order = await ownOrder(deps.db, input.userId, input.id);
  if (order.status === "failed" || !order.address || !order.supplierRef) return toOtpOrderDto(order);
  let messages: Awaited<ReturnType<MailSupplier["messages"]>>;
  try {
    messages = await deps.supplier.messages({ address: order.address, ref: order.supplierRef, since: order.createdAt, service: order.service });
  } catch (err) {
    if (!(err instanceof SupplierError)) throw err;
    logSupplierFailure(deps, "messages", err);
    throw new AppError("SUPPLIER_FAILED", "The mailbox could not be read right now. Please try again shortly.");
  }
  const relevant = messages.filter((m) => m.receivedAt.getTime() >= order.createdAt.getTime());
  await storeOrderMessages(deps.db, order, relevant, deps.messageRetentionHours ?? 24);
  const codes = collectCodes(siteProfile(order.service) ?? FACEBOOK, relevant, order.createdAt).join(",");
  if (!codes || codes === order.codes) return toOtpOrderDto(order);
  // A code that arrives after expiry still counts if the order was not failed yet (late mail).
  // The first code also makes otp.code_received, in the same transaction (once per order).
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(otpMailOrders)
      .set({ codes, status: "success", completedAt: order.completedAt ?? new Date() })
      .where(and(eq(otpMailOrders.id, order.id), sql`${otpMailOrders.status} <> 'failed'`))
      .returning();
    if (row) await recordOtpCodeReceived(tx, row);
    return row;
  });
  return toOtpOrderDto(updated ?? order);
}

export async function cancelOtpMail(deps: OtpMailDeps, input: { userId: string; id: string }): Promise<OtpOrder> {
  const checked = await checkOtpMail(deps, input); // a code that already arrived blocks the cancel
  if (checked.status === "success") throw new AppError("ORDER_HAS_CODE");
  if (checked.status === "failed") throw new AppError("NOT_PENDING");
  const failed = await deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, input.userId, input.id, true);
    return failAndRefund(tx, order, "cancelled");
  });
  if (!failed) throw new AppError("NOT_PENDING");
  await releaseAddress(deps, failed.supplierRef);
  return toOtpOrderDto(failed);
}

/** The whole messages of an order of the caller's (the mailbox is read first while the order is open). */
export async function otpOrderMessages(deps: OtpMailDeps, input: { userId: string; id: string }) {
  const order = await ownOrder(deps.db, input.userId, input.id);
  if (order.status === "pending") await checkOtpMail(deps, input).catch((err) => {
    if (!(err instanceof AppError && err.code === "SUPPLIER_FAILED")) throw err;
  });
  return readOrderMessages(deps.db, order.id);
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
    if (done) {
      expired++;
      await releaseAddress(deps, done.supplierRef);
    }
  }
  // Messages past their retention go in the same pass.
  await pruneOrderMessages(deps.db, now).catch((err) => deps.logger?.warn({ err }, "OTP messages not pruned"));
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
