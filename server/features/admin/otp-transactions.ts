// Gmail OTP transactions for admins: every user's OTP mail orders, searched, dated, totalled and
// paged by the database. Revenue is profit: (price − cost) of each successful order, in mills.
import { and, count, desc, eq, gte, lte, or, sql, sum, type SQL } from "drizzle-orm";
import type { AdminOtpList, AdminOtpQuery } from "../../../contracts/admin";
import { API_KEY_LENGTH } from "../../../contracts/account";
import type { Db } from "../../db/client";
import { apiKeys, otpMailOrders, user } from "../../db/schema";
import { hashApiKey } from "../balance/service";
import { toOtpOrderDto } from "../otp-mail/service";
import { textSearch } from "../../db/text-search";

const WHOLE_KEY = new RegExp(`^[A-Za-z0-9]{${API_KEY_LENGTH}}$`);

/**
 * Keys are stored hashed (lookup) and encrypted (display), never in clear, so a key matches when
 * it is typed whole (any letter case); a part of a key cannot be searched for.
 */
export function apiKeyIdsMatching(term: string): SQL | null {
  if (!WHOLE_KEY.test(term)) return null;
  return sql`(select ${apiKeys.id} from ${apiKeys} where ${apiKeys.keyHash} = ${hashApiKey(term.toUpperCase())})`;
}

function otpFilter(q: Pick<AdminOtpQuery, "search" | "from" | "to">): SQL | undefined {
  const keyIds = apiKeyIdsMatching(q.search);
  return and(
    q.search.trim()
      ? or(
          textSearch(q.search, { anywhere: [otpMailOrders.address, otpMailOrders.service], prefix: [otpMailOrders.address] }),
          keyIds ? sql`${otpMailOrders.apiKeyId} in ${keyIds}` : undefined,
        )
      : undefined,
    q.from ? gte(otpMailOrders.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(otpMailOrders.createdAt, new Date(q.to)) : undefined,
  );
}

export async function listOtpTransactions(db: Db, q: AdminOtpQuery): Promise<AdminOtpList> {
  const where = otpFilter(q);
  const [rows, totals] = await Promise.all([
    db
      .select({ order: otpMailOrders, userEmail: user.email })
      .from(otpMailOrders)
      .leftJoin(user, eq(user.id, otpMailOrders.userId))
      .where(where)
      .orderBy(desc(otpMailOrders.createdAt), desc(otpMailOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        n: count(),
        spent: sum(sql`case when ${otpMailOrders.status} <> 'failed' then ${otpMailOrders.priceMills} else 0 end`),
        revenue: sum(sql`case when ${otpMailOrders.status} = 'success' then ${otpMailOrders.priceMills} - ${otpMailOrders.costMills} else 0 end`),
        successes: sql<string>`count(*) filter (where ${otpMailOrders.status} = 'success')`,
      })
      .from(otpMailOrders)
      .where(where),
  ]);
  const t = totals[0];
  return {
    orders: rows.map(({ order, userEmail }) => ({
      ...toOtpOrderDto(order),
      supplierRef: order.supplierRef,
      costMills: order.costMills,
      userEmail: userEmail ?? null,
    })),
    total: Number(t?.n ?? 0),
    totalSpentMills: Number(t?.spent ?? 0),
    totalRevenueMills: Number(t?.revenue ?? 0),
    successCount: Number(t?.successes ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
