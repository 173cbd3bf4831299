// API keys and the balance ledger. Every balance change is one guarded UPDATE plus one ledger row
// in the same transaction: the balance never goes below zero and always equals its ledger's sum.
import { eq, sql } from "drizzle-orm";
import { API_KEY_ALPHABET, API_KEY_LENGTH } from "../../../contracts/account";
import type { Db, Tx } from "../../db/client";
import { apiKeys, balanceLedger } from "../../db/schema";
import { decryptSecret, encryptSecret, randomString, sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";

const PURPOSE = "api-key";
export type LedgerReason = (typeof balanceLedger.$inferInsert)["reason"];
type ApiKeyRow = typeof apiKeys.$inferSelect;

export function generateApiKey(): string {
  return randomString(API_KEY_ALPHABET, API_KEY_LENGTH);
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

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

export async function findActiveApiKey({ db, key }: { db: Db; key: string }): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(key)));
  return row && row.isActive ? row : null;
}

export interface BalanceChange {
  apiKeyId: string;
  deltaMills: number;
  reason: LedgerReason;
  reference?: string | null;
  actorUserId?: string | null;
  note?: string | null;
}

/**
 * Applies a change inside the caller's transaction. The guard in the UPDATE makes concurrent
 * debits safe without a prior read: a debit that would go below zero changes nothing.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<{ balanceBeforeMills: number; balanceAfterMills: number }> {
  if (!Number.isSafeInteger(change.deltaMills) || change.deltaMills === 0) throw new AppError("BAD_REQUEST", "Invalid amount");
  const [row] = await tx
    .update(apiKeys)
    .set({ balanceMills: sql`${apiKeys.balanceMills} + ${change.deltaMills}`, updatedAt: new Date() })
    .where(sql`${apiKeys.id} = ${change.apiKeyId} and ${apiKeys.balanceMills} + ${change.deltaMills} >= 0`)
    .returning({ balanceMills: apiKeys.balanceMills });
  if (!row) {
    const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, change.apiKeyId));
    if (!exists) throw new AppError("NOT_FOUND", "API key not found");
    throw new AppError("INSUFFICIENT_FUNDS", "Insufficient funds", 409);
  }
  await tx.insert(balanceLedger).values({
    apiKeyId: change.apiKeyId,
    deltaMills: change.deltaMills,
    balanceAfterMills: row.balanceMills,
    reason: change.reason,
    reference: change.reference ?? null,
    actorUserId: change.actorUserId ?? null,
    note: change.note ?? null,
  });
  return { balanceBeforeMills: row.balanceMills - change.deltaMills, balanceAfterMills: row.balanceMills };
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
