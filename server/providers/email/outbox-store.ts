// The outbox's state changes, one statement each. Every time comes from the database's now(),
// so many instances agree on "due" and "claimed" whatever their own clocks say.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";

export const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 12;
const RETRY_DELAYS_SECONDS = [2, 10, 60, 300, 900, 3600];

/** Seconds to wait after the given number of failed attempts: 2 s, 10 s, 1 min, 5 min, 15 min, then hourly. */
export function retryDelaySeconds(failedAttempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1];
}

export interface ClaimedEmail {
  id: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  attempts: number;
}

/**
 * Claims up to `limit` due e-mails for CLAIM_SECONDS. SKIP LOCKED lets concurrent workers take
 * disjoint rows without waiting; locked_until keeps a row claimed after this statement commits.
 */
export async function claimDueEmails(db: Db, limit: number): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
      text: emailOutbox.text,
      template: emailOutbox.template,
      attempts: emailOutbox.attempts,
    });
}

/** Guarded by status so a success is recorded once, even if a stale claim sent it twice. */
export async function markEmailSent(db: Db, id: string, messageId: string | undefined): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, messageId: messageId ?? null, lockedUntil: null, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

/** Records a failed attempt; returns whether the e-mail is now dead (no more retries). */
export async function markEmailFailed(db: Db, email: ClaimedEmail, error: string): Promise<{ dead: boolean; retryInSeconds: number }> {
  const attempts = email.attempts + 1;
  const dead = attempts >= MAX_ATTEMPTS;
  const retryInSeconds = retryDelaySeconds(attempts);
  await db
    .update(emailOutbox)
    .set({
      attempts,
      lastError: error,
      status: dead ? "dead" : "pending",
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
      lockedUntil: null,
    })
    .where(and(eq(emailOutbox.id, email.id), eq(emailOutbox.status, "pending")));
  return { dead, retryInSeconds };
}

/** Hands unsent claims back (on stop, or when a slow batch nears its claim's end). */
export async function releaseClaims(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "pending")));
}
