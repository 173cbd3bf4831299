// The transactions history as CSV for admins: the same filter as GET /api/orders (its code, not a
// copy), every matching row, newest first, streamed in keyset batches so memory stays flat.
import { and, desc, sql, type SQL } from "drizzle-orm";
import type { OrderExportQuery } from "../../../contracts/admin";
import type { CurrentUser } from "../../auth/context";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { formatMoney } from "../../../contracts/money";
import { toOrderDto, type OrderRow } from "../orders/dto";
import { orderListFilter } from "../orders/queries";

export const CSV_BATCH = 1000;
/** The spec's columns, then the discount code and what it took off (decision 077: at the end, so readers of the first ten still work). */
export const CSV_COLUMNS = ["Date", "Email", "Plan", "Amount", "Currency", "Status", "Buy Key", "Transaction ID", "Kind", "Paid At", "Discount Code", "Discount"] as const;

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return first) is prefixed with an apostrophe: e-mails and keys come from customers.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: Array<string | number | null | undefined>) => `${cells.map(csvCell).join(",")}\r\n`;

export async function* ordersCsv(db: Db, user: CurrentUser, q: OrderExportQuery): AsyncGenerator<string> {
  const filter = orderListFilter(user, {
    search: q.search,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    status: q.status,
  });
  yield line([...CSV_COLUMNS]);
  // The cursor keeps created_at as the database's text (microseconds); a JS Date would round it.
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    // A row comparison, which the (created_at DESC, id DESC) index seeks to; the same test written
    // with OR was read as a filter from the newest order on, every batch (1,000,000 rows: 90 s).
    const after: SQL | undefined = cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
    const rows: Array<{ order: OrderRow; at: string }> = await db
      .select({ order: orders, at: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(filter, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    let chunk = "";
    for (const { order } of rows) {
      const o = toOrderDto(order, NO_LENGTHS);
      chunk += line([o.createdAt, o.email, o.planTitle, formatMoney(o.amountMills, { plain: true }), o.currency, o.status, o.buyKey, o.tranId, o.kind, o.paidAt, o.discountCode, o.discountMills ? formatMoney(o.discountMills, { plain: true }) : ""]);
    }
    yield chunk;
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.order.id };
  }
}

/** The CSV has the spec's columns: the plan's English title, not its length. */
const NO_LENGTHS: ReadonlyMap<string, number> = new Map();

/** transactions-2026-11-22.csv (the filter's last day when there is one, else today, UTC). */
export function csvFileName(q: OrderExportQuery, now = new Date()): string {
  const day = (q.to ? new Date(q.to) : now).toISOString().slice(0, 10);
  return `transactions-${day}.csv`;
}
