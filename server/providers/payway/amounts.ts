// PayWay amounts: decimal strings on the way out, JSON numbers on the way back. PayWay's wire
// format is its own (no "$", USD with exactly 2 decimals, KHR in whole riel), built here on the
// shared money module's integer helpers (contracts/money.ts); never floats in arithmetic.
import { formatMoney, isMills, isWholeCents, MILLS_PER_DOLLAR, parseDollars } from "../../../contracts/money";

export type PaywayCurrency = "USD" | "KHR";

/** 29990 mills → "29.99" (USD, 2 decimals); KHR is whole riel (4000000 mills → "4000"). */
export function amountString(mills: number, currency: PaywayCurrency = "USD"): string {
  if (!isMills(mills) || mills <= 0) throw new RangeError(`Invalid amount: ${mills} mills`);
  if (currency === "KHR") {
    if (mills % MILLS_PER_DOLLAR !== 0) throw new RangeError("KHR amounts are whole riel");
    return String(mills / MILLS_PER_DOLLAR);
  }
  if (!isWholeCents(mills)) throw new RangeError("USD amounts have at most 2 decimals");
  return formatMoney(mills, { plain: true });
}

/** A JSON number from PayWay (29.99, 0.1, 2000) as mills, through its text; null if not exact. */
export function numberToMills(value: unknown): number | null {
  if (typeof value === "string" && value.trim() !== "") return parseDollars(value);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  return parseDollars(value);
}

/**
 * Mills as a JSON number for PayWay's JSON bodies (29990 → 29.99, 0 → 0), built from the exact
 * decimal text so that it reads back (numberToMills) as the same mills. Serialisation only.
 */
export function millsToJsonNumber(mills: number): number {
  if (!isMills(mills) || mills < 0) throw new RangeError(`Invalid amount: ${mills} mills`);
  return Number(formatMoney(mills, { plain: true, decimals: 3 }));
}
