// Gmail OTP transactions for admins: every user's OTP mail orders, searched, dated, totalled and
// paged by the database. Revenue is profit: (price − cost) of each successful order, in mills.
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import type { AdminOtpList, AdminOtpQuery } from "../../../contracts/admin";
import { API_KEY_LENGTH } from "../../../contracts/account";
import type { Db } from "../../db/client";
import { apiKeys, otpDayCounts, otpMailOrders, otpTotals, user } from "../../db/schema";
import { hashApiKey } from "../balance/service";
import { toOtpOrderDto } from "../otp-mail/service";
import { collectMatches, dayAnchor, EXACT_COUNT_LIMIT, pageIdsOf } from "../../db/paging";
import { escapeLike, MIN_SUBSTRING_TERM, textSearch } from "../../db/text-search";

const WHOLE_KEY = new RegExp(`^[A-Za-z0-9]{${API_KEY_LENGTH}}$`);

/**
 * Keys are stored hashed (lookup) and encrypted (display), never in clear, so a key matches when
 * it is typed whole (any letter case); a part of a key cannot be searched for.
 */
export function apiKeyIdsMatching(term: string): SQL | null {
  if (!WHOLE_KEY.test(term)) return null;
  return sql`(select ${apiKeys.id} from ${apiKeys} where ${apiKeys.keyHash} = ${hashApiKey(term.toUpperCase())})`;
}

/** The address's parts (decision 059): the mailbox (before the '@', trigram-indexed) and the domain. */
const mailbox = sql`split_part(${otpMailOrders.address}, '@', 1)`;
const domain = sql`split_part(${otpMailOrders.address}, '@', 2)`;

/**
 * The search box (decision 059). A term of 3 or more characters without an '@' matches the mailbox
 * (its trigram index), the site (its trigram index) or the domain: the domains it matches are read
 * from the otp_totals rollup first (a handful of rows), so the orders' filter names them exactly.
 * A term with an '@' matches the whole address; 1–2 characters the address's beginning.
 */
async function otpSearch(db: Db, rawTerm: string): Promise<SQL | undefined> {
  const term = rawTerm.trim();
  if (!term) return undefined;
  const keyIds = apiKeyIdsMatching(term);
  const byKey = keyIds ? sql`${otpMailOrders.apiKeyId} in ${keyIds}` : undefined;
  if (term.length < MIN_SUBSTRING_TERM) return or(textSearch(term, { anywhere: [], prefix: [otpMailOrders.address] }), byKey);
  const pattern = `%${escapeLike(term)}%`;
  if (term.includes("@")) {
    // The part before the first '@' ends the mailbox: its index serves the search when it can.
    const before = term.slice(0, term.indexOf("@"));
    return or(and(before.length >= MIN_SUBSTRING_TERM ? ilike(mailbox, `%${escapeLike(before)}`) : undefined, ilike(otpMailOrders.address, pattern)), byKey);
  }
  const domains = await domainsMatching(db, pattern);
  return or(ilike(mailbox, pattern), ilike(otpMailOrders.service, pattern), domains.length ? inArray(domain, domains) : undefined, byKey);
}

async function domainsMatching(db: Db, pattern: string): Promise<string[]> {
  const rows = await db.selectDistinct({ domain: otpTotals.domain }).from(otpTotals).where(ilike(otpTotals.domain, pattern));
  return rows.map((r) => r.domain);
}

