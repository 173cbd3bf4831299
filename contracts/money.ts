// Money: the one module that turns integer mills into text and text into mills, for the server
// (JSON fields, CSV, e-mails, PayWay) and the web alike. Mills are thousandths of a dollar
// ($9.99 = 9990); they are stored, summed and sent as integers, and only become text at the edge.
// Nothing here does float arithmetic on money: digits come from integer division and remainder,
// or from BigInt where a product could pass 2^53.
//
// One rule for showing money (decision 053): formatMoney. Dollars with 2 decimals; a third only
// when the amount holds a fraction of a cent ("$4.955"), never rounded, so the customer, the
// seller, every e-mail, receipt and CSV read the same figure for the same amount and no fraction
// of a cent is hidden or invented. Options:
//   plain      machine text (JSON fields, URLs, CSV cells): no "$", no thousands separators.
//   symbol     false: no "$" but still grouped, for an amount followed by its currency code.
//   decimals   3: always three decimals (the spec's OTP revenue "$0.003"; legacy wire fields).
// formatMoneyCompact is for chart axis labels only; parseDollars reads dollar text back to mills.

/** Thousandths of a dollar, a safe integer. */
export type Mills = number;

export const MILLS_PER_DOLLAR = 1000;
export const MILLS_PER_CENT = 10;

/**
 * The largest amount of money the code handles: 2^53 − 1 mills ($9,007,199,254,740.991). Balances
 * are PostgreSQL `bigint` columns (up to 2^63 − 1) read by Drizzle in "number" mode, so a JS number
 * is exact only up to here; the formatters and the parser refuse anything larger.
 */
export const MAX_MILLS: Mills = Number.MAX_SAFE_INTEGER;

/** A whole number of mills that a JS number holds exactly. */
export function isMills(value: unknown): value is Mills {
  return Number.isSafeInteger(value);
}

/** True when the amount is a whole number of cents (what PayWay and the price lists can carry). */
export function isWholeCents(mills: Mills): boolean {
  return mills % MILLS_PER_CENT === 0;
}

// ---- Formatting --------------------------------------------------------------------------------

export interface FormatOptions {
  /** Machine text: no "$" and no thousands separators ("1234.50", "-0.045"). */
  plain?: boolean;
  /** False: no "$" (thousands still grouped), for "4,000 KHR"-style text. Default true. */
  symbol?: boolean;
  /** 3: always three decimals ("$0.003", "1.000"). Default: 2, or 3 for a fraction of a cent. */
  decimals?: 3;
}

function requireMills(mills: number): void {
  if (!isMills(mills)) throw new RangeError(`Money must be a safe integer of mills, got ${mills}`);
}

/**
 * The one money formatter: 9990 → "$9.99", 4955 → "$4.955", 1234500 → "$1,234.50", -2500 →
 * "-$2.50". Exact: the digits are the mills' own, from integer division, never rounded.
 */
export function formatMoney(mills: Mills, { plain = false, symbol = true, decimals }: FormatOptions = {}): string {
  requireMills(mills);
  const abs = Math.abs(mills);
  const places = decimals ?? (isWholeCents(abs) ? 2 : 3);
  const frac = abs % MILLS_PER_DOLLAR;
  // (abs − frac) is an exact multiple of 1000, so the division is exact too (no float rounding).
  const whole = (abs - frac) / MILLS_PER_DOLLAR;
  const fracText = places === 3 ? String(frac).padStart(3, "0") : String(frac / MILLS_PER_CENT).padStart(2, "0");
  const wholeText = plain ? String(whole) : groupThousands(String(whole));
  const sign = mills < 0 ? "-" : "";
  return `${sign}${plain || !symbol ? "" : "$"}${wholeText}.${fracText}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Chart axis labels: "$0", "$950", "$1.2k", "$35k" (whole dollars, tenths of thousands). */
export function formatMoneyCompact(mills: Mills): string {
  requireMills(mills);
  const sign = mills < 0 ? "-" : "";
  const abs = Math.abs(mills);
  if (abs >= 1_000_000) {
    const hundreds = roundedDiv(abs, 100_000); // tenths of a thousand dollars
    const tenth = hundreds % 10;
    return `${sign}$${(hundreds - tenth) / 10}${tenth === 0 ? "" : `.${tenth}`}k`;
  }
  const dollars = roundedDiv(abs, MILLS_PER_DOLLAR);
  return `${dollars === 0 ? "" : sign}$${dollars}`;
}

/** a / b rounded half up, for non-negative safe integers. */
function roundedDiv(a: number, b: number): number {
  const rest = a % b;
  return (a - rest) / b + (rest * 2 >= b ? 1 : 0);
}

// ---- Parsing -----------------------------------------------------------------------------------

export interface ParseOptions {
  /** Decimal places allowed: 2 (cents: prices, top-ups) or 3 (mills). Default 3. */
  decimals?: 2 | 3;
  /** Allow a leading minus ("-2.50", "-$2.50", "$-2.50" is refused). Default false. */
  allowNegative?: boolean;
  /** The largest amount accepted (absolute value), in mills. Default MAX_MILLS. */
  max?: Mills;
}

// Digits before the point: at most 16 (MAX_MILLS has 13 whole dollars; leading zeros are allowed,
// and the limit keeps a pasted page of digits from reaching BigInt). Thousands separators are
// accepted only where they belong ("1,234.50", not "1,23").
const DOLLARS = /^(-)?\$?(\d{1,16}|\d{1,3}(?:,\d{3}){1,5})(?:\.(\d{1,3}))?$/;

/**
 * Dollar text → mills, through the digits only: "9.99" → 9990, "$1,234.5" → 1234500, "0.045" → 45,
 * "-$2.50" → -2500 (with `allowNegative`). A JSON number is read through its shortest text (19.99
 * → "19.99"; 0.1 + 0.2 → "0.30000000000000004" → null; 1e21 → null). Null for anything else:
 * more decimals than allowed, exponents, spaces inside, NaN, or beyond `max`.
 */
export function parseDollars(value: string | number, { decimals = 3, allowNegative = false, max = MAX_MILLS }: ParseOptions = {}): Mills | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = DOLLARS.exec(text);
  if (!m) return null;
  const [, minus, wholeText, fracText = ""] = m;
  if (fracText.length > decimals) return null;
  if (minus && !allowNegative) return null;
  const abs = BigInt(wholeText!.replace(/,/g, "")) * 1000n + BigInt(fracText.padEnd(3, "0"));
  if (abs > BigInt(Math.min(max, MAX_MILLS))) return null;
  const mills = Number(abs);
  return minus && mills !== 0 ? -mills : mills;
}
