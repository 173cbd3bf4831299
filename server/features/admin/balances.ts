// Manage Balances: users with their API keys, searched, sorted and paged by the database, and
// adjustments by a super-admin: one ledger row (reason admin_adjustment, the acting admin, the
// note) and one audit row, in one transaction, or nothing at all.
import { asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  BALANCE_MESSAGES,
  type AdjustBalanceResponse,
  type BalanceList,
  type BalanceListQuery,
} from "../../../contracts/admin";
import type { Db } from "../../db/client";
import { apiKeys, auditLog, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { changeBalance, revealApiKey } from "../balance/service";
import { recordBalanceLowIfBelow } from "../notifications/events";
import { apiKeyIdsMatching } from "./otp-transactions";
import { textSearch } from "../../db/text-search";
import { usersMatching } from "./users";
import { isUuid } from "../../../contracts/units";


function balanceFilter(search: string): SQL | undefined {
  if (!search.trim()) return undefined;
  const keyIds = apiKeyIdsMatching(search);
  return or(
    textSearch(search, {
      anywhere: [user.email, user.name],
      prefix: [user.email],
    }),
    keyIds
      ? sql`${user.id} in (select ${apiKeys.userId} from ${apiKeys} where ${apiKeys.id} in ${keyIds})`
      : undefined,
  );
}

/** The spec sorts by a user's highest key balance; a user has at most one key. Users without a key come last. */
function balanceOrder(sort: BalanceListQuery["sort"]): SQL[] {
  switch (sort) {
    case "balance_desc":
      return [sql`${apiKeys.balanceMills} desc nulls last`, asc(user.id)];
    case "balance_asc":
      return [sql`${apiKeys.balanceMills} asc nulls last`, asc(user.id)];
    case "none":
      return [desc(user.createdAt), desc(user.id)];
  }
}

type BalanceRow = {
  id: string;
  email: string;
  name: string;
  key: typeof apiKeys.$inferSelect | null;
};

/**
 * Sorted by balance without a search (decision 030): the keys in balance order from
 * api_keys_balance_{asc,desc}_idx, then the users without a key by id; no sort of every user.
 */
async function byBalance(
  db: Db,
  sort: "balance_desc" | "balance_asc",
  offset: number,
  limit: number,
): Promise<BalanceRow[]> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(apiKeys);
  const order =
    sort === "balance_desc"
      ? [desc(apiKeys.balanceMills), asc(apiKeys.userId)]
      : [asc(apiKeys.balanceMills), asc(apiKeys.userId)];
  // The page's owners from the index alone (index-only: balance, user_id), then their rows.
  const owners = db
    .select({ userId: apiKeys.userId })
    .from(apiKeys)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const keyed =
    offset < n
      ? await db
          .select({
            id: user.id,
            email: user.email,
            name: user.name,
            key: apiKeys,
          })
          .from(apiKeys)
          .innerJoin(user, eq(user.id, apiKeys.userId))
          .where(inArray(apiKeys.userId, owners))
          .orderBy(...order)
      : [];
  if (keyed.length === limit) return keyed;
  const keyless = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(
      sql`not exists (select 1 from ${apiKeys} where ${apiKeys.userId} = ${user.id})`,
    )
    .orderBy(asc(user.id))
    .limit(limit - keyed.length)
    .offset(Math.max(0, offset - Number(n)));
  return [...keyed, ...keyless.map((u) => ({ ...u, key: null }))];
}

export async function listBalances({
  db,
  secret,
  query,
}: {
  db: Db;
  secret: string;
  query: BalanceListQuery;
}): Promise<BalanceList> {
  const where = balanceFilter(query.search);
  const offset = (query.page - 1) * query.pageSize;
  const [rows, total] = await Promise.all([
    !query.search.trim() && query.sort !== "none"
      ? byBalance(db, query.sort, offset, query.pageSize)
      : db
          .select({
            id: user.id,
            email: user.email,
            name: user.name,
            key: apiKeys,
          })
          .from(user)
          .leftJoin(apiKeys, eq(apiKeys.userId, user.id))
          .where(where)
          .orderBy(...balanceOrder(query.sort))
          .limit(query.pageSize)
          .offset(offset),
    usersMatching(db, where),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      apiKeys: r.key
        ? [
            {
              id: r.key.id,
              key: revealApiKey(secret, r.key),
              balanceMills: r.key.balanceMills,
              isActive: r.key.isActive,
            },
          ]
        : [],
    })),
    ...total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface AdjustBalanceInput {
  db: Db;
  apiKeyId: string;
  operation: "add" | "subtract";
  amountMills: number;
  note?: string;
  actor: { id: string; email: string };
}

export async function adjustBalance({
  db,
  apiKeyId,
  operation,
  amountMills,
  note,
  actor,
}: AdjustBalanceInput): Promise<AdjustBalanceResponse> {
  if (!isUuid(apiKeyId))
    throw new AppError("API_KEY_NOT_FOUND", BALANCE_MESSAGES.notFound);
  if (!Number.isSafeInteger(amountMills) || amountMills <= 0)
    throw new AppError("VALIDATION_FAILED", BALANCE_MESSAGES.invalid, [
      { path: "amountMills", message: BALANCE_MESSAGES.invalid },
    ]);
  const deltaMills = operation === "add" ? amountMills : -amountMills;
  return db.transaction(async (tx) => {
    // A key that is gone (API_KEY_NOT_FOUND) or a subtraction below zero (INSUFFICIENT_FUNDS) passes through.
    const change = await changeBalance(tx, {
      apiKeyId,
      deltaMills,
      reason: "admin_adjustment",
      reference: `admin:${actor.id}`,
      actorUserId: actor.id,
      note: note || null,
    });
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: "balance.adjust",
      targetType: "api_key",
      targetId: apiKeyId,
      before: { balanceMills: change.balanceBeforeMills },
      after: { balanceMills: change.balanceAfterMills, deltaMills },
      note: note || null,
    });
    // A subtraction can leave the key low: balance.low, in this transaction.
    if (deltaMills < 0)
      await recordBalanceLowIfBelow(tx, {
        apiKeyId,
        balanceAfterMills: change.balanceAfterMills,
      });
    return {
      apiKeyId,
      operation,
      amountMills,
      balanceBeforeMills: change.balanceBeforeMills,
      balanceAfterMills: change.balanceAfterMills,
      message:
        operation === "add"
          ? BALANCE_MESSAGES.added
          : BALANCE_MESSAGES.subtracted,
    };
  });
}
