// OTP mail orders: buy (an address from the supplier first, then debit and order row in one
// transaction, so a supplier failure never charges), check (codes from mail received since the
// purchase), cancel before a code (refunded), and expiry without a code (refunded, exactly once).
// Cancel and expiry give the address back to the supplier afterwards, best effort.
import { isUniqueViolation } from "../../db/errors";
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gte, lte, lt, sql, sum } from "drizzle-orm";
import type { OtpOrder } from "../../../contracts/otp-mail";
import { DEFAULT_OTP_SERVICE, isOtpServiceId, OTP_SERVICE_CATALOGUE, type OtpServiceId } from "../../../contracts/otp-services";
import type { OtpService } from "../../../contracts/otp-service-schemas";
import type { Db, Tx } from "../../db/client";
import { queryRowsPrepared } from "../../db/prepared";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { SupplierError, type MailSupplier } from "../../providers/mail-supplier/types";
import { balanceChangeSteps, changeBalance, explainRefusedChange } from "../balance/service";
import { collectCodes, FACEBOOK, siteProfile } from "./extract";
import { pruneOrderMessages, readOrderMessages, storeOrderMessages } from "./messages";
import { recordBalanceLowIfBelow, recordOtpCodeReceived, recordThrottledShopEvent } from "../notifications/events";
import { WRITER_SENDS_ACCOUNT_EVENTS, type AccountEventSink } from "../events/notifier";
import { isUuid } from "../../../contracts/units";

type OrderRow = typeof otpMailOrders.$inferSelect;

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
function logSupplierFailure(deps: OtpMailDeps, action: string, err: unknown) {
  const reason = err instanceof SupplierError ? err.reason : "bug";
  const level = reason === "bad_token" || reason === "bug" ? "error" : "warn";
  deps.logger?.[level]({ supplier: deps.supplier.id, reason, detail: err instanceof Error ? err.message : String(err) }, `OTP supplier: ${action} failed`);
}

/** An address from the supplier, or a refusal that says why; no money has moved yet. */
async function acquireAddress(deps: OtpMailDeps, service: string) {
  try {
    return await deps.supplier.acquire({ service });
  } catch (err) {
    logSupplierFailure(deps, "acquire", err);
    if (err instanceof SupplierError && err.reason === "no_stock") {
      await noteStockLow(deps, service);
      throw new AppError("OUT_OF_STOCK");
    }
    throw new AppError("SUPPLIER_FAILED");
  }
}

/** The same address again for another code (Kopeechka's reorder); no money has moved yet. */
async function reacquireAddress(deps: OtpMailDeps, first: OrderRow) {
  if (!first.address || !first.supplierRef || !deps.supplier.reorder) throw new AppError("NOT_PENDING", "This order's address cannot be reordered.");
  try {
    return await deps.supplier.reorder({ address: first.address, ref: first.supplierRef, service: first.service });
  } catch (err) {
    logSupplierFailure(deps, "reorder", err);
    if (err instanceof SupplierError && err.reason === "rejected") throw new AppError("NOT_PENDING", "The market refused another code on this address.");
    throw new AppError("SUPPLIER_FAILED");
  }
}

/**
 * Another code on the address of an order of the caller's, within or after its lifetime: a new
 * order linked to the first, at the first one's price, refunded once at expiry if nothing arrives.
 */
export async function reorderOtpMail(deps: OtpMailDeps, input: { userId: string; apiKeyId: string; id: string; idempotencyKey?: string }) {
  const first = await ownOrder(deps.db, input.userId, input.id);
  return buyOtpMail(deps, { userId: input.userId, apiKeyId: input.apiKeyId, idempotencyKey: input.idempotencyKey, reorderOf: first });
}

