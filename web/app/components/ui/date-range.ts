// Local calendar days (midnight Date objects) and ranges of them, as the date pickers speak them.

export type DayRange = { from: Date; to: Date };

export function startOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}
export function addDays(date: Date, days: number) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}
/** Same day of another month, clamped to that month's length (Jan 31 + 1 month → Feb 28/29). */
export function addMonths(date: Date, months: number) {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last));
}
export function sameDay(a: Date | null | undefined, b: Date | null | undefined) {
  return !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
export function startOfMonth(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}
/** The range in order (from ≤ to). */
export function ordered(a: Date, b: Date): DayRange {
  return a.getTime() <= b.getTime() ? { from: a, to: b } : { from: b, to: a };
}
