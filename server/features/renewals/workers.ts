// The time-driven passes of renewals (decision 026): expiry reminders and abandoned checkouts.
// Each pass takes its `now`, so the test API runs them at any time (POST /dev/test-api/workers/run).
// Once-only across instances: each e-mail is queued in the transaction that inserts its marker row
// (`insert … on conflict do nothing returning`); the loser of a race inserts nothing, sends nothing.
import { and, eq, sql } from "drizzle-orm";
import { calendarDaysBetween } from "../../../contracts/dates";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import { checkoutRecoveries, licenseReminders, licenses } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { enqueueEmail } from "../../providers/email/outbox";
import { recordLicenseExpiring } from "../notifications/events";
import { RENEW_LINK_DAYS_AFTER_EXPIRY, renewUrl, unsubscribeUrl } from "./token";
import { DAY_MS } from "../../../contracts/units";

/** Days before the term's end a reminder goes out (0: on the day it ends). */
export const REMINDER_STAGES = [7, 3, 1, 0] as const;
/** An unpaid checkout is e-mailed about once it is closed and at least this old… */
const ABANDONED_AFTER_MS = 60 * 60_000;
/** …and at most this old (older ones are left alone). */
const ABANDONED_WITHIN_MS = 3 * DAY_MS;

export interface RenewalWorkerDeps {
  db: Db;
  baseUrl: string;
  /** AUTH_SECRET: the renew and unsubscribe links are signed with it. */
  secret: string;
  /** SHOP_TIME_ZONE: the dates in the reminders. */
  shopTimeZone: string;
  logger: Logger;
  onEmailQueued?: () => void;
}

/** Calendar days in the shop's time zone from `now` to `end`: 0 on the day the term ends. */
export function calendarDaysLeft(end: Date, now: Date, timeZone: string): number {
  return calendarDaysBetween(now, end, timeZone);
}

type Candidate = { id: string; expire_date: string | Date; locale: string | null };

/**
 * One pass of expiry reminders at `now`: every running licence whose term ends 7, 3 or 1 days from
 * today or today (calendar days in the shop's time zone, the e-mail's dates' too), whose owner has
 * not turned reminders off, gets that stage's e-mail once per term (a renewal moves the term's
 * end: a new term, reminded afresh).
 */
