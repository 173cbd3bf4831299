// Buying an OTP mail address (and another code on one, a reorder): an address from the supplier
// first, then the debit and the order row in one transaction, so a supplier failure never charges;
// a retry with the same Idempotency-Key answers the earlier order.
import { isUniqueViolation } from "../../db/errors";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { OtpOrder } from "../../../contracts/otp-mail";
import { DEFAULT_OTP_SERVICE } from "../../../contracts/otp-services";
import type { Db } from "../../db/client";
import { queryRowsPrepared } from "../../db/prepared";
import { oneAtATime } from "../../lib/one-at-a-time";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { SupplierError } from "../../providers/mail-supplier/types";
import { balanceChangeSteps, explainRefusedChange, refuseChangedKey } from "../balance/service";
import { invalidApiKey } from "../../auth/api-key";
import { recordBalanceLowIfBelow, recordThrottledShopEvent } from "../notifications/events";
import { WRITER_SENDS_ACCOUNT_EVENTS } from "../events/notifier";
import { logSupplierFailure, type OrderRow, type OtpMailDeps, ownOrder, releaseAddress, serviceSettings, toOtpOrderDto } from "./service";

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
async function refuseBeforeBuying(deps: OtpMailDeps, input: { apiKeyId: string; keyHash?: string; idempotencyKey?: string }, priceMills: number): Promise<OrderRow | undefined> {
  const [key] = await deps.db
    .select({
      balanceMills: apiKeys.balanceMills,
      isActive: apiKeys.isActive,
      keyHash: apiKeys.keyHash,
      earlierOrderId: input.idempotencyKey
        ? sql<string | null>`(select o.id from ${otpMailOrders} o where o.api_key_id = ${apiKeys.id} and o.idempotency_key = ${input.idempotencyKey})`
        : sql<null>`null`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, input.apiKeyId));
  if (input.keyHash !== undefined && (!key || !key.isActive || key.keyHash !== input.keyHash)) throw invalidApiKey();
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
  input: {
    userId: string;
    apiKeyId: string;
    /** The presented key's hash when its owner came from the memo: the debit checks it (auth/api-key.ts). */
    keyHash?: string;
    service?: string;
    idempotencyKey?: string;
    reorderOf?: OrderRow;
  },
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
    // One statement per key at a time from this instance (one-at-a-time.ts).
    const [inserted] = await oneAtATime(input.apiKeyId, () => queryRowsPrepared<{ balance_after_mills: string | number }>(db, sql`
      with ${balanceChangeSteps({ apiKeyId: input.apiKeyId, keyHash: input.keyHash, deltaMills: -priceMills, reason: "otp_purchase", reference: id })},
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
      select balance_after_mills from created`));
    if (!inserted) {
      // Nothing debited. A remembered key that was regenerated or turned off since: refused as
      // the lookup would have refused it, before any replay or balance is told.
      if (input.keyHash !== undefined) await refuseChangedKey(db, input.apiKeyId, input.keyHash);
      // A replay of a purchase made when the balance still allowed it gets that order.
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