/** The seller hears that the supplier is out of stock, at most once an hour (otp.stock_low). */
async function noteStockLow(deps: OtpMailDeps, service: string) {
  await recordThrottledShopEvent(deps.db, { key: `otp.stock_low:${deps.supplier.id}`, everySeconds: 3600 }, { type: "otp.stock_low", subject: deps.supplier.id, data: { supplier: deps.supplier.id, service } }).catch(
    (err) => deps.logger?.warn({ err }, "otp.stock_low not recorded"),
  );
}

/**
 * After a purchase's debit (its own statement, committed): balance.low if the key is now below the
 * threshold. Keyed by the ledger (events.ts), so repeating it is harmless and a crash between the
 * two statements is made good by the key's next debit.
 */
async function noteBalanceAfterDebit(deps: OtpMailDeps, apiKeyId: string, balanceAfterMills: number) {
  if (deps.balanceLowMills !== undefined && balanceAfterMills >= deps.balanceLowMills) return;
  await recordBalanceLowIfBelow(deps.db, { apiKeyId, balanceAfterMills }).catch((err) => deps.logger?.warn({ err }, "balance.low not recorded"));
}

/** Gives an address back (cancel, expiry, a buy that could not be paid); never fails the caller. */
async function releaseAddress(deps: OtpMailDeps, ref: string | null) {
  if (!ref) return;
  await deps.supplier.release({ ref }).catch((err) => logSupplierFailure(deps, "release", err));
}

