// Reading orders: the transactions history (users their own, admins all; filtered, totalled and
// paged by the database) and one order's status for its owner.
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import { escapeLike, MIN_SUBSTRING_TERM, prefixPattern, textSearch } from "../../db/text-search";
import type { Order, OrderList, OrderStatus } from "../../../contracts/orders";
import type { CurrentUser } from "../../auth/context";
import type { Db } from "../../db/client";
import { boundedCount, collectMatches, dayAnchor, EXACT_COUNT_LIMIT, estimatedCount, pageIdsOf, type BoundedCount } from "../../db/paging";
import { orderCounts, orderDayCounts, orderEmailTotals, orderPrefixTotals, orders, refundRequests, salesDaily } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { requestableUntil } from "./refund-window";
import { planMonthsById } from "../plans/service";
import { toOrderDto, type OrderRow } from "./dto";
import { isUuid } from "../../../contracts/units";

const buyKey = sql<string | null>`(${orders.fulfilment} ->> 'buyKey')`;

/** A whole buy key ("KS-7QX4M-9HTRW-KD2PA-M3XVE", any case) and what may be a whole payment reference. */
const WHOLE_BUY_KEY = /^KS(-[A-Z0-9]{5}){4}$/i;
const TRAN_ID = /^[A-Za-z0-9-]{6,20}$/;

/**
 * The search box: a whole buy key is looked up exactly (orders_buy_key_idx); otherwise a part of the
 * e-mail or the buy key (trigram indexes; 1–2 characters: the beginning of the e-mail), or a whole
 * payment reference (the tran_id's unique index).
 */
function orderSearch(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  if (WHOLE_BUY_KEY.test(term)) return eq(buyKey, term.toUpperCase());
  return or(textSearch(term, { anywhere: [orders.email, buyKey], prefix: [orders.email] }), paymentReference(term));
}

/** A term that may be a whole payment reference matches it exactly (orders_tran_id_unique). */
const paymentReference = (term: string) => (TRAN_ID.test(term) ? inArray(orders.tranId, [...new Set([term, term.toUpperCase()])]) : undefined);

/** The spec: non-admins see the records of their own e-mail (tool purchases included) and their own account. */
function visibleTo(user: CurrentUser): SQL | undefined {
  if (user.role === "admin") return undefined;
  return or(eq(orders.userId, user.id), eq(sql`lower(${orders.email})`, user.email.trim().toLowerCase()));
}

export interface OrderListInput {
  search: string;
  from?: Date;
  to?: Date;
  status?: OrderStatus;
  page: number;
  pageSize: number;
}

/** The history's filter (who may see what, search, dates, status); the admin CSV export uses it too. */
export function orderListFilter(user: CurrentUser, q: Omit<OrderListInput, "page" | "pageSize">): SQL | undefined {
  return and(
    visibleTo(user),
    orderSearch(q.search),
    q.from ? gte(orders.createdAt, q.from) : undefined,
    q.to ? lte(orders.createdAt, q.to) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
  );
}

/** The latest request of each of these orders (for the transactions history). */
async function latestRequestsOf(db: Db, orderIds: string[]): Promise<Map<string, typeof refundRequests.$inferSelect>> {
  const out = new Map<string, typeof refundRequests.$inferSelect>();
  if (!orderIds.length) return out;
  const rows = await db.select().from(refundRequests).where(inArray(refundRequests.orderId, orderIds)).orderBy(desc(refundRequests.createdAt));
  for (const row of rows) if (!out.has(row.orderId)) out.set(row.orderId, row);
  return out;
}

/** The page's orders with their latest refund request and, for their owner, until when one may be asked. */
async function withRefundRequests(db: Db, user: CurrentUser, rows: Array<typeof orders.$inferSelect>, windowDays: number): Promise<Order[]> {
  const [requests, months] = await Promise.all([latestRequestsOf(db, rows.map((r) => r.id)), planMonthsById(db, rows.map((r) => r.planId))]);
  return rows.map((row) => {
    const request = requests.get(row.id);
    const until = row.userId === user.id ? requestableUntil(row, windowDays) : null;
    return {
      ...toOrderDto(row, months),
      refundRequest: request ? { id: request.id, status: request.status, decisionNote: request.decisionNote } : null,
      refundRequestUntil: until && until > new Date() ? until.toISOString() : null,
    };
  });
}

