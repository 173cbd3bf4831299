// Money arrives as integer mills; only these functions turn it into text (no float arithmetic).

/** '$1,234.50' with exactly `decimals` places (2: cents, rounded half up; 3: mills). */
export function formatDollars(mills: number, decimals: 2 | 3 = 2): string {
  const sign = mills < 0 ? "-" : "";
  let abs = Math.abs(Math.trunc(mills));
  if (decimals === 2) abs = Math.round(abs / 10) * 10;
  const whole = Math.floor(abs / 1000);
  const frac = abs % 1000;
  const fracText = decimals === 3 ? String(frac).padStart(3, "0") : String(frac / 10).padStart(2, "0");
  return `${sign}$${whole.toLocaleString("en-US")}.${fracText}`;
}

/** Compact axis labels: $0, $950, $1.2k, $35k. */
export function formatDollarsShort(mills: number): string {
  const dollars = mills / 1000;
  if (Math.abs(dollars) >= 1000) return `$${(dollars / 1000).toFixed(dollars % 1000 === 0 ? 0 : 1)}k`;
  return `$${Math.round(dollars)}`;
}

const createdAtFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The spec's 'MMM d, yyyy', or 'N/A' when missing. */
export function formatCreatedAt(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : createdAtFormat.format(date);
}

/** 'Mar 5' for a chart day 'YYYY-MM-DD' (a calendar day, not an instant). */
export function formatChartDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}