async function findByIdempotencyKey(db: Db, apiKeyId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(otpMailOrders)
    .where(and(eq(otpMailOrders.apiKeyId, apiKeyId), eq(otpMailOrders.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * One read answers both early questions: is this a retry of an earlier purchase (the same
 * Idempotency-Key: that order, before anything is bought or charged), and can the key pay? The
 * guarded debit stays the authority when buys race. The server needs the price; the spec's $0.05
 * minimum is the Buy button's rule in the UI (docs/decisions/007), so a balance of exactly 100
 * prices buys exactly 100 addresses.
 */
async function refuseBeforeBuying(deps: OtpMailDeps, input: { apiKeyId: string; idempotencyKey?: string }, priceMills: number): Promise<OrderRow | undefined> {
  const [key] = await deps.db
    .select({
      balanceMills: apiKeys.balanceMills,
      isActive: apiKeys.isActive,
      earlierOrderId: input.idempotencyKey
        ? sql<string | null>`(select o.id from ${otpMailOrders} o where o.api_key_id = ${apiKeys.id} and o.idempotency_key = ${input.idempotencyKey})`
        : sql<null>`null`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, input.apiKeyId));
  if (!key || !key.isActive) throw new AppError("API_KEY_NOT_FOUND");
  if (key.earlierOrderId && input.idempotencyKey) {
    const existing = await findByIdempotencyKey(deps.db, input.apiKeyId, input.idempotencyKey);
    if (existing) return existing;
  }
  if (key.balanceMills < priceMills) throw new AppError("INSUFFICIENT_FUNDS");
  return undefined;
}

export async function buyOtpMail(
  deps: OtpMailDeps,
  input: { userId: string; apiKeyId: string; service?: string; idempotencyKey?: string; reorderOf?: OrderRow },
): Promise<{ order: OtpOrder; replayed: boolean }> {
  const { db, supplier, costMills } = deps;
  const first = input.reorderOf;
  const service = first?.service ?? input.service ?? DEFAULT_OTP_SERVICE;
  const settings = serviceSettings(deps, service);
  // A reorder costs what the first order cost.
  const priceMills = first?.priceMills ?? settings.priceMills;
  const { lifetimeMinutes } = settings;
  // An address from an upstream market costs money: answer a replay and refuse a key that
  // cannot pay before buying one. Our own inbox's addresses cost nothing, so the purchase goes
  // straight to the one statement below, which refuses a key that cannot pay by itself and
  // finds a replayed Idempotency-Key through its unique index.
  if (!supplier.freeToAcquire) {
    const earlier = await refuseBeforeBuying(deps, input, priceMills);
    if (earlier) return { order: toOtpOrderDto(earlier), replayed: true };
  }

  // The address comes first and outside the transaction: a supplier call must not hold the
  // balance row lock, and a supplier that fails (no stock, down) leaves no debit and no ledger row
  // (docs/decisions/009). Mail counts from this moment on.
  const startedAt = new Date();
  const { address, ref } = first ? await reacquireAddress(deps, first) : await acquireAddress(deps, service);
  const id = randomUUID();
  const expiresAt = new Date(startedAt.getTime() + lifetimeMinutes * 60_000);
  try {
    // Debit, ledger row and order in ONE statement (atomic on its own: one round trip instead of
    // a transaction's four). The order is inserted from the ledger step, so it exists only if the
    // debit happened; a duplicate Idempotency-Key fails the whole statement. With an event sink the
    // statement tells the triggers that it announces itself (after commit, below).
    const { accountEvents } = deps;
    // Prepared once per connection on PostgreSQL: the text is the same for every purchase.
    const [inserted] = await queryRowsPrepared<{ balance_after_mills: string | number }>(db, sql`
      with ${balanceChangeSteps({ apiKeyId: input.apiKeyId, deltaMills: -priceMills, reason: "otp_purchase", reference: id })},
      writer as (${accountEvents ? WRITER_SENDS_ACCOUNT_EVENTS : sql`select null as quiet`}),
      created as (
        insert into otp_mail_orders (id, user_id, api_key_id, supplier, supplier_ref, address, service, price_mills, cost_mills,
          balance_before_mills, balance_after_mills, idempotency_key, created_at, expires_at, reorder_of)
        select ${id}::uuid, ${input.userId}, ${input.apiKeyId}::uuid, ${supplier.id}, ${ref}, ${address}, ${service}, ${priceMills}, ${costMills},
          balance_after_mills + ${priceMills}, balance_after_mills, ${input.idempotencyKey ?? null}, ${startedAt.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
          ${first?.id ?? null}::uuid
        from entry cross join writer
        returning balance_after_mills
      )
      select balance_after_mills from created`);
    if (!inserted) {
      // Nothing debited. A replay of a purchase made when the balance still allowed it gets that order.
      const earlier = input.idempotencyKey ? await findByIdempotencyKey(db, input.apiKeyId, input.idempotencyKey) : undefined;
      if (earlier) {
        await releaseAddress(deps, ref);
        return { order: toOtpOrderDto(earlier), replayed: true };
      }
      await explainRefusedChange(db, input.apiKeyId);
    }
    const balanceAfterMills = Number(inserted!.balance_after_mills);
    accountEvents?.notify(input.userId, "balance");
    accountEvents?.notify(input.userId, "otp");
    await noteBalanceAfterDebit(deps, input.apiKeyId, balanceAfterMills);
    const created: OrderRow = {
      id,
      userId: input.userId,
      apiKeyId: input.apiKeyId,
      address,
      supplier: supplier.id,
      supplierRef: ref,
      service,
      priceMills,
      costMills,
      codes: "",
      status: "pending",
      failureReason: null,
      balanceBeforeMills: balanceAfterMills + priceMills,
      balanceAfterMills,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: startedAt,
      expiresAt,
      completedAt: null,
      reorderOf: first?.id ?? null,
    };
    return { order: toOtpOrderDto(created), replayed: false };
  } catch (err) {
    // Nothing was charged (the transaction rolled back): the address goes back to the supplier.
    await releaseAddress(deps, ref);
    // A concurrent retry with the same idempotency key won the race: its order, not a second one.
    if (input.idempotencyKey && isUniqueViolation(err)) {
      const existing = await findByIdempotencyKey(db, input.apiKeyId, input.idempotencyKey);
      if (existing) return { order: toOtpOrderDto(existing), replayed: true };
    }
    // Lost a race for the balance, or the key is gone: INSUFFICIENT_FUNDS / API_KEY_NOT_FOUND pass through.
    throw err;
  }
}


async function ownOrder(db: Db | Tx, userId: string, id: string, lock = false) {
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