/**
 * An admin's 1–2 character search without dates: it matches the beginning of the e-mail, so its
 * exact count and 'Total Amount Paid' are the order_prefix_totals rollup's (decision 033). The
 * pattern, or undefined when the rollup cannot answer.
 */
function rollupPrefix(user: CurrentUser, q: OrderListInput): string | undefined {
  if (user.role !== "admin" || q.from || q.to) return undefined;
  return prefixPattern(q.search);
}

/**
 * 'Total Amount Paid' of the filter, exact: an admin's unfiltered history reads the sales_daily
 * rollup (paid sales net of refunds, kept by the order triggers), an admin's 1–2 character search
 * order_prefix_totals; a filter without a search reads orders_paid_created_idx alone; a search sums
 * its matches (found through the trigram indexes).
 */
async function totalPaid(db: Db, user: CurrentUser, q: OrderListInput, where: SQL | undefined): Promise<number> {
  if (q.status && q.status !== "paid") return 0;
  if (user.role === "admin" && !q.search.trim() && !q.from && !q.to) {
    const [row] = await db.select({ paid: sum(salesDaily.paidMills) }).from(salesDaily);
    return Number(row?.paid ?? 0);
  }
  const prefix = rollupPrefix(user, q);
  if (prefix !== undefined) {
    const [row] = await db
      .select({ paid: sum(orderPrefixTotals.netPaidMills) })
      .from(orderPrefixTotals)
      .where(sql`${orderPrefixTotals.prefix} like ${prefix}`);
    return Number(row?.paid ?? 0);
  }
  const [row] = await db
    .select({ paid: sum(sql`${orders.amountMills} - ${orders.refundedMills}`) })
    .from(orders)
    .where(and(where, eq(orders.status, "paid")));
  return Number(row?.paid ?? 0);
}

/**
 * How many orders match: an admin's history without a search or dates reads the order_counts
 * rollup, an admin's 1–2 character search order_prefix_totals; both exact.
 */
async function orderCount(db: Db, user: CurrentUser, q: OrderListInput, where: SQL | undefined, moreThanExact = false): Promise<BoundedCount> {
  if (countedByRollup(user, q)) {
    const [row] = await db
      .select({ n: sum(orderCounts.n) })
      .from(orderCounts)
      .where(q.status ? eq(orderCounts.status, q.status) : undefined);
    return { total: Number(row?.n ?? 0), totalIsEstimate: false };
  }
  const prefix = rollupPrefix(user, q);
  if (prefix !== undefined) {
    const [row] = await db
      .select({ n: sum(orderPrefixTotals.n) })
      .from(orderPrefixTotals)
      .where(and(sql`${orderPrefixTotals.prefix} like ${prefix}`, q.status ? eq(orderPrefixTotals.status, q.status) : undefined));
    return { total: Number(row?.n ?? 0), totalIsEstimate: false };
  }
  // Collected matches past EXACT_COUNT_LIMIT already told: estimate without counting again.
  return moreThanExact ? estimatedCount(db, orders, where) : boundedCount(db, orders, where);
}

/** An admin's history without a search or dates: its total is the order_counts rollup's, exact. */
const countedByRollup = (user: CurrentUser, q: OrderListInput) => user.role === "admin" && !q.search.trim() && !q.from && !q.to;

/**
 * An admin's search of 3 or more characters, without dates, that matched more than
 * EXACT_COUNT_LIMIT orders (decision 059): its exact count and 'Total Amount Paid' without reading
 * every match. The orders matched through their e-mail are order_email_totals' rows whose e-mail
 * matches (one per customer and status); the others, matched only by their buy key or payment
 * reference, are counted through those columns' indexes. Undefined where this does not apply.
 */
async function broadSearchTotals(db: Db, user: CurrentUser, q: OrderListInput): Promise<{ n: number; paid: number } | undefined> {
  const term = q.search.trim();
  if (user.role !== "admin" || q.from || q.to || term.length < MIN_SUBSTRING_TERM || WHOLE_BUY_KEY.test(term)) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const [byEmail, byOther] = await Promise.all([
    db
      .select({ n: sum(orderEmailTotals.n), paid: sum(orderEmailTotals.netPaidMills) })
      .from(orderEmailTotals)
      // ILIKE is lower(text) LIKE lower(pattern) in a UTF-8 database: the rollup keeps the e-mail lower-cased.
      .where(and(sql`${orderEmailTotals.email} like lower(${pattern})`, q.status ? eq(orderEmailTotals.status, q.status) : undefined)),
    db
      .select({ n: count(), paid: sql<string>`coalesce(sum(${orders.amountMills} - ${orders.refundedMills}) filter (where ${orders.status} = 'paid'), 0)` })
      .from(orders)
      .where(and(or(ilike(buyKey, pattern), paymentReference(term)), sql`not (${orders.email} ilike ${pattern})`, q.status ? eq(orders.status, q.status) : undefined)),
  ]);
  return { n: Number(byEmail[0]?.n ?? 0) + Number(byOther[0]?.n ?? 0), paid: Number(byEmail[0]?.paid ?? 0) + Number(byOther[0]?.paid ?? 0) };
}

