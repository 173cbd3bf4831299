// PayWay amounts: decimal strings on the way out, JSON numbers on the way back. Never floats in
// arithmetic: mills ↔ text conversions only.
import { parseMills } from "../../lib/money";

export type PaywayCurrency = "USD" | "KHR";

/** 29990 mills → "29.99" (USD, 2 decimals); KHR is whole riel (4000000 mills → "4000"). */
export function amountString(mills: number, currency: PaywayCurrency = "USD"): string {
  if (!Number.isSafeInteger(mills) || mills <= 0) throw new RangeError(`Invalid amount: ${mills} mills`);
  const whole = Math.floor(mills / 1000);
  const frac = mills % 1000;
  if (currency === "KHR") {
    if (frac !== 0) throw new RangeError("KHR amounts are whole riel");
    return String(whole);
  }
  if (frac % 10 !== 0) throw new RangeError("USD amounts have at most 2 decimals");
  return `${whole}.${String(frac / 10).padStart(2, "0")}`;
}

/** A JSON number from PayWay (29.99, 0.1, 2000) as mills, through its text; null if not exact. */
export function numberToMills(value: unknown): number | null {
  if (typeof value === "string" && value.trim() !== "") return parseMills(value);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  return parseMills(String(value));
}

/**
 * Mills as a JSON number for PayWay's JSON bodies (29990 → 29.99, 0 → 0), built from the exact
 * decimal text so that it reads back (numberToMills) as the same mills. Serialisation only.
 */
export function millsToJsonNumber(mills: number): number {
  if (!Number.isSafeInteger(mills) || mills < 0) throw new RangeError(`Invalid amount: ${mills} mills`);
  return Number(`${Math.floor(mills / 1000)}.${String(mills % 1000).padStart(3, "0")}`);
}
