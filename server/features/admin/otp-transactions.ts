// Gmail OTP transactions for admins: every user's OTP mail orders, searched, dated, totalled and
// paged by the database. Revenue is profit: (price − cost) of each successful order, in mills.
import { and, count, desc, eq, gte, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import type { AdminOtpList, AdminOtpQuery } from "../../../contracts/admin";
import { API_KEY_LENGTH } from "../../../contracts/account";
import type { Db } from "../../db/client";
import { apiKeys, otpDayCounts, otpMailOrders, otpTotals, user } from "../../db/schema";
import { hashApiKey } from "../balance/service";
import { toOtpOrderDto } from "../otp-mail/service";
import { collectMatches, dayAnchor, pageIdsOf } from "../../db/paging";
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

interface OtpTotals {
  n: number;
  spent: number;
  revenue: number;
  successes: number;
}

/**
 * The filter's Total Spent, Total Revenue and counts, exact: without a filter from the otp_totals
 * rollup (kept by triggers), with dates only from otp_mail_orders_created_totals_idx alone, with a
 * search over its matches (found through the trigram indexes).
 */
async function otpTotalsOf(db: Db, q: AdminOtpQuery, where: SQL | undefined): Promise<OtpTotals> {
  if (!q.search.trim() && !q.from && !q.to) {
    const [t] = await db
      .select({
        n: sum(otpTotals.n),
        spent: sum(sql`case when ${otpTotals.status} <> 'failed' then ${otpTotals.priceMills} else 0 end`),
        revenue: sum(sql`case when ${otpTotals.status} = 'success' then ${otpTotals.priceMills} - ${otpTotals.costMills} else 0 end`),
        successes: sum(sql`case when ${otpTotals.status} = 'success' then ${otpTotals.n} else 0 end`),
      })
      .from(otpTotals);
    return { n: Number(t?.n ?? 0), spent: Number(t?.spent ?? 0), revenue: Number(t?.revenue ?? 0), successes: Number(t?.successes ?? 0) };
  }
  const [t] = await db
    .select({
      n: count(),
      spent: sum(sql`case when ${otpMailOrders.status} <> 'failed' then ${otpMailOrders.priceMills} else 0 end`),
      revenue: sum(sql`case when ${otpMailOrders.status} = 'success' then ${otpMailOrders.priceMills} - ${otpMailOrders.costMills} else 0 end`),
      successes: sql<string>`count(*) filter (where ${otpMailOrders.status} = 'success')`,
    })
    .from(otpMailOrders)
    .where(where);
  return { n: Number(t?.n ?? 0), spent: Number(t?.spent ?? 0), revenue: Number(t?.revenue ?? 0), successes: Number(t?.successes ?? 0) };
}

export async function listOtpTransactions(db: Db, q: AdminOtpQuery): Promise<AdminOtpList> {
  const where = otpFilter(q);
  const newestFirst = [desc(otpMailOrders.createdAt), desc(otpMailOrders.id)];
  const slice = { table: otpMailOrders, id: otpMailOrders.id, at: otpMailOrders.createdAt, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  // A search collects its matches once: the totals and the page together (decision 033). Else, or
  // past EXACT_COUNT_LIMIT matches, the totals are exact on their own (rollup, index or a sum) and
  // the page walks the (created_at, id) index.
  const collected =
    where && q.search.trim()
      ? await collectMatches(db, {
          ...slice,
          where,
          totals: {
            spent: sql`coalesce(sum(${otpMailOrders.priceMills}) filter (where ${otpMailOrders.status} <> 'failed'), 0)`,
            revenue: sql`coalesce(sum(${otpMailOrders.priceMills} - ${otpMailOrders.costMills}) filter (where ${otpMailOrders.status} = 'success'), 0)`,
            successes: sql`count(*) filter (where ${otpMailOrders.status} = 'success')`,
          },
        })
      : undefined;
  const t: OtpTotals = collected ? { n: collected.total, ...collected.totals } : await otpTotalsOf(db, q, where);
  // Without a search or dates, the page starts at the UTC day that holds it (otp_day_counts).
  const unfiltered = !where;
  const anchor = unfiltered ? await dayAnchor(db, { table: otpDayCounts, day: otpDayCounts.day, n: otpDayCounts.n }, slice.offset) : undefined;
  const pageIds = collected ? collected.ids : pageIdsOf({ ...slice, where, anchor });
  const pageIsEmpty = collected ? !collected.ids.length : t.n === 0 || (unfiltered && !anchor);
  const rows = pageIsEmpty
    ? []
    : await db
        .select({ order: otpMailOrders, userEmail: user.email })
        .from(otpMailOrders)
        .leftJoin(user, eq(user.id, otpMailOrders.userId))
        .where(inArray(otpMailOrders.id, pageIds))
        .orderBy(...newestFirst);
  return {
    orders: rows.map(({ order, userEmail }) => ({
      ...toOtpOrderDto(order),
      supplierRef: order.supplierRef,
      costMills: order.costMills,
      userEmail: userEmail ?? null,
    })),
    // The money totals are summed exactly whatever the size, so the count is exact too.
    total: t.n,
    totalIsEstimate: false,
    totalSpentMills: t.spent,
    totalRevenueMills: t.revenue,
    successCount: t.successes,
    page: q.page,
    pageSize: q.pageSize,
  };
}
