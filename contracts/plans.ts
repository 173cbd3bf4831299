import { z } from "zod";
import { MARKETS, PLAN_FEATURES } from "./plan-catalogue";

export const MarketSchema = z.enum(MARKETS);

export const PlanSchema = z.object({
  id: z.string(),
  /** The spec's English title; pages show planTitle(months, language) (contracts/plan-catalogue.ts). */
  title: z.string(),
  /** The plan's length: its title and wording in every language come from it. */
  months: z.number().int(),
  market: MarketSchema,
  priceMills: z.number().int(),
  price: z.string(),
  periodDays: z.number().int(),
  bonusDays: z.number().int(),
  keyChanges: z.number().int(),
  isPopular: z.boolean(),
  /** The features as English text (kept for clients before decision 076). */
  features: z.array(z.string()),
  /** The same features by id, with their number where they have one: pages word them in their language (decision 076). */
  featureList: z.array(z.object({ id: z.enum(PLAN_FEATURES), count: z.number().int().optional() })),
});
export type Plan = z.infer<typeof PlanSchema>;
/** The payment provider new checkouts go to, as pages name it before any order exists. */
export const CheckoutProviderSchema = z.object({ id: z.string(), name: z.string() });
export type CheckoutProvider = z.infer<typeof CheckoutProviderSchema>;
export const PlanListSchema = z.object({ plans: z.array(PlanSchema), paymentProvider: CheckoutProviderSchema });
export const PlanListQuerySchema = z.object({ market: MarketSchema.optional() });
