// Bulk orders for resellers (decision 080): volume tiers on a plan, one payment for N licenses,
// the licenses' list and CSV, and assigning a license to an end customer's e-mail. Amounts are
// integer mills; the server prices every order from the plan and its tiers.
import { z } from "zod";
import { CheckoutReturnPageSchema, GiftEmailSchema } from "./orders";
import { MarketSchema } from "./plans";
import { singleLineText } from "./text";

export { isBulkOrder, unitPriceOf } from "./bulk-order";

/** A bulk order's size: 2 to 500 licenses. */
export const MIN_BULK_QUANTITY = 2;
export const MAX_BULK_QUANTITY = 500;
/** A volume tier's percent off: 1 to 50. */
export const MIN_TIER_PERCENT = 1;
export const MAX_TIER_PERCENT = 50;
export const MAX_VOLUME_TIERS = 10;

export const BULK_MESSAGES = {
  quantity: `Enter a number of licences from ${MIN_BULK_QUANTITY} to ${MAX_BULK_QUANTITY}`,
  tiersOrder: "Each tier must start at more licences than the one before",
  tierPercent: `A tier takes ${MIN_TIER_PERCENT} to ${MAX_TIER_PERCENT} percent off`,
  tierQuantity: `A tier starts at ${MIN_BULK_QUANTITY} to ${MAX_BULK_QUANTITY} licences`,
} as const;

export const VolumeTierSchema = z
  .object({
    minQuantity: z.number().int(BULK_MESSAGES.tierQuantity).min(MIN_BULK_QUANTITY, BULK_MESSAGES.tierQuantity).max(MAX_BULK_QUANTITY, BULK_MESSAGES.tierQuantity),
    percentOff: z.number().int(BULK_MESSAGES.tierPercent).min(MIN_TIER_PERCENT, BULK_MESSAGES.tierPercent).max(MAX_TIER_PERCENT, BULK_MESSAGES.tierPercent),
  })
  .strict();
export type VolumeTier = z.infer<typeof VolumeTierSchema>;

/** A plan's volume tiers: ascending by size, each a larger size than the one before. Empty: no bulk discount. */
export const VolumeTiersSchema = z
  .array(VolumeTierSchema)
  .max(MAX_VOLUME_TIERS)
  .superRefine((tiers, ctx) => {
    for (let i = 1; i < tiers.length; i++) {
      if (tiers[i]!.minQuantity <= tiers[i - 1]!.minQuantity) ctx.addIssue({ code: "custom", path: [i, "minQuantity"], message: BULK_MESSAGES.tiersOrder });
    }
  });

/** The tier a bulk order of `quantity` takes: the largest whose size it reaches; none below the first. */
export function tierFor(tiers: readonly VolumeTier[], quantity: number): VolumeTier | null {
  let found: VolumeTier | null = null;
  for (const tier of tiers) if (quantity >= tier.minQuantity) found = tier;
  return found;
}

/**
 * One license's price in a bulk order: the plan's price less the tier's percent, the discount in
 * whole cents rounded down (as a discount code's, decision 077), so the price stays whole cents.
 */
export function bulkUnitPriceMills(priceMills: number, tiers: readonly VolumeTier[], quantity: number): number {
  const tier = tierFor(tiers, quantity);
  if (!tier) return priceMills;
  const offMills = Math.floor((priceMills * tier.percentOff) / 100 / 10) * 10;
  return priceMills - offMills;
}

export const BulkQuantitySchema = z
  .number(BULK_MESSAGES.quantity)
  .int(BULK_MESSAGES.quantity)
  .min(MIN_BULK_QUANTITY, BULK_MESSAGES.quantity)
  .max(MAX_BULK_QUANTITY, BULK_MESSAGES.quantity)
  .meta({ description: `Licences in the order, ${MIN_BULK_QUANTITY} to ${MAX_BULK_QUANTITY}` });

/** POST /api/reseller/checkout: N licenses of one plan in one payment. Any price sent is ignored. */
export const BulkCheckoutBodySchema = z.object({
  planId: singleLineText().min(1).max(64),
  quantity: BulkQuantitySchema,
  returnTo: CheckoutReturnPageSchema.optional(),
});
export type BulkCheckoutBody = z.input<typeof BulkCheckoutBodySchema>;

/** A plan as a reseller buys it: its price and its volume tiers. */
export const ResellerPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  months: z.number().int(),
  market: MarketSchema,
  priceMills: z.number().int(),
  termDays: z.number().int(),
  keyChanges: z.number().int(),
  volumeTiers: z.array(VolumeTierSchema),
});
export type ResellerPlan = z.infer<typeof ResellerPlanSchema>;

/** A bulk order on the Reseller page, with how many of its licenses are assigned or revoked. */
export const BulkOrderSchema = z.object({
  id: z.string(),
  tranId: z.string(),
  planId: z.string().nullable(),
  planTitle: z.string(),
  planMonths: z.number().int().nullable(),
  quantity: z.number().int(),
  unitPriceMills: z.number().int(),
  amountMills: z.number().int(),
  refundedMills: z.number().int(),
  status: z.enum(["pending", "paid", "failed", "cancelled", "refunded"]),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  assigned: z.number().int(),
  revoked: z.number().int(),
});
export type BulkOrder = z.infer<typeof BulkOrderSchema>;

export const ResellerOverviewSchema = z.object({ plans: z.array(ResellerPlanSchema), orders: z.array(BulkOrderSchema) });
export type ResellerOverview = z.infer<typeof ResellerOverviewSchema>;

/**
 * A bulk order's license as its reseller sees it. `state`: `available` (theirs to assign),
 * `assigned` (an end customer's, `assignedTo` and `assignedAt` say whose and when), `activated`
 * (the reseller activated it themselves: no longer assignable), `revoked`.
 */
export const ResellerLicenseSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  buyKey: z.string(),
  planMonths: z.number().int().nullable(),
  termDays: z.number().int(),
  state: z.enum(["available", "assigned", "activated", "revoked"]),
  assignedTo: z.string().nullable(),
  assignedAt: z.string().nullable(),
});
export type ResellerLicense = z.infer<typeof ResellerLicenseSchema>;

export const RESELLER_LICENCE_STATES = ["available", "assigned", "activated", "revoked"] as const;
export const ResellerLicenseQuerySchema = z.object({
  orderId: z.uuid().optional(),
  state: z.enum(RESELLER_LICENCE_STATES).optional(),
  /** Part of a buy key or an end customer's e-mail. */
  search: singleLineText().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ResellerLicenseQuery = z.input<typeof ResellerLicenseQuerySchema>;
export const ResellerLicenseListSchema = z.object({
  licenses: z.array(ResellerLicenseSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ResellerLicenseList = z.infer<typeof ResellerLicenseListSchema>;

/** POST /api/reseller/licenses/{id}/assign: the end customer's e-mail (trimmed, lower case). */
export const AssignLicenseBodySchema = z.object({ email: GiftEmailSchema });
export type AssignLicenseBody = z.input<typeof AssignLicenseBodySchema>;
/** The license as now, and whether an account was made for the end customer. */
export const AssignLicenseResponseSchema = z.object({ license: ResellerLicenseSchema, accountCreated: z.boolean() });
export type AssignLicenseResponse = z.infer<typeof AssignLicenseResponseSchema>;

/** PATCH /api/admin/users/{id}/reseller (super-admin): mark or unmark a customer as a reseller. */
export const UpdateResellerBodySchema = z.object({ reseller: z.boolean() }).strict();
export type UpdateResellerBody = z.infer<typeof UpdateResellerBodySchema>;
