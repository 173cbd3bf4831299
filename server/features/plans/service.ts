// The plans table is the catalogue the shop sells from: seeded from contracts/ on a shop's first
// start, then the seller's (the admin console's Catalogue page, server/features/catalogue).
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { formatMoney } from "../../../contracts/money";
import { featureText, PLAN_CATALOGUE, planFeatures, type CataloguePlan, type Market } from "../../../contracts/plan-catalogue";
import type { Plan } from "../../../contracts/plans";
import type { Db, Tx } from "../../db/client";
import { plans, type PlanTerms } from "../../db/schema";

/** A catalogue change is announced here (server/features/catalogue); every instance's price list listens. */
export const CATALOGUE_CHANNEL = "catalogue_changed";

/** A plan row as stored. */
export type PlanRow = typeof plans.$inferSelect;

/** The terms an order keeps from its plan (decision 074). */
export function planTermsOf(plan: Pick<PlanRow, "periodDays" | "bonusDays" | "keyChanges">): PlanTerms {
  return { periodDays: plan.periodDays, bonusDays: plan.bonusDays, keyChanges: plan.keyChanges };
}

/** The English feature texts stored beside a plan (read by releases before migration 0031). */
export function storedFeatureTexts(plan: Pick<PlanRow, "bonusDays" | "keyChanges" | "extras">): string[] {
  return planFeatures(plan).map(featureText);
}

/**
 * The catalogue's plans into the table. `seed` (every start): plans not in the table yet are
 * added; the seller's plans, prices and retirements are never touched (decision 074), except that
 * a plan stored before the catalogue kept its extras gets them. `replace` (tests, the test API):
 * the table becomes the catalogue; plans no longer in it are retired, never deleted (orders point
 * at them). `catalogue`: the shop's, or a test's.
 */
export async function syncPlanCatalogue({ db, catalogue = PLAN_CATALOGUE, mode = "seed" }: { db: Db; catalogue?: readonly CataloguePlan[]; mode?: "seed" | "replace" }) {
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
    extras: p.extras,
    isPopular: p.isPopular,
    sortOrder: p.sortOrder,
    active: true,
  }));
  if (mode === "seed") {
    await db
      .insert(plans)
      .values(rows)
      .onConflictDoUpdate({ target: plans.id, set: { extras: sql`excluded.extras` }, setWhere: sql`${plans.extras} = '{}'::jsonb and excluded.extras <> '{}'::jsonb` });
    return;
  }
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
          extras: sql`excluded.extras`,
          isPopular: sql`excluded.is_popular`,
          sortOrder: sql`excluded.sort_order`,
          active: sql`true`,
          updatedAt: sql`now()`,
        },
      });
    await tx.update(plans).set({ active: false }).where(notInArray(plans.id, rows.map((r) => r.id)));
  });
}

/** A plan as the API gives it: its features made from its terms, its price as text. */
export function toPlanDto(r: PlanRow): Plan {
  return {
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
    features: storedFeatureTexts(r),
    featureList: planFeatures(r),
  };
}

export async function listPlans({ db, market }: { db: Db; market?: Market }): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), market ? eq(plans.market, market) : undefined))
    .orderBy(asc(plans.market), asc(plans.sortOrder));
  return rows.map(toPlanDto);
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
