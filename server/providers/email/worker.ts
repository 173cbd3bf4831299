// Drains the e-mail outbox. Safe with many instances on one database: rows are claimed with
// SKIP LOCKED and a time-limited claim. An SMTP failure only delays an e-mail; a send is recorded once.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { CLAIM_SECONDS, MAX_ATTEMPTS, claimDueEmails, markEmailFailed, markEmailSent, releaseClaims, type ClaimedEmail } from "./outbox-store";
import type { EmailTransport } from "./transport";

// A send is aborted after SEND_TIMEOUT_MS, and no send starts once the claim has less than
// SEND_TIMEOUT_MS + a margin left: no e-mail is still being sent when its claim runs out.
const SEND_TIMEOUT_MS = 45_000;
const START_SENDS_WITHIN_MS = CLAIM_SECONDS * 1000 - SEND_TIMEOUT_MS - 15_000;

export interface OutboxWorkerOptions {
  db: Db;
  transport: EmailTransport;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Sends in flight at once (the SMTP transport pools as many connections). */
  concurrency?: number;
}

export interface OutboxWorker {
  /** Look for work now (after a new e-mail was queued) instead of at the next poll. */
  kick(): void;
  /** Stops polling and resolves once the batch in flight has finished. */
  stop(): Promise<void>;
  /** Claims and sends one batch; resolves to the number sent. Rejects only if the claim query fails. */
  drainOnce(): Promise<number>;
}

export function describeSendError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const message = typeof e.message === "string" ? e.message : String(err);
  const text = [e.code, e.responseCode, message].filter((part) => part !== undefined && part !== "").join(" ");
  // Connection URLs can carry credentials (smtp://user:pass@host).
  return text.replace(/\/\/[^\s/@]+@/g, "//[redacted]@").slice(0, 500);
}

export const SEND_CONCURRENCY = 5;

export function startOutboxWorker({ db, transport, logger, pollMs = 1000, batchSize = 20, concurrency = SEND_CONCURRENCY }: OutboxWorkerOptions): OutboxWorker {
  const log = logger.child({ component: "email-outbox" });
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let looping = false;
  let kickedWhileLooping = false;

  async function deliver(email: ClaimedEmail): Promise<boolean> {
    let messageId: string | undefined;
    try {
      const info = await transport.sendMail({
        to: email.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      messageId = info.messageId;
    } catch (err) {
      const error = describeSendError(err);
      // Never log the subject or body: they carry one-time codes and links.
      const { dead, retryInSeconds } = await markEmailFailed(db, email, error);
      if (dead) log.error({ outboxId: email.id, template: email.template, attempts: MAX_ATTEMPTS, error }, "e-mail undeliverable; marked dead");
      else log.warn({ outboxId: email.id, template: email.template, attempt: email.attempts + 1, retryInSeconds, error }, "e-mail send failed; will retry");
      return false;
    }
    await recordSent(email, messageId);
    return true;
  }

  // The message is out: retry the bookkeeping briefly, since a lost record means a second send once the claim ends.
  async function recordSent(email: ClaimedEmail, messageId: string | undefined) {
    for (let attempt = 1; ; attempt++) {
      try {
        await markEmailSent(db, email.id, messageId);
        log.info({ outboxId: email.id, template: email.template }, "e-mail sent");
        return;
      } catch (err) {
        if (attempt >= 3) {
          log.error({ err, outboxId: email.id }, "e-mail sent but not recorded; it may be sent again");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  async function runBatch(): Promise<{ claimed: number; sent: number }> {
    if (stopping) return { claimed: 0, sent: 0 };
    const emails = await claimDueEmails(db, batchSize);
    const claimedAt = performance.now();
    let sent = 0;
    let next = 0;
    const unsent: string[] = [];
    // A few sends at once over the transport's pooled connections; each runner takes the next
    // e-mail until none is left or the claim is too old to start another send.
    const runner = async () => {
      while (next < emails.length) {
        const email = emails[next++]!;
        if (stopping || performance.now() - claimedAt > START_SENDS_WITHIN_MS) {
          unsent.push(email.id);
          continue;
        }
        try {
          if (await deliver(email)) sent++;
        } catch (err) {
          // Recording the failure failed (database trouble): the claim expires and the e-mail is retried.
          log.error({ err, outboxId: email.id }, "e-mail attempt not recorded");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, emails.length) }, runner));
    if (unsent.length) {
      await releaseClaims(db, unsent).catch((err) => log.warn({ err }, "could not release claims; they expire on their own"));
    }
    return { claimed: emails.length, sent };
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    work.then(() => inFlight.delete(work), () => inFlight.delete(work));
    return work;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), delayMs);
    timer.unref();
  }

  async function loop() {
    if (looping) {
      kickedWhileLooping = true;
      return;
    }
    looping = true;
    let busy = false;
    try {
      busy = (await track(runBatch())).claimed === batchSize;
    } catch (err) {
      log.error({ err }, "e-mail outbox poll failed; will retry");
    } finally {
      looping = false;
    }
    const again = busy || kickedWhileLooping;
    kickedWhileLooping = false;
    schedule(again ? 0 : pollMs);
  }

  // The first poll waits one interval, letting the server finish starting up.
  schedule(pollMs);

  return {
    kick: () => {
      if (looping) kickedWhileLooping = true;
      else schedule(0);
    },
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
    drainOnce: async () => (await track(runBatch())).sent,
  };
}
