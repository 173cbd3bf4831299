// The history filter: two calendar days (YYYY-MM-DD) turned into the start of the first day and the
// end of the last day in the shop's time zone (lib/dates.ts), as ISO: the days the dashboard shows.
import { endOfShopDay, shopToday, startOfShopDay } from "~/lib/dates";

export type DateRange = { from: string; to: string };
export const NO_RANGE: DateRange = { from: "", to: "" };

function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function isFiltered(range: DateRange) {
  return range.from !== "" || range.to !== "";
}

/** `from` = the shop's 00:00:00.000 of the first day, `to` = its 23:59:59.999 of the last day. */
export function rangeToQuery(range: DateRange): { from?: string; to?: string } {
  let start = parseDay(range.from);
  let end = parseDay(range.to);
  if (start && end && start > end) [start, end] = [end, start];
  const result: { from?: string; to?: string } = {};
  if (start) result.from = startOfShopDay(start);
  if (end) result.to = endOfShopDay(end);
  return result;
}

/** The quick buttons (their words: "table" dates.today, dates.yesterday, dates.lastSevenDays). */
export type QuickRange = "Today" | "Yesterday" | "Last 7 Days";

/** A quick range of days, counted from today in the shop. */
export function quickRange(kind: QuickRange, now = new Date()): DateRange {
  const today = shopToday(now);
  const shift = (days: number) => {
    const d = new Date(today);
    d.setDate(d.getDate() - days);
    return toDay(d);
  };
  switch (kind) {
    case "Today":
      return { from: toDay(today), to: toDay(today) };
    case "Yesterday":
      return { from: shift(1), to: shift(1) };
    case "Last 7 Days":
      return { from: shift(6), to: toDay(today) };
  }
}
