// The catalogue in contracts/ is the source; the plans table is what orders are priced from.
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { formatMoney } from "../../../contracts/money";
import { featureText, PLAN_CATALOGUE, type CataloguePlan, type Market } from "../../../contracts/plan-catalogue";
import type { Plan } from "../../../contracts/plans";
import type { Db, Tx } from "../../db/client";
import { plans } from "../../db/schema";

/**
 * Upserts the catalogue at start; plans no longer in it are deactivated, never deleted (orders point
 * at them). `catalogue`: the shop's, or a test's.
 */
export async function syncPlanCatalogue({ db, catalogue = PLAN_CATALOGUE }: { db: Db; catalogue?: readonly CataloguePlan[] }) {
  const rows = catalogue.map((p) => ({
    id: p.id,
    title: p.title,
    months: p.months,
    market: p.market,
    priceMills: p.priceMills,
    currency: "USD",
    periodDays: p.periodDays,
    bonusDays: p.bonusDays,
    keyChanges: p.keyChanges,
    features: p.features.map(featureText),
    isPopular: p.isPopular,
    sortOrder: p.sortOrder,
    active: true,
  }));
  await db.transaction(async (tx) => {
    await tx
      .insert(plans)
      .values(rows)
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          title: sql`excluded.title`,
          months: sql`excluded.months`,
          market: sql`excluded.market`,
          priceMills: sql`excluded.price_mills`,
          currency: sql`excluded.currency`,
          periodDays: sql`excluded.period_days`,
          bonusDays: sql`excluded.bonus_days`,
          keyChanges: sql`excluded.key_changes`,
          features: sql`excluded.features`,
          isPopular: sql`excluded.is_popular`,
          sortOrder: sql`excluded.sort_order`,
          active: sql`true`,
        },
      });
    await tx.update(plans).set({ active: false }).where(notInArray(plans.id, rows.map((r) => r.id)));
  });
}

export async function listPlans({ db, market }: { db: Db; market?: Market }): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), market ? eq(plans.market, market) : undefined))
    .orderBy(asc(plans.market), asc(plans.sortOrder));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    months: r.months,
    market: r.market,
    priceMills: r.priceMills,
    price: formatMoney(r.priceMills),
    periodDays: r.periodDays,
    bonusDays: r.bonusDays,
    keyChanges: r.keyChanges,
    isPopular: r.isPopular,
    features: r.features,
  }));
}

/** The active plan an order may be priced from, or null. */
export async function findActivePlan({ db, id }: { db: Db; id: string }) {
  const [row] = await db.select().from(plans).where(and(eq(plans.id, id), eq(plans.active, true)));
  return row ?? null;
}

/** The lengths of the plans `planIds` name (top-ups' null skipped), for orders as the web sees them. */
export async function planMonthsById(db: Db | Tx, planIds: ReadonlyArray<string | null>): Promise<Map<string, number>> {
  const ids = [...new Set(planIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: plans.id, months: plans.months }).from(plans).where(inArray(plans.id, ids));
  return new Map(rows.map((r) => [r.id, r.months]));
}

/** A plan's length in months (its title in every language comes from it), or null: no plan (a top-up) or one unknown. */
export async function planMonthsOf(db: Db | Tx, planId: string | null): Promise<number | null> {
  if (!planId) return null;
  const [row] = await db.select({ months: plans.months }).from(plans).where(eq(plans.id, planId));
  return row?.months ?? null;
}
