// Renewals (decision 026): a licence's renewal checkout from the dashboard (its owner) or from a
// reminder's signed link (no sign-in), and the test API's worker pass.
import { z } from "zod";
import { OptionalDiscountCodeSchema } from "./discounts";
import { CheckoutReturnPageSchema } from "./orders";
import { PlanSchema } from "./plans";
import { singleLineText } from "./text";

export { daysLeft, termSummary } from "./renewal-terms";

/** What a renewal page shows: the licence's name, plan and dates (never its buy key) and the plans of its market. */
export const RenewalSchema = z.object({
  licenceId: z.string(),
  name: z.string(),
  /** The plan's English title (the spec's); pages show planTitle(planMonths, language) instead. */
  planTitle: z.string().nullable(),
  /** The plan's length in months, which its title in every language comes from (null: no plan). */
  planMonths: z.number().int().nullable(),
  /** The owner's e-mail: the payer of a reminder's link is the owner. */
  email: z.string(),
  expireDate: z.string().nullable(),
  /** Days the term runs from first activation (a licence not yet activated). */
  termDays: z.number().int(),
  /** Revoked licences cannot be renewed. */
  renewable: z.boolean(),
  plans: z.array(PlanSchema),
});
export type Renewal = z.infer<typeof RenewalSchema>;

export const RenewalCheckoutBodySchema = z.object({
  planId: singleLineText().max(64),
  returnTo: CheckoutReturnPageSchema.optional(),
  /** A discount code (decision 077); empty or absent: none. */
  discountCode: OptionalDiscountCodeSchema,
});
export type RenewalCheckoutBody = z.infer<typeof RenewalCheckoutBodySchema>;

