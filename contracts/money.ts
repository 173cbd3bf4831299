// Money: the one module that turns integer mills into text and text into mills, for the server
// (JSON fields, CSV, e-mails, PayWay) and the web alike. Mills are thousandths of a dollar
// ($9.99 = 9990); they are stored, summed and sent as integers, and only become text at the edge.
// Nothing here does float arithmetic on money: digits come from integer division and remainder,
// or from BigInt where a product could pass 2^53.
//
// Which formatter to use:
//   formatPrice    prices and payments (plan prices, orders, top-ups, sales totals): always 2
//                  decimals, "$1,234.50". They are whole cents by construction; a sum that is not
//                  is rounded half away from zero.
//   formatBalance  balances and what moves them (a balance, the OTP price debited from it, the
//                  total spent from it, an admin adjustment): exact, never rounded. 2 decimals for
//                  a whole cent, 3 otherwise: 4955 → "$4.955", 4950 → "$4.95". The same on every
//                  screen.
//   formatProfit   the OTP revenue, which the spec shows with 3 decimals: always 3, "$0.003".
//   formatMoney    the three above (and "balance-cents", "mills") with `{ plain: true }` for
//                  machine text: no "$", no thousands separators ("29.99", "-2.50", "0.045").
//   formatMillsForCsv  exact plain text for CSV cells.
//   formatMoneyCompact chart axis labels: "$950", "$1.2k".
//   parseDollars   dollar text (or a JSON number, read through its text) → mills, or null.

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

/**
 * - `price`: 2 decimals, rounded half away from zero (prices and payments).
 * - `balance`: exact; 2 decimals for a whole cent, else 3 (balances and their movements).
 * - `balance-cents`: 2 decimals, cut toward zero, never rounded up (only where the spec fixes
 *   2 decimals for a balance: Manage Balances).
 * - `profit` / `mills`: always 3 decimals (the spec's OTP revenue; legacy wire fields).
 */
export type MoneyStyle = "price" | "balance" | "balance-cents" | "profit" | "mills";

export interface FormatOptions {
  /** Machine text: no "$" and no thousands separators ("1234.50", "-0.045"). */
  plain?: boolean;
}

function requireMills(mills: number): void {
  if (!isMills(mills)) throw new RangeError(`Money must be a safe integer of mills, got ${mills}`);
}

/** The one formatter; the named ones below pick its style. */
export function formatMoney(mills: Mills, style: MoneyStyle, { plain = false }: FormatOptions = {}): string {
  requireMills(mills);
  let abs = Math.abs(mills);
  let decimals: 2 | 3;
  switch (style) {
    case "price": {
      const rest = abs % MILLS_PER_CENT;
      // Half away from zero: 9995 → 10.00, -25 → -0.03. Stays a safe integer: MAX_MILLS ends in 1,
      // so the largest amount that rounds up (…989) rounds to …990.
      abs = rest >= 5 ? abs - rest + MILLS_PER_CENT : abs - rest;
      decimals = 2;
      break;
    }
    case "balance-cents":
      abs -= abs % MILLS_PER_CENT;
      decimals = 2;
      break;
    case "balance":
      decimals = isWholeCents(abs) ? 2 : 3;
      break;
    case "profit":
    case "mills":
      decimals = 3;
      break;
  }
  const frac = abs % MILLS_PER_DOLLAR;
  // (abs − frac) is an exact multiple of 1000, so the division is exact too (no float rounding).
  const whole = (abs - frac) / MILLS_PER_DOLLAR;
  const fracText = decimals === 3 ? String(frac).padStart(3, "0") : String(frac / MILLS_PER_CENT).padStart(2, "0");
  const wholeText = plain ? String(whole) : groupThousands(String(whole));
  // A negative amount that shows as zero ("-$0.00" from -3 mills in cents) is shown without a sign.
  const sign = mills < 0 && (whole !== 0 || /[1-9]/.test(fracText)) ? "-" : "";
  return `${sign}${plain ? "" : "$"}${wholeText}.${fracText}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Prices and payments: "$9.99", "$1,234.50", "-$2.50". */
export function formatPrice(mills: Mills): string {
  return formatMoney(mills, "price");
}

/** Balances and their movements, exact: "$0.955", "$4.00", "-$0.025". */
export function formatBalance(mills: Mills): string {
  return formatMoney(mills, "balance");
}

/** The OTP revenue (spec: "shown with 3 decimals"): "$0.003", "$1.500". */
export function formatProfit(mills: Mills): string {
  return formatMoney(mills, "profit");
}

/** A CSV cell: exact plain decimal text, "29.99" or "0.045" (never rounded, no "$", no separators). */
export function formatMillsForCsv(mills: Mills): string {
  return formatMoney(mills, "balance", { plain: true });
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
