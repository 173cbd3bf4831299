// API keys and the balance ledger. Every balance change is one guarded UPDATE plus one ledger row
// in the same transaction: the balance never goes below zero and always equals its ledger's sum.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { API_KEY_ALPHABET, API_KEY_LENGTH } from "../../../contracts/account";
import type { Db, Tx } from "../../db/client";
import { apiKeys, balanceLedger } from "../../db/schema";
import { decryptSecret, encryptSecret, hashApiKey, randomString } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { invalidApiKey } from "../../auth/api-key";

const PURPOSE = "api-key";
export type LedgerReason = (typeof balanceLedger.$inferInsert)["reason"];
type ApiKeyRow = typeof apiKeys.$inferSelect;

export function generateApiKey(): string {
  return randomString(API_KEY_ALPHABET, API_KEY_LENGTH);
}

export { hashApiKey };

/** The user's key, created on first need (the spec inserts one with balance 0 when none exists). */
export async function ensureApiKey({ db, secret, userId }: { db: Db | Tx; secret: string; userId: string }): Promise<ApiKeyRow> {
  const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
  if (existing) return existing;
  const key = generateApiKey();
  await db
    .insert(apiKeys)
    .values({ userId, keyHash: hashApiKey(key), keyEncrypted: encryptSecret(secret, PURPOSE, key) })
    .onConflictDoNothing({ target: apiKeys.userId });
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
  return row!;
}

export function revealApiKey(secret: string, row: ApiKeyRow): string {
  return decryptSecret(secret, PURPOSE, row.keyEncrypted);
}

/** A new key for the same balance; the old key stops working at once. */
export async function regenerateApiKey({ db, secret, userId }: { db: Db; secret: string; userId: string }): Promise<ApiKeyRow> {
  await ensureApiKey({ db, secret, userId });
  const key = generateApiKey();
  const [row] = await db
    .update(apiKeys)
    .set({ keyHash: hashApiKey(key), keyEncrypted: encryptSecret(secret, PURPOSE, key), updatedAt: new Date() })
    .where(eq(apiKeys.userId, userId))
    .returning();
  return row!;
}

export interface BalanceChange {
  apiKeyId: string;
  deltaMills: number;
  reason: LedgerReason;
  reference?: string | null;
  actorUserId?: string | null;
  note?: string | null;
  /**
   * The API key the caller presented, when its owner came from the purchase's memo
   * (auth/api-key.ts): the change applies only while the key still has this hash and is active.
   */
  keyHash?: string;
}

/**
 * Applies a change inside the caller's transaction. The guard in the UPDATE makes concurrent
 * debits safe without a prior read: a debit that would go below zero changes nothing.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<{ balanceBeforeMills: number; balanceAfterMills: number }> {
  // One statement, one round trip: the guarded update and its ledger row.
  const result = await tx.execute(sql`with ${balanceChangeSteps(change)} select balance_after_mills from entry`);
  const row = (result as unknown as { rows: Array<{ balance_after_mills: string | number }> }).rows[0];
  if (!row) await explainRefusedChange(tx, change.apiKeyId);
  const balanceAfterMills = Number(row!.balance_after_mills);
  return { balanceBeforeMills: balanceAfterMills - change.deltaMills, balanceAfterMills };
}

/**
 * The balance change as two CTEs for a caller's statement: `changed` (the guarded update) and
 * `entry` (its ledger row, with balance_after_mills). Both exist or neither: a change that would
 * go below zero updates nothing and so writes no ledger row. A caller that adds its own rows
 * (an OTP purchase adds its order) selects from `entry`, so they too exist only with the change.
 */
export function balanceChangeSteps(change: BalanceChange): SQL {
  // The callers validated the amount; anything else here is a bug (500), not the client's fault.
  if (!Number.isSafeInteger(change.deltaMills) || change.deltaMills === 0) throw new RangeError(`Invalid balance change: ${change.deltaMills} mills`);
  return sql`
    changed as (
      update api_keys set balance_mills = balance_mills + ${change.deltaMills}, updated_at = now()
      where id = ${change.apiKeyId}::uuid and balance_mills + ${change.deltaMills} >= 0${change.keyHash === undefined ? sql`` : sql` and key_hash = ${change.keyHash} and is_active`}
      returning balance_mills
    ),
    entry as (
      insert into balance_ledger (api_key_id, delta_mills, balance_after_mills, reason, reference, actor_user_id, note)
      select ${change.apiKeyId}::uuid, ${change.deltaMills}, balance_mills, ${change.reason}, ${change.reference ?? null}, ${change.actorUserId ?? null}, ${change.note ?? null}
      from changed
      returning balance_after_mills
    )`;
}

/**
 * A change that wrote nothing: the key is gone (API_KEY_NOT_FOUND) or the balance cannot pay for
 * the debit (INSUFFICIENT_FUNDS, 402). Every caller (an OTP purchase, an admin's subtraction) lets
 * these pass through as they are.
 */
export async function explainRefusedChange(db: Db | Tx, apiKeyId: string): Promise<never> {
  const [exists] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
  if (!exists) throw new AppError("API_KEY_NOT_FOUND");
  throw new AppError("INSUFFICIENT_FUNDS");
}

/**
 * A change given `keyHash` that wrote nothing because the key is no longer the one presented
 * (regenerated) or is turned off: the caller is told so (401), as the key's lookup would have.
 */
export async function refuseChangedKey(db: Db | Tx, apiKeyId: string, keyHash: string): Promise<void> {
  const [key] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.keyHash, keyHash), eq(apiKeys.isActive, true)));
  if (!key) throw invalidApiKey();
}

/** Keys whose balance differs from the sum of their ledger (should always be none). */
export async function findLedgerMismatches({ db }: { db: Db }) {
  const result = await db.execute(sql`
    select k.id, k.balance_mills as balance, coalesce(sum(l.delta_mills), 0) as ledger
    from api_keys k left join balance_ledger l on l.api_key_id = k.id
    group by k.id, k.balance_mills
    having k.balance_mills <> coalesce(sum(l.delta_mills), 0)`);
  return (result as unknown as { rows: Array<{ id: string; balance: string | number; ledger: string | number }> }).rows.map((r) => ({
    id: r.id,
    balanceMills: Number(r.balance),
    ledgerMills: Number(r.ledger),
  }));
}