export async function sendExpiryReminders(deps: RenewalWorkerDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const tz = deps.shopTimeZone;
  const candidates = await queryRows<Candidate>(
    deps.db,
    // Only licences due a stage today and not yet reminded of it (the index on expire_date bounds
    // the scan to eight days of expiries), so a batch is never filled with ones to skip.
    sql`select c.id, c.expire_date,
               (select o.locale from orders o where o.email = c.email order by o.created_at desc limit 1) as locale
          from (select l.id, l.email, l.user_id, l.expire_date,
                       (l.expire_date at time zone ${tz})::date - (${at}::timestamptz at time zone ${tz})::date as stage
                  from licenses l
                 where l.expire_date >= date_trunc('day', ${at}::timestamptz at time zone ${tz}) at time zone ${tz}
                   and l.expire_date < ${at}::timestamptz + interval '8 days'
                   and l.revoked_at is null and l.suspended_at is null
                   and (l.license_key is null or position('expirekey_' in l.license_key) = 0)) c
         where c.stage in (${sql.raw(REMINDER_STAGES.join(", "))})
           and not exists (select 1 from licence_reminders r where r.licence_id = c.id and r.term_end = c.expire_date and r.stage = c.stage)
           and not exists (select 1 from "user" u where (u.id = c.user_id or u.email = c.email) and not u.expiry_reminders)
         order by c.expire_date
         limit 500`,
  );
  let sent = 0;
  for (const c of candidates) {
    const termEnd = new Date(c.expire_date);
    const stage = calendarDaysLeft(termEnd, now, tz);
    if (!(REMINDER_STAGES as readonly number[]).includes(stage)) continue;
    const queued = await deps.db.transaction(async (tx) => {
      // The licence as it is now, locked: a renewal committed since the look above is a new term.
      const [license] = await tx.select().from(licenses).where(eq(licenses.id, c.id)).for("update");
      if (!license?.expireDate || license.expireDate.getTime() !== termEnd.getTime() || license.revokedAt) return false;
      const [marker] = await tx
        .insert(licenseReminders)
        .values({ licenceId: license.id, termEnd, stage, sentAt: now })
        .onConflictDoNothing()
        .returning({ stage: licenseReminders.stage });
      if (!marker) return false;
      const [plan] = await queryRows<{ months: number }>(tx, sql`select months from plans where id = ${license.planId}`);
      const [owner] = await queryRows<{ id: string }>(tx, sql`select id from "user" where id = ${license.userId} or email = ${license.email} limit 1`);
      const unsubscribe = owner ? unsubscribeUrl(deps.baseUrl, deps.secret, owner.id) : null;
      // In the owner's language: their account's, else that of their latest order (decision 040).
      await enqueueEmail(tx, {
        to: license.email,
        template: "licence-expiring",
        timeZone: deps.shopTimeZone,
        fallbackLanguage: c.locale,
        props: {
          licenseName: license.name,
          planMonths: plan ? Number(plan.months) : null,
          daysLeft: stage,
          expireDate: termEnd.toISOString(),
          renewUrl: renewUrl(deps.baseUrl, deps.secret, license.id, termEnd),
          linkExpires: new Date(termEnd.getTime() + RENEW_LINK_DAYS_AFTER_EXPIRY * DAY_MS).toISOString(),
          profileUrl: `${deps.baseUrl}/profile`,
        },
        ...(unsubscribe ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
      });
      await recordLicenseExpiring(tx, license, { daysLeft: stage });
      return true;
    });
    if (queued) sent++;
  }
  if (sent) deps.onEmailQueued?.();
  return sent;
}

type Abandoned = { id: string; user_id: string; email: string; plan_id: string; months: number | string; amount_mills: number | string; locale: string; created_at: string | Date };

/**
 * One pass of abandoned checkouts at `now`: a signed-in customer's plan checkout that was not paid
 * and is closed (cancelled: the window was closed or it ran out) gets one e-mail with a fresh link
 * to the same plan; never more than one such e-mail per customer and UTC day, none for a checkout
 * followed by a purchase (or another checkout still open), none for a renewal (reminders cover those).
 */
export async function recoverAbandonedCheckouts(deps: RenewalWorkerDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const day = at.slice(0, 10);
  const rows = await queryRows<Abandoned>(
    deps.db,
    sql`select distinct on (o.user_id) o.id, o.user_id, o.email, o.plan_id, p.months, o.amount_mills, o.locale, o.created_at
          from orders o join plans p on p.id = o.plan_id
         where o.kind = 'plan' and o.status = 'cancelled' and o.user_id is not null and o.plan_id is not null
           and o.renew_license_id is null
           -- A reseller's bulk order (decision 080) is not a customer's abandoned cart: the Reseller page has it.
           and o.quantity = 1
           and o.created_at <= ${at}::timestamptz - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})
           and o.created_at > ${at}::timestamptz - make_interval(secs => ${ABANDONED_WITHIN_MS / 1000})
           and not exists (select 1 from checkout_recoveries r where r.order_id = o.id)
         order by o.user_id, o.created_at desc
         limit 200`,
  );
  let sent = 0;
  for (const o of rows) {
    const queued = await deps.db.transaction(async (tx) => {
      // Bought since, or another checkout open: nothing to recover.
      const [since] = await queryRows<{ id: string }>(
        tx,
        sql`select id from orders where user_id = ${o.user_id} and kind = 'plan' and created_at > ${new Date(o.created_at).toISOString()}::timestamptz
              and status in ('paid', 'pending', 'refunded') limit 1`,
      );
      if (since) return false;
      const [marker] = await tx
        .insert(checkoutRecoveries)
        .values({ userId: o.user_id, day, orderId: o.id, sentAt: now })
        .onConflictDoNothing()
        .returning({ orderId: checkoutRecoveries.orderId });
      if (!marker) return false;
      await enqueueEmail(tx, {
        to: o.email,
        template: "checkout-abandoned",
        timeZone: deps.shopTimeZone,
        fallbackLanguage: o.locale,
        props: {
          planMonths: Number(o.months),
          amountMills: Number(o.amount_mills),
          checkoutUrl: `${deps.baseUrl}/license-keys?buy=${encodeURIComponent(o.plan_id)}`,
        },
      });
      return true;
    });
    if (queued) sent++;
  }
  if (sent) deps.onEmailQueued?.();
  return sent;
}

/** Whether the licence already had this stage's reminder for this term (tests, the admin). */
export async function reminderSent(db: Db, licenseId: string, termEnd: Date, stage: number): Promise<boolean> {
  const [row] = await db
    .select({ stage: licenseReminders.stage })
    .from(licenseReminders)
    .where(and(eq(licenseReminders.licenceId, licenseId), eq(licenseReminders.termEnd, termEnd), eq(licenseReminders.stage, stage)));
  return !!row;
}
