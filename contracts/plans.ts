import { z } from "zod";
import { MARKETS } from "./plan-catalogue";

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
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;
/** The payment provider new checkouts go to, as pages name it before any order exists. */
export const CheckoutProviderSchema = z.object({ id: z.string(), name: z.string() });
export type CheckoutProvider = z.infer<typeof CheckoutProviderSchema>;
export const PlanListSchema = z.object({ plans: z.array(PlanSchema), paymentProvider: CheckoutProviderSchema });
export const PlanListQuerySchema = z.object({ market: MarketSchema.optional() });
