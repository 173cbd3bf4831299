// Dollar amounts typed by people (or sent as JSON numbers) become integer mills through their
// decimal text, never through float arithmetic. The one parser for server and web.

/**
 * "9.99", "$10", 0.045 → mills; null when the text is not a plain non-negative decimal with at
 * most `decimals` places and `wholeDigits` digits before the point (also for NaN and 1e21).
 */
export function dollarsToMills(value: number | string, { decimals, wholeDigits = 9 }: { decimals: 2 | 3; wholeDigits?: number }): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim().replace(/^\$/, "");
  const m = new RegExp(`^(\\d{1,${wholeDigits}})(?:\\.(\\d{1,${decimals}}))?$`).exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
}
