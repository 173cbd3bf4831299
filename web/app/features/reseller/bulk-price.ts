// A bulk order's price as the Buy card previews it: the same rule the server prices the order with
// (contracts/reseller.ts: the tier a quantity takes, the unit price less its percent in whole
// cents), so the total shown is the total paid.
import { bulkUnitPriceMills, MAX_BULK_QUANTITY, MIN_BULK_QUANTITY, tierFor, type VolumeTier } from "../../../../contracts/reseller";

export type BulkPrice = {
  quantity: number;
  /** The tier the quantity takes; null below the first (the plan's price). */
  tier: VolumeTier | null;
  unitMills: number;
  totalMills: number;
};

/** The quantity typed: a whole number from 2 to 500, else null (the field says why). */
export function parseQuantity(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= MIN_BULK_QUANTITY && quantity <= MAX_BULK_QUANTITY ? quantity : null;
}

/** N licences of a plan: the unit price its tier gives and their total; null for a quantity out of range. */
export function bulkPrice(plan: { priceMills: number; volumeTiers: readonly VolumeTier[] }, quantity: number | null): BulkPrice | null {
  if (quantity === null) return null;
  const unitMills = bulkUnitPriceMills(plan.priceMills, plan.volumeTiers, quantity);
  return { quantity, tier: tierFor(plan.volumeTiers, quantity), unitMills, totalMills: unitMills * quantity };
}
