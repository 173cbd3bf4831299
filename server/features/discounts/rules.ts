// Discount codes at a checkout (decision 077): is a code good for this plan, this customer, now;
// what it takes off; and its uses: taken in the transaction that inserts the order, under the
// code's row lock (so two racing checkouts never both get the last use), released when the order
// fails or is cancelled, `used` once it is paid (a refund does not give a use back).
import { and, eq, inArray, sql } from "drizzle-orm";
import { discountOf } from "../../../contracts/discounts";
import type { Db, Tx } from "../../db/client";
import { discountCodes, discountUses, orders } from "../../db/schema";
import { queryRows } from "../../db/sql-array";
import { AppError } from "../../lib/errors";

export type DiscountRow = typeof discountCodes.$inferSelect;

/** Who is buying: an account (its id and e-mail), or an e-mail without one (the subscription tool). */
export interface DiscountCustomer {
  userId: string | null;
  email: string;
}

/** What the code is checked against. */
export interface DiscountTarget {
  planId: string;
  market: string;
  priceMills: number;
}

/** The key a use is stored under: the account, else the lower-case e-mail. */
export const customerKeyOf = (c: DiscountCustomer) => c.userId ?? c.email.trim().toLowerCase();
/** Every key that counts as this customer's: the account and its e-mail (a use by e-mail before the account counts). */
const customerKeys = (c: DiscountCustomer) => [...new Set([c.userId, c.email.trim().toLowerCase()].filter((k): k is string => !!k))];

async function findCode(db: Db | Tx, code: string, lock: boolean): Promise<DiscountRow | undefined> {
  const q = db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = ${code.trim().toUpperCase()}`);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Uses that count: held by an open checkout, or used by a paid order. */
async function countUses(db: Db | Tx, discountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(discountUses).where(and(eq(discountUses.discountId, discountId), inArray(discountUses.status, ["held", "used"])));
  return Number(row?.n ?? 0);
}

/** The customer's own uses: under their account or their e-mail, or on an order of their e-mail (a subscription-tool checkout). */
async function countCustomerUses(db: Db | Tx, discountId: string, c: DiscountCustomer): Promise<number> {
  const keys = customerKeys(c);
  if (keys.length === 0) return 0;
  const email = c.email.trim().toLowerCase();
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from discount_uses u join orders o on o.id = u.order_id
         where u.discount_id = ${discountId} and u.status in ('held', 'used')
           and (u.customer_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) ${email ? sql`or lower(o.email) = ${email}` : sql``})`,
  );
  return Number(row?.n ?? 0);
}

/** Whether the customer has paid for a plan before (a plan or subscription-tool order, refunded ones too). */
async function hasPaidPlanOrder(db: Db | Tx, c: DiscountCustomer): Promise<boolean> {
  const email = c.email.trim().toLowerCase();
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders
         where kind in ('plan', 'tool') and paid_at is not null
           and (lower(email) = ${email} ${c.userId ? sql`or user_id = ${c.userId}` : sql``})
         limit 1`,
  );
  return rows.length > 0;
}

/** The rules of a code, in the order a customer is told about them; throws the first refusal (DISCOUNT_*). */
async function checkRules(db: Db | Tx, row: DiscountRow | undefined, target: DiscountTarget, customer: DiscountCustomer | null, now: Date): Promise<DiscountRow> {
  if (!row || !row.active) throw new AppError("DISCOUNT_UNKNOWN");
  if (row.startsAt && now < row.startsAt) throw new AppError("DISCOUNT_NOT_STARTED");
  if (row.endsAt && now >= row.endsAt) throw new AppError("DISCOUNT_EXPIRED");
  if ((row.planIds.length > 0 && !row.planIds.includes(target.planId)) || (row.markets.length > 0 && !row.markets.includes(target.market))) throw new AppError("DISCOUNT_NOT_FOR_PLAN");
  if (row.maxUses !== null && (await countUses(db, row.id)) >= row.maxUses) throw new AppError("DISCOUNT_USED_UP");
  // The per-customer rules need a customer; without one (an anonymous quote) they wait for the checkout.
  if (!customer) return row;
  if (row.maxUsesPerCustomer !== null && (await countCustomerUses(db, row.id, customer)) >= row.maxUsesPerCustomer) throw new AppError("DISCOUNT_ALREADY_USED");
  if (row.firstPurchaseOnly && (await hasPaidPlanOrder(db, customer))) throw new AppError("DISCOUNT_FIRST_PURCHASE_ONLY");
  return row;
}

export interface PricedDiscount {
  discountId: string;
  code: string;
  discountMills: number;
  amountMills: number;
}

const priced = (row: DiscountRow, priceMills: number): PricedDiscount => {
  const discountMills = discountOf(priceMills, row.kind, row.value);
  return { discountId: row.id, code: row.code, discountMills, amountMills: priceMills - discountMills };
};

/**
 * A quote: what the code would take off now (nothing is held; the checkout checks again under lock).
 * Only a signed-in customer's own uses and purchases answer the per-customer rules: an e-mail typed
 * by anyone would tell a stranger whether that address has bought before or used the code.
 */
export async function quoteDiscount(db: Db, code: string, target: DiscountTarget, customer: DiscountCustomer | null, now = new Date()): Promise<PricedDiscount> {
  const checked = await checkRules(db, await findCode(db, code, false), target, customer, now);
  return priced(checked, target.priceMills);
}

/**
 * At a checkout, inside the transaction that will insert the order: the code's row is locked
 * (FOR UPDATE) and its rules checked, so a concurrent checkout of the same code waits here and
 * then counts this one's use. Call takeDiscountUse with the new order in the same transaction.
 */
export async function lockDiscount(tx: Tx, code: string, target: DiscountTarget, customer: DiscountCustomer, now = new Date()): Promise<PricedDiscount> {
  const row = await checkRules(tx, await findCode(tx, code, true), target, customer, now);
  return priced(row, target.priceMills);
}

export async function takeDiscountUse(tx: Tx, discountId: string, orderId: string, customer: DiscountCustomer, now: Date) {
  await tx.insert(discountUses).values({ discountId, orderId, customerKey: customerKeyOf(customer), status: "held", createdAt: now });
}

/** The order failed or was cancelled: its use is free again (a held use only). */
export async function releaseDiscountUse(tx: Tx, orderId: string, now = new Date()) {
  await tx.update(discountUses).set({ status: "released", releasedAt: now }).where(and(eq(discountUses.orderId, orderId), eq(discountUses.status, "held")));
}

/**
 * The order was paid: its use is spent for good. A cancelled checkout the provider approved late
 * had its use released; it is used again (the customer paid), even past the code's limit.
 */
export async function spendDiscountUse(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await tx.update(discountUses).set({ status: "used", releasedAt: null }).where(and(eq(discountUses.orderId, orderId), inArray(discountUses.status, ["held", "released"]))).returning({ id: discountUses.id });
  return rows.length > 0;
}

/** The order of a use, for the report (orders newest first). */
export const ordersOfDiscount = (db: Db, discountId: string, limit: number) =>
  db.select().from(orders).where(eq(orders.discountId, discountId)).orderBy(sql`${orders.createdAt} desc`).limit(limit);
