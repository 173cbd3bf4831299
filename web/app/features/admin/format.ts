// Dates for the admin pages, in the reader's language (lib/dates.ts). Money: contracts/money.ts
// (formatMoney, decision 053).
import { formatDate, formatDayMonth } from "~/lib/dates";
import { tableText } from "~/components/data-table/copy";

/** The spec's 'MMM d, yyyy' ('22 វិច្ឆិកា 2026' in Khmer), or 'N/A' when missing. */
export function formatCreatedAt(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? formatDate(iso) : tableText("notAvailable");
}

/** 'Mar 5' / '5 មីនា' for a chart day 'YYYY-MM-DD' (a calendar day, not an instant). */
export function formatChartDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return formatDayMonth(new Date(y!, m! - 1, d!));
}
