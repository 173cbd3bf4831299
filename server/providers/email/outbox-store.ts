// The outbox's state changes, one statement each, on the shared durable queue
// (server/lib/durable-queue.ts: SKIP LOCKED claims, retry schedule, given up after MAX_ATTEMPTS).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { createQueueStore, retryDelaySeconds as delayFrom } from "../../lib/durable-queue";

export const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 12;
const RETRY_DELAYS_SECONDS = [2, 10, 60, 300, 900, 3600];

export const emailQueue = createQueueStore(emailOutbox, {
  claimSeconds: CLAIM_SECONDS,
  retryDelaysSeconds: RETRY_DELAYS_SECONDS,
  maxAttempts: MAX_ATTEMPTS,
  doneStatus: "sent",
  deadStatus: "dead",
});

/** Seconds to wait after the given number of failed attempts: 2 s, 10 s, 1 min, 5 min, 15 min, then hourly. */
export function retryDelaySeconds(failedAttempts: number): number {
  return delayFrom(RETRY_DELAYS_SECONDS, failedAttempts);
}

export interface ClaimedEmail {
  id: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  attempts: number;
  headers: Record<string, string> | null;
}

/** Claims up to `limit` due e-mails for CLAIM_SECONDS (disjoint rows for concurrent workers). */
export async function claimDueEmails(db: Db, limit: number): Promise<ClaimedEmail[]> {
  const rows = await emailQueue.claim(db, limit, {
    id: emailOutbox.id,
    toAddress: emailOutbox.toAddress,
    subject: emailOutbox.subject,
    html: emailOutbox.html,
    text: emailOutbox.text,
    template: emailOutbox.template,
    attempts: emailOutbox.attempts,
    headers: emailOutbox.headers,
  });
  return rows as unknown as ClaimedEmail[];
}

/** Guarded by status so a success is recorded once, even if a stale claim sent it twice. */
export async function markEmailSent(db: Db, id: string, messageId: string | undefined): Promise<void> {
  await emailQueue.markDone(db, id, { sentAt: sql`now()`, messageId: messageId ?? null });
}

/** Records a failed attempt; returns whether the e-mail is now dead (no more retries). */
export async function markEmailFailed(db: Db, email: ClaimedEmail, error: string): Promise<{ dead: boolean; retryInSeconds: number }> {
  const { dead, retryInSeconds } = await emailQueue.markFailed(db, email, error);
  return { dead, retryInSeconds };
}

/** Hands unsent claims back (on stop, or when a slow batch nears its claim's end). */
export function releaseClaims(db: Db, ids: string[]): Promise<void> {
  return emailQueue.release(db, ids);
}
