// The seller runs the catalogue (decision 074): plans per market created, repriced, reordered,
// retired and restored from the admin console, each change audited with before and after in the
// same transaction, and announced (NOTIFY) so every instance's price list is fresh at once.
// Open and paid orders keep the price and terms they were opened with (orders.plan_terms).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { defaultPeriodDays, type Catalogue, type CataloguePlanDto, type CreatePlanBody, type ReorderPlansBody, type UpdatePlanBody } from "../../../contracts/catalogue-admin";
import { planId, planTitle } from "../../../contracts/plan-catalogue";
import type { VolumeTier } from "../../../contracts/reseller";
import type { Db, Tx } from "../../db/client";
import { auditLog, plans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { CATALOGUE_CHANNEL, storedFeatureTexts, toPlanDto, type PlanRow } from "../plans/service";

interface Actor {
  id: string;
  email: string;
}

function toCatalogueDto(r: PlanRow): CataloguePlanDto {
  return { ...toPlanDto(r), active: r.active, sortOrder: r.sortOrder, volumeTiers: r.volumeTiers, updatedAt: r.updatedAt.toISOString() };
}

/** What the audit log keeps of a plan: its sale terms. */
function auditView(r: PlanRow) {
  return { priceMills: r.priceMills, periodDays: r.periodDays, bonusDays: r.bonusDays, keyChanges: r.keyChanges, isPopular: r.isPopular, active: r.active, sortOrder: r.sortOrder, volumeTiers: r.volumeTiers };
}

async function audit(tx: Tx, actor: Actor, action: string, targetId: string, before: object | null, after: object | null) {
  await tx.insert(auditLog).values({ actorUserId: actor.id, actorEmail: actor.email, action, targetType: "plan", targetId, before, after });
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${targetId})`);
}

export async function listCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db.select().from(plans).orderBy(asc(plans.market), asc(plans.sortOrder), asc(plans.months));
  return { plans: rows.map(toCatalogueDto) };
}

/**
 * Locks every plan of a market, always in the same order (by id), so that any two catalogue changes
 * of one market (a retirement's "last plan on sale" check, a popular mark, a reorder, a new plan's
 * place) wait for each other instead of deadlocking.
 */
async function lockMarket(tx: Tx, market: string): Promise<PlanRow[]> {
  return tx.select().from(plans).where(eq(plans.market, market as PlanRow["market"])).orderBy(asc(plans.id)).for("update");
}

/** The plan and, locked, every plan of its market. */
async function lockPlan(tx: Tx, id: string): Promise<{ plan: PlanRow; market: PlanRow[] }> {
  const [found] = await tx.select({ market: plans.market }).from(plans).where(eq(plans.id, id));
  if (!found) throw new AppError("NOT_FOUND", "No plan with this id.");
  const market = await lockMarket(tx, found.market);
  const plan = market.find((r) => r.id === id);
  if (!plan) throw new AppError("NOT_FOUND", "No plan with this id.");
  return { plan, market };
}

/** One plan marked popular per market: the landing's badge. */
async function clearOtherPopular(tx: Tx, plan: Pick<PlanRow, "id" | "market">) {
  await tx.update(plans).set({ isPopular: false, updatedAt: sql`now()` }).where(and(eq(plans.market, plan.market), ne(plans.id, plan.id), eq(plans.isPopular, true)));
}

/** A new plan at the end of its market's list, on sale at once. A length already listed (retired too) is refused. */
export async function createPlan(db: Db, actor: Actor, body: CreatePlanBody): Promise<CataloguePlanDto> {
  const id = planId(body.market, body.months);
  return db.transaction(async (tx) => {
    // Plans of one market are numbered in turn: the market's rows are locked while the next place is read.
    const market = await lockMarket(tx, body.market);
    const last = Math.max(0, ...market.map((r) => r.sortOrder));
    const inserted = await tx
      .insert(plans)
      .values({
        id,
        title: planTitle(body.months, "en"),
        months: body.months,
        market: body.market,
        priceMills: body.priceMills,
        currency: "USD",
        periodDays: body.periodDays ?? defaultPeriodDays(body.months),
        bonusDays: body.bonusDays,
        keyChanges: body.keyChanges,
        features: storedFeatureTexts({ bonusDays: body.bonusDays, keyChanges: body.keyChanges, extras: {} }),
        extras: {},
        isPopular: body.isPopular,
        sortOrder: last + 1,
        active: true,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) throw new AppError("PLAN_EXISTS");
    if (row.isPopular) await clearOtherPopular(tx, row);
    await audit(tx, actor, "plan.create", id, null, auditView(row));
    return toCatalogueDto(row);
  });
}

/**
 * A field's stored value and the one sent are the same. Volume tiers (a list, decision 080) by
 * their contents: jsonb gives an object's keys back in its own order, so each tier is compared
 * field by field.
 */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (!Array.isArray(sent)) return stored === sent;
  const tiers = (list: unknown) => (Array.isArray(list) ? (list as VolumeTier[]).map((t) => `${t.minQuantity}:${t.percentOff}`).join() : null);
  return tiers(stored) === tiers(sent);
}

/** A plan's price or terms for new sales (its volume tiers too, decision 080), or its retirement (no new sales) and restoration. Nothing changed: nothing audited. */
export async function updatePlan(db: Db, actor: Actor, id: string, body: UpdatePlanBody): Promise<CataloguePlanDto> {
  return db.transaction(async (tx) => {
    const { plan: before, market } = await lockPlan(tx, id);
    const changes = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && !sameValue(before[k as keyof PlanRow], v))) as UpdatePlanBody;
    if (Object.keys(changes).length === 0) return toCatalogueDto(before);
    // Each price list keeps a plan on sale: the landing and checkouts always have something to offer.
    if (changes.active === false && !market.some((r) => r.active && r.id !== id)) throw new AppError("LAST_PLAN_ON_SALE");
    const next = { ...before, ...changes };
    const [row] = await tx
      .update(plans)
      .set({ ...changes, features: storedFeatureTexts(next), updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    if (changes.isPopular) await clearOtherPopular(tx, row!);
    const action = changes.active === false ? "plan.retire" : changes.active === true ? "plan.restore" : "plan.update";
    await audit(tx, actor, action, id, auditView(before), auditView(row!));
    return toCatalogueDto(row!);
  });
}

/** A market's plans in the seller's order: the ids must be that market's plans, each once. */
export async function reorderPlans(db: Db, actor: Actor, body: ReorderPlansBody): Promise<Catalogue> {
  await db.transaction(async (tx) => {
    const rows = (await lockMarket(tx, body.market)).sort((a, b) => a.sortOrder - b.sortOrder);
    const known = new Set(rows.map((r) => r.id));
    const given = new Set(body.planIds);
    if (given.size !== body.planIds.length || given.size !== known.size || body.planIds.some((id) => !known.has(id)))
      throw new AppError("VALIDATION_FAILED", "List every plan of this price list once.", [{ path: "planIds", message: "List every plan of this price list once." }]);
    const before = rows.map((r) => r.id);
    if (before.join() === body.planIds.join()) return;
    for (const [i, id] of body.planIds.entries()) await tx.update(plans).set({ sortOrder: i + 1, updatedAt: sql`now()` }).where(eq(plans.id, id));
    await audit(tx, actor, "plan.reorder", body.market, { order: before }, { order: body.planIds });
  });
  return listCatalogue(db);
}
