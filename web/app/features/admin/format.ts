// Dates for the admin pages. Money: contracts/money.ts (formatPrice, formatBalance, …).

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
