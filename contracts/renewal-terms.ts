import { DAY_MS } from "./units";
// A term's days left, without zod (decision 049): the renewal contracts (contracts/renewals.ts),
// the e-mails and the dashboard's first load share them.

/** The days a plan's licence runs (or a renewal adds): its period and its bonus. */
export function planDays(plan: { periodDays: number; bonusDays: number }): number {
  return plan.periodDays + plan.bonusDays;
}

/** Days of a term that remain, counted in whole days up (0 once it has ended). */
export function daysLeft(expireDate: string | Date, now: Date = new Date()): number {
  const ms = new Date(expireDate).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/**
 * A licence's term in a few words: days left while it runs ('12 days left', 'Expires today' in
 * its last day), or for a licence not yet activated its whole term, extensions included ('365 days
 * from first activation'). Null once it has ended.
 */
export function termSummary(l: { expireDate: string | null; termDays: number }, now: Date = new Date()): string | null {
  if (!l.expireDate) return `${l.termDays} days from first activation`;
  const left = daysLeft(l.expireDate, now);
  if (left <= 0) return null;
  return left === 1 ? "1 day left" : `${left} days left`;
}