export async function listOrders(db: Db, user: CurrentUser, q: OrderListInput, refundWindowDays = 0): Promise<OrderList> {
  const where = orderListFilter(user, q);
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const offset = (q.page - 1) * q.pageSize;
  // A search, or a customer's own history, collects its matches once: the exact count, the page
  // and Total Amount Paid together (decision 033).
  // An admin's 1–2 character search is totalled by its rollup first: past EXACT_COUNT_LIMIT
  // matches, collecting them would be work thrown away.
  const prefixCount = rollupPrefix(user, q) !== undefined ? await orderCount(db, user, q, where) : undefined;
  // An admin's search of 3+ characters is totalled from the e-mail rollup first (decision 059):
  // past EXACT_COUNT_LIMIT matches it is not collected either.
  const broad = await broadSearchTotals(db, user, q);
  const wide = (prefixCount && prefixCount.total > EXACT_COUNT_LIMIT) || (broad && broad.n > EXACT_COUNT_LIMIT);
  const collects = where !== undefined && (q.search.trim() !== "" || user.role !== "admin") && !wide;
  if (collects) {
    const collected = await collectMatches(db, {
      table: orders,
      id: orders.id,
      at: orders.createdAt,
      where,
      limit: q.pageSize,
      offset,
      totals: { paid: sql`coalesce(sum(${orders.amountMills} - ${orders.refundedMills}) filter (where ${orders.status} = 'paid'), 0)` },
    });
    if (collected) {
      const rows = collected.ids.length ? await db.select().from(orders).where(inArray(orders.id, collected.ids)).orderBy(...newestFirst) : [];
      return {
        orders: await withRefundRequests(db, user, rows, refundWindowDays),
        total: collected.total,
        totalIsEstimate: false,
        totalPaidMills: collected.totals.paid,
        page: q.page,
        pageSize: q.pageSize,
      };
    }
  }
  // An admin's history without a search or dates starts its page at the day that holds it
  // (decision 033); any other filter skips its own matches in the (created_at, id) index.
  const anchor = countedByRollup(user, q)
    ? await dayAnchor(db, { table: orderDayCounts, day: orderDayCounts.day, n: orderDayCounts.n, where: q.status ? eq(orderDayCounts.status, q.status) : undefined }, offset)
    : undefined;
  const pastTheEnd = countedByRollup(user, q) && !anchor;
  const count = broad ? { total: broad.n, totalIsEstimate: false } : (prefixCount ?? (await orderCount(db, user, q, where, collects)));
  const pageIds = pageIdsOf({ table: orders, id: orders.id, at: orders.createdAt, where, limit: q.pageSize, offset, anchor });
  const [rows, paid] = await Promise.all([
    pastTheEnd || count.total === 0 ? [] : db.select().from(orders).where(inArray(orders.id, pageIds)).orderBy(...newestFirst),
    broad ? broad.paid : totalPaid(db, user, q, where),
  ]);
  return {
    orders: await withRefundRequests(db, user, rows, refundWindowDays),
    ...count,
    totalPaidMills: paid,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One order's row, for its owner or an admin; anyone else gets 404 (not 403), so ids cannot be probed. */
export async function findVisibleOrder(db: Db, user: CurrentUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Order not found");
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), visibleTo(user)));
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return row;
}

/** One of the caller's own orders (admins included: only theirs); anyone else's is 404, as if it did not exist. */
export async function findOwnOrder(db: Db, user: CurrentUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Order not found");
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, user.id)));
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return row;
}

/** One order, for its owner or an admin, with its refund request (the receipt PDF uses the same rule: findVisibleOrder). */
export async function getOrder(db: Db, user: CurrentUser, id: string, refundWindowDays = 0): Promise<Order> {
  const row = await findVisibleOrder(db, user, id);
  return (await withRefundRequests(db, user, [row], refundWindowDays))[0]!;
}
