// A reseller's side of bulk orders (decision 080): who is one, the plans they buy with their volume
// tiers, their bulk orders, the orders' licenses (state, to whom assigned and when) and their CSV.
// Every query is bounded by the reseller's own orders: another customer's order or license is 404.
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { unitPriceOf, type BulkOrder, ResellerLicense, ResellerLicenseList, ResellerLicenseQuery, ResellerOverview } from "../../../contracts/reseller";
import { planDays } from "../../../contracts/renewal-terms";
import type { CurrentUser } from "../../auth/context";
import type { Db, Tx } from "../../db/client";
import { escapeLike } from "../../db/text-search";
import { licenseAssignments, licenses, orders, plans, user } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** The account is a reseller now (read from the account, not the session, so unmarking applies at once). */
export async function requireReseller(db: Db | Tx, caller: CurrentUser): Promise<void> {
  const [row] = await db.select({ reseller: user.reseller }).from(user).where(eq(user.id, caller.id));
  if (!row?.reseller) throw new AppError("NOT_A_RESELLER");
}

/** A bulk order is a plan order of more than one license. */
export const isBulk = gt(orders.quantity, 1);

type LicenseRow = typeof licenses.$inferSelect;
type AssignmentRow = typeof licenseAssignments.$inferSelect;

export function stateOf(l: Pick<LicenseRow, "revokedAt" | "assignedAt" | "deviceKey" | "startDate">): ResellerLicense["state"] {
  if (l.revokedAt) return "revoked";
  if (l.assignedAt) return "assigned";
  if (l.deviceKey || l.startDate) return "activated";
  return "available";
}

export function toResellerLicense(l: LicenseRow, a: Pick<AssignmentRow, "email" | "assignedAt"> | null, planMonths: number | null): ResellerLicense {
  return {
    id: l.id,
    orderId: l.orderId!,
    buyKey: l.buyKey,
    planMonths,
    termDays: l.termDays,
    state: stateOf(l),
    assignedTo: a?.email ?? null,
    assignedAt: (a?.assignedAt ?? l.assignedAt)?.toISOString() ?? null,
  };
}

/** The plans on sale with their volume tiers, and the reseller's bulk orders newest first (the last 100). */
export async function resellerOverview(db: Db, caller: CurrentUser): Promise<ResellerOverview> {
  const planRows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.market), asc(plans.sortOrder), asc(plans.months));
  const assigned = sql<number>`(select count(*) from ${licenses} where ${licenses.orderId} = ${orders.id} and ${licenses.assignedAt} is not null)`.mapWith(Number);
  const revoked = sql<number>`(select count(*) from ${licenses} where ${licenses.orderId} = ${orders.id} and ${licenses.revokedAt} is not null)`.mapWith(Number);
  const orderRows = await db
    .select({ order: orders, months: plans.months, assigned, revoked })
    .from(orders)
    .leftJoin(plans, eq(plans.id, orders.planId))
    .where(and(eq(orders.userId, caller.id), isBulk))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  return {
    plans: planRows.map((p) => ({
      id: p.id,
      title: p.title,
      months: p.months,
      market: p.market,
      priceMills: p.priceMills,
      termDays: planDays(p),
      keyChanges: p.keyChanges,
      volumeTiers: p.volumeTiers,
    })),
    orders: orderRows.map(({ order: o, months, assigned: a, revoked: r }): BulkOrder => ({
      id: o.id,
      tranId: o.tranId,
      planId: o.planId,
      planTitle: o.planTitle ?? "",
      planMonths: months ?? null,
      quantity: o.quantity,
      unitPriceMills: unitPriceOf(o),
      amountMills: o.amountMills,
      refundedMills: o.refundedMills,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      assigned: a,
      revoked: r,
    })),
  };
}

/** The licenses of the reseller's bulk orders (the order's owner is the reseller, whoever holds the license now). */
function ownLicenses(caller: CurrentUser, q: Pick<ResellerLicenseQuery, "orderId" | "state" | "search">): SQL {
  const conditions: (SQL | undefined)[] = [eq(orders.userId, caller.id), isBulk];
  if (q.orderId) conditions.push(eq(orders.id, q.orderId));
  if (q.state === "revoked") conditions.push(isNotNull(licenses.revokedAt));
  if (q.state === "assigned") conditions.push(isNull(licenses.revokedAt), isNotNull(licenses.assignedAt));
  if (q.state === "activated") conditions.push(isNull(licenses.revokedAt), isNull(licenses.assignedAt), or(isNotNull(licenses.deviceKey), isNotNull(licenses.startDate)));
  if (q.state === "available") conditions.push(isNull(licenses.revokedAt), isNull(licenses.assignedAt), isNull(licenses.deviceKey), isNull(licenses.startDate));
  const term = q.search?.trim();
  if (term) conditions.push(or(ilike(licenses.buyKey, `%${escapeLike(term)}%`), ilike(licenseAssignments.email, `%${escapeLike(term)}%`)));
  return and(...conditions)!;
}

export async function listResellerLicenses(db: Db, caller: CurrentUser, q: { orderId?: string; state?: ResellerLicense["state"]; search?: string; page: number; pageSize: number }): Promise<ResellerLicenseList> {
  const where = ownLicenses(caller, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ license: licenses, assignment: licenseAssignments, months: plans.months })
      .from(licenses)
      .innerJoin(orders, eq(orders.id, licenses.orderId))
      .leftJoin(licenseAssignments, eq(licenseAssignments.licenseId, licenses.id))
      .leftJoin(plans, eq(plans.id, licenses.planId))
      .where(where)
      .orderBy(desc(orders.createdAt), asc(licenses.createdAt), asc(licenses.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(licenses)
      .innerJoin(orders, eq(orders.id, licenses.orderId))
      .leftJoin(licenseAssignments, eq(licenseAssignments.licenseId, licenses.id))
      .where(where),
  ]);
  return {
    licenses: rows.map((r) => toResellerLicense(r.license, r.assignment, r.months ?? null)),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading formula character neutralised. */
function cell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One bulk order's licenses as CSV, each buy key once, in the order they were issued: only for the order's reseller. */
export async function licensesCsv(db: Db, caller: CurrentUser, orderId: string): Promise<{ csv: string; tranId: string }> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, caller.id), isBulk));
  if (!order) throw new AppError("NOT_FOUND", "No bulk order of yours has this id.");
  const rows = await db
    .select({ license: licenses, assignment: licenseAssignments })
    .from(licenses)
    .leftJoin(licenseAssignments, eq(licenseAssignments.licenseId, licenses.id))
    .where(eq(licenses.orderId, order.id))
    .orderBy(asc(licenses.createdAt), asc(licenses.id));
  const lines = [["buy_key", "plan", "term_days", "key_changes", "state", "assigned_to", "assigned_at"].join(",")];
  for (const { license, assignment } of rows) {
    const r = toResellerLicense(license, assignment, null);
    lines.push([license.buyKey, order.planTitle ?? "", license.termDays, license.changesLeft, r.state, r.assignedTo, r.assignedAt].map(cell).join(","));
  }
  return { csv: `${lines.join("\r\n")}\r\n`, tranId: order.tranId };
}