async function otpFilter(db: Db, q: Pick<AdminOtpQuery, "search" | "from" | "to">): Promise<SQL | undefined> {
  return and(
    await otpSearch(db, q.search),
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

const rollupSums = {
  n: sum(otpTotals.n),
  spent: sum(sql`case when ${otpTotals.status} <> 'failed' then ${otpTotals.priceMills} else 0 end`),
  revenue: sum(sql`case when ${otpTotals.status} = 'success' then ${otpTotals.priceMills} - ${otpTotals.costMills} else 0 end`),
  successes: sum(sql`case when ${otpTotals.status} = 'success' then ${otpTotals.n} else 0 end`),
};
const rowSums = {
  n: count(),
  spent: sum(sql`case when ${otpMailOrders.status} <> 'failed' then ${otpMailOrders.priceMills} else 0 end`),
  revenue: sum(sql`case when ${otpMailOrders.status} = 'success' then ${otpMailOrders.priceMills} - ${otpMailOrders.costMills} else 0 end`),
  successes: sql<string>`count(*) filter (where ${otpMailOrders.status} = 'success')`,
};
type Sums = { n: unknown; spent: unknown; revenue: unknown; successes: unknown } | undefined;
const totalsOf = (...rows: Sums[]): OtpTotals => ({
  n: rows.reduce((a, r) => a + Number(r?.n ?? 0), 0),
  spent: rows.reduce((a, r) => a + Number(r?.spent ?? 0), 0),
  revenue: rows.reduce((a, r) => a + Number(r?.revenue ?? 0), 0),
  successes: rows.reduce((a, r) => a + Number(r?.successes ?? 0), 0),
});

/** A search of 3+ characters without an '@', an API key or dates: the rollup totals it (decision 059). */
function rollupSearchable(q: AdminOtpQuery): boolean {
  const term = q.search.trim();
  return term.length >= MIN_SUBSTRING_TERM && !term.includes("@") && !q.from && !q.to && !apiKeyIdsMatching(term);
}

/**
 * The filter's Total Spent, Total Revenue and counts, exact: without a filter from the otp_totals
 * rollup (kept by triggers); a search of 3+ characters without an '@' or dates from the rollup's
 * rows whose site or domain it matches plus the orders it matches through their mailbox alone
 * (decision 059); with dates from otp_mail_orders_created_totals_idx alone; else over its matches.
 */
async function otpTotalsOf(db: Db, q: AdminOtpQuery, where: SQL | undefined): Promise<OtpTotals> {
  const term = q.search.trim();
  if (!term && !q.from && !q.to) {
    const [t] = await db.select(rollupSums).from(otpTotals);
    return totalsOf(t);
  }
  if (rollupSearchable(q)) {
    const pattern = `%${escapeLike(term)}%`;
    const [[groups], [rest]] = await Promise.all([
      db.select(rollupSums).from(otpTotals).where(or(ilike(otpTotals.domain, pattern), ilike(otpTotals.service, pattern))),
      db
        .select(rowSums)
        .from(otpMailOrders)
        .where(and(ilike(mailbox, pattern), sql`not (${domain} ilike ${pattern} or ${otpMailOrders.service} ilike ${pattern})`)),
    ]);
    return totalsOf(groups, rest);
  }
  const [t] = await db.select(rowSums).from(otpMailOrders).where(where);
  return totalsOf(t);
}

export async function listOtpTransactions(db: Db, q: AdminOtpQuery): Promise<AdminOtpList> {
  const where = await otpFilter(db, q);
  const newestFirst = [desc(otpMailOrders.createdAt), desc(otpMailOrders.id)];
  const slice = { table: otpMailOrders, id: otpMailOrders.id, at: otpMailOrders.createdAt, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  // A search collects its matches once: the totals and the page together (decision 033). Else, or
  // past EXACT_COUNT_LIMIT matches, the totals are exact on their own (rollup, index or a sum) and
  // the page walks the (created_at, id) index.
  // A search the rollups can total (decision 059) is totalled first: past EXACT_COUNT_LIMIT matches
  // it is not collected.
  const rolled = rollupSearchable(q) ? await otpTotalsOf(db, q, where) : undefined;
  const collected =
    where && q.search.trim() && !(rolled && rolled.n > EXACT_COUNT_LIMIT)
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
  const t: OtpTotals = collected ? { n: collected.total, ...collected.totals } : (rolled ?? (await otpTotalsOf(db, q, where)));
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
