// A licence's term, the one rule for moving it (issue #31): a paid extension by device key or by
// renewal (orders/fulfil.ts), support's extension (admin-actions.ts), a refund taking a renewal's
// days back (refunds/reversal.ts) and the first activation (tool.ts) all go through here.
// A licence is either activated (it has an expiry date) or not yet (its term, in days, starts at
// its first activation). Pure: no database, the caller holds the licence's row lock.
import { DAY_MS } from "../../../contracts/units";

/** What a licence's term is: an expiry once activated, else the days it will run from activation. */
export interface LicenseTerm {
  expireDate: Date | null;
  termDays: number;
}

/**
 * The term after adding `days` (or taking them away when negative).
 * - Activated, days added: counted from the later of now and the expiry, so days paid for an
 *   expired licence are days of use, not days already gone.
 * - Activated, days taken away: taken off the expiry as it stands; the expiry may fall before now
 *   (the licence has then ended), it is never clamped.
 * - Not yet activated: no dates to move, the term that starts at activation grows or shrinks,
 *   never below 0 days.
 */
export function shiftTerm(term: LicenseTerm, days: number, now: Date): LicenseTerm {
  if (!Number.isSafeInteger(days)) throw new RangeError(`A term moves by whole days, got ${days}`);
  if (!term.expireDate) return { expireDate: null, termDays: Math.max(0, term.termDays + days) };
  const from = days > 0 && term.expireDate < now ? now : term.expireDate;
  return { expireDate: new Date(from.getTime() + days * DAY_MS), termDays: term.termDays };
}

/** The expiry a licence has once activated: its own, or its term counted from `now` (the first activation). */
export function activatedExpiry(term: LicenseTerm, now: Date): Date {
  return term.expireDate ?? new Date(now.getTime() + term.termDays * DAY_MS);
}
