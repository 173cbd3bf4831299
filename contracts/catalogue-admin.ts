// The seller's catalogue (super-admin, decision 074): every plan of both price lists, retired ones
// too, and the changes the Catalogue page makes. Prices are integer mills in whole cents.
import { z } from "zod";
import { isWholeCents } from "./money";
import { MARKETS, MAX_PLAN_MONTHS } from "./plan-catalogue";
import { PlanSchema } from "./plans";
import { VolumeTierSchema, VolumeTiersSchema } from "./reseller";

/** A plan's price: whole cents from $1 to $10,000 (PayWay takes USD with two decimals). */
export const MIN_PLAN_PRICE_MILLS = 1_000;
export const MAX_PLAN_PRICE_MILLS = 10_000_000;
// The longest plan: contracts/plan-catalogue.ts, where the landing words every length without zod.
export { MAX_PLAN_MONTHS };
export const MAX_BONUS_DAYS = 365;
export const MAX_KEY_CHANGES = 1_000;

const PriceMills = z
  .number()
  .int()
  .min(MIN_PLAN_PRICE_MILLS, "The price must be at least $1.00")
  .max(MAX_PLAN_PRICE_MILLS, "The price must be at most $10,000.00")
  .refine(isWholeCents, "The price must be in whole cents")
  .meta({ description: "Integer mills, whole cents, from 1,000 to 10,000,000 (1 to 10,000 dollars)" });
const BonusDays = z.number().int().min(0).max(MAX_BONUS_DAYS);
const KeyChanges = z.number().int().min(0).max(MAX_KEY_CHANGES);
const PeriodDays = z.number().int().min(1).max(MAX_PLAN_MONTHS * 31);

export const CataloguePlanSchema = PlanSchema.extend({
  /** On sale; a retired plan sells no more (its licences and orders are untouched). */
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Bulk orders' price breaks (decision 080), ascending. */
  volumeTiers: z.array(VolumeTierSchema),
  updatedAt: z.string(),
});
export type CataloguePlanDto = z.infer<typeof CataloguePlanSchema>;
export const CatalogueSchema = z.object({ plans: z.array(CataloguePlanSchema) });
export type Catalogue = z.infer<typeof CatalogueSchema>;

export const CreatePlanBodySchema = z.object({
  market: z.enum(MARKETS),
  months: z.number().int().min(1).max(MAX_PLAN_MONTHS),
  priceMills: PriceMills,
  /** Days the plan runs for; a month is 30 days and a year 365 when not given. */
  periodDays: PeriodDays.optional(),
  bonusDays: BonusDays.default(0),
  keyChanges: KeyChanges,
  isPopular: z.boolean().default(false),
});
export type CreatePlanBody = z.infer<typeof CreatePlanBodySchema>;

/** What the seller may change of a plan: the price and terms of new sales. Its length and market are what it is. */
export const UpdatePlanBodySchema = z
  .object({ priceMills: PriceMills, periodDays: PeriodDays, bonusDays: BonusDays, keyChanges: KeyChanges, isPopular: z.boolean(), active: z.boolean(), volumeTiers: VolumeTiersSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Change at least one field");
export type UpdatePlanBody = z.infer<typeof UpdatePlanBodySchema>;

/** A market's plans in their new order: every plan of that market (retired ones too), once. */
export const ReorderPlansBodySchema = z.object({
  market: z.enum(MARKETS),
  planIds: z.array(z.string().max(64)).min(1).max(100),
});
export type ReorderPlansBody = z.infer<typeof ReorderPlansBodySchema>;

export const PlanIdParamSchema = z.object({ id: z.string().max(64) });

/** A length's days when the seller gives none: 30 a month, 365 a year. */
export function defaultPeriodDays(months: number): number {
  return months % 12 === 0 ? (months / 12) * 365 : months * 30;
}
