// Money is integer mills (thousandths of a dollar) everywhere; these are the only conversions.
import { dollarsToMills } from "../../contracts/money";
export type Mills = number;

/** Parses "9.99", "10", "0.045" into mills without ever going through a float. */
export function parseMills(text: string): Mills | null {
  return dollarsToMills(text, { decimals: 3 });
}

/** Formats mills as dollars: 9990 → "$9.99" (2 decimals), or 3 decimals when asked. */
export function formatMills(mills: Mills, decimals: 2 | 3 = 2): string {
  const sign = mills < 0 ? "-" : "";
  const abs = Math.abs(mills);
  const whole = Math.floor(abs / 1000);
  const frac = abs % 1000;
  const fracText = decimals === 3 ? String(frac).padStart(3, "0") : String(Math.round(frac / 10)).padStart(2, "0");
  // Rounding 995 mills to cents carries into the whole part.
  if (decimals === 2 && fracText === "100") return `${sign}$${whole + 1}.00`;
  return `${sign}$${whole}.${fracText}`;
}

/** PayWay amounts are decimal strings with 2 places: 9990 → "9.99". */
export function millsToAmountString(mills: Mills): string {
  return formatMills(mills, 2).replace("$", "");
}
