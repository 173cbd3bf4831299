// Drains the e-mail outbox on the shared durable queue (server/lib/durable-queue.ts). Safe with many
// instances on one database: rows are claimed with SKIP LOCKED and a time-limited claim. An SMTP
// failure only delays an e-mail; a send is recorded once.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { recordWithRetries, startQueueWorker, type QueueWorker } from "../../lib/durable-queue";
import { CLAIM_SECONDS, MAX_ATTEMPTS, claimDueEmails, markEmailFailed, markEmailSent, releaseClaims, type ClaimedEmail } from "./outbox-store";
import type { EmailTransport } from "./transport";

// A send is aborted after SEND_TIMEOUT_MS, and no send starts once the claim has less than
// SEND_TIMEOUT_MS + a margin left: no e-mail is still being sent when its claim runs out.
const SEND_TIMEOUT_MS = 45_000;

export interface OutboxWorkerOptions {
  db: Db;
  transport: EmailTransport;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Sends in flight at once (the SMTP transport pools as many connections). */
  concurrency?: number;
}

export type OutboxWorker = QueueWorker;

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

  async function deliver(email: ClaimedEmail): Promise<boolean> {
    let messageId: string | undefined;
    try {
      const info = await transport.sendMail({
        to: email.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.headers ? { headers: email.headers } : {}),
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
    // The message is out: retry the bookkeeping briefly, since a lost record means a second send once the claim ends.
    await recordWithRetries(
      async () => {
        await markEmailSent(db, email.id, messageId);
        log.info({ outboxId: email.id, template: email.template }, "e-mail sent");
      },
      (err) => log.error({ err, outboxId: email.id }, "e-mail sent but not recorded; it may be sent again"),
    );
    return true;
  }

  return startQueueWorker<ClaimedEmail>({
    name: "email-outbox",
    logger,
    claimSeconds: CLAIM_SECONDS,
    jobTimeoutMs: SEND_TIMEOUT_MS,
    pollMs,
    batchSize,
    concurrency,
    claim: (limit) => claimDueEmails(db, limit),
    run: deliver,
    release: (ids) => releaseClaims(db, ids),
  });
}
