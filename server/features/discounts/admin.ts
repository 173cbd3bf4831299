// The Discount codes page (super-admin, decision 077): codes created and changed, each change
// audited with before and after in its transaction; a code's report of uses, revenue and refunds.
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CreateDiscountBodySchema, DiscountDto, DiscountReport, UpdateDiscountBody } from "../../../contracts/discounts";
import type { Market } from "../../../contracts/plan-catalogue";
import type { Db, Tx } from "../../db/client";
import { auditLog, discountCodes, discountUses, orders, plans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../../contracts/units";
import type { DiscountRow } from "./rules";

interface Actor {
  id: string;
  email: string;
}

/** The orders a code's page lists (newest first). */
export const REPORT_ORDER_LIMIT = 200;

type Counts = { paid: number; held: number };
const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDto(r: DiscountRow, uses: Counts): DiscountDto {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.value,
    planIds: r.planIds,
    markets: r.markets as Market[],
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
    firstPurchaseOnly: r.firstPurchaseOnly,
    note: r.note,
    active: r.active,
    usesPaid: uses.paid,
    usesHeld: uses.held,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a code: its rules. */
function auditView(r: DiscountRow) {
  const { id: _id, createdAt: _c, updatedAt: _u, createdBy: _b, ...rules } = r;
  return { ...rules, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt) };
}

async function audit(tx: Tx, actor: Actor, action: string, row: DiscountRow, before: object | null) {
  await tx.insert(auditLog).values({ actorUserId: actor.id, actorEmail: actor.email, action, targetType: "discount", targetId: row.code, before, after: auditView(row) });
}

async function usesOf(db: Db | Tx, ids?: string[]): Promise<Map<string, Counts>> {
  const rows = await db
    .select({
      id: discountUses.discountId,
      paid: sql<number>`count(*) filter (where ${discountUses.status} = 'used')::int`,
      held: sql<number>`count(*) filter (where ${discountUses.status} = 'held')::int`,
    })
    .from(discountUses)
    .where(ids ? sql`${discountUses.discountId} in ${ids}` : undefined)
    .groupBy(discountUses.discountId);
  return new Map(rows.map((r) => [r.id, { paid: Number(r.paid), held: Number(r.held) }]));
}
const NONE: Counts = { paid: 0, held: 0 };

export async function listDiscounts(db: Db): Promise<{ discounts: DiscountDto[] }> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.code));
  const uses = await usesOf(db);
  return { discounts: rows.map((r) => toDto(r, uses.get(r.id) ?? NONE)) };
}

async function knownPlanIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return;
  const known = new Set((await db.select({ id: plans.id }).from(plans)).map((p) => p.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError("VALIDATION_FAILED", "Unknown plan", [{ path: "planIds", message: `Unknown plan: ${unknown.join(", ")}` }]);
}

/** A new code, on at once. A code by the same name (any case, switched off ones too) is DISCOUNT_EXISTS. */
export async function createDiscount(db: Db, actor: Actor, body: z.output<typeof CreateDiscountBodySchema>): Promise<DiscountDto> {
  await knownPlanIds(db, body.planIds);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(discountCodes)
      .values({
        code: body.code,
        kind: body.kind,
        value: body.value,
        planIds: [...new Set(body.planIds)],
        markets: [...new Set(body.markets)],
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        maxUses: body.maxUses,
        maxUsesPerCustomer: body.maxUsesPerCustomer,
        firstPurchaseOnly: body.firstPurchaseOnly,
        note: body.note,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) throw new AppError("DISCOUNT_EXISTS");
    await audit(tx, actor, "discount.create", row, null);
    return toDto(row, NONE);
  });
}

async function lockById(tx: Tx, id: string): Promise<DiscountRow> {
  const [row] = isUuid(id) ? await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update") : [];
  if (!row) throw new AppError("NOT_FOUND", "No discount code with this id.");
  return row;
}

/** A code's window, limits, note or switch. Nothing changed: nothing audited. */
export async function updateDiscount(db: Db, actor: Actor, id: string, body: UpdateDiscountBody): Promise<DiscountDto> {
  return db.transaction(async (tx) => {
    const before = await lockById(tx, id);
    const next = {
      ...body,
      ...(body.startsAt !== undefined ? { startsAt: body.startsAt ? new Date(body.startsAt) : null } : {}),
      ...(body.endsAt !== undefined ? { endsAt: body.endsAt ? new Date(body.endsAt) : null } : {}),
    };
    const changes = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => {
        const was = before[k as keyof DiscountRow];
        return v instanceof Date || was instanceof Date ? iso(v as Date | null) !== iso(was as Date | null) : v !== was;
      }),
    );
    const startsAt = "startsAt" in changes ? (changes.startsAt as Date | null) : before.startsAt;
    const endsAt = "endsAt" in changes ? (changes.endsAt as Date | null) : before.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt) throw new AppError("VALIDATION_FAILED", "The end must be after the start", [{ path: "endsAt", message: "The end must be after the start" }]);
    const uses = (await usesOf(tx, [id])).get(id) ?? NONE;
    if (Object.keys(changes).length === 0) return toDto(before, uses);
    const [row] = await tx.update(discountCodes).set({ ...changes, updatedAt: sql`now()` }).where(eq(discountCodes.id, id)).returning();
    await audit(tx, actor, "discount.update", row!, auditView(before));
    return toDto(row!, uses);
  });
}

/** A code's page: its rules, what it earned (paid and refunded orders), what it took off, and its orders. */
export async function discountReport(db: Db, id: string): Promise<DiscountReport> {
  const [row] = isUuid(id) ? await db.select().from(discountCodes).where(eq(discountCodes.id, id)) : [];
  if (!row) throw new AppError("NOT_FOUND", "No discount code with this id.");
  const uses = (await usesOf(db, [id])).get(id) ?? NONE;
  const [sums] = await db
    .select({
      revenue: sql<number>`coalesce(sum(${orders.amountMills}), 0)::bigint`,
      discounted: sql<number>`coalesce(sum(${orders.discountMills}), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${orders.refundedMills}), 0)::bigint`,
      refundedOrders: sql<number>`count(*) filter (where ${orders.refundedMills} > 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.discountId, id), sql`${orders.paidAt} is not null`, sql`${orders.status} in ('paid', 'refunded')`));
  const list = await db
    .select({ o: orders, months: plans.months })
    .from(orders)
    .leftJoin(plans, eq(plans.id, orders.planId))
    .where(eq(orders.discountId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(REPORT_ORDER_LIMIT);
  return {
    discount: toDto(row, uses),
    revenueMills: Number(sums?.revenue ?? 0),
    discountedMills: Number(sums?.discounted ?? 0),
    refundedMills: Number(sums?.refunded ?? 0),
    refundedOrders: Number(sums?.refundedOrders ?? 0),
    orders: list.map(({ o, months }) => ({
      tranId: o.tranId,
      email: o.email,
      planTitle: o.planTitle ?? "",
      planMonths: months,
      status: o.status,
      amountMills: o.amountMills,
      discountMills: o.discountMills,
      refundedMills: o.refundedMills,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
    })),
  };
}
