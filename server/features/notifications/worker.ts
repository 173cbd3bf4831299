// Drains the deliveries outbox (webhooks and Telegram messages) on the shared durable queue:
// claimed with SKIP LOCKED (several instances share the work), at least once (a delivery whose
// outcome could not be recorded is sent again when its claim lapses: receivers de-duplicate on
// its id), retried with backoff (deliveries.ts), every attempt logged.
import { inArray } from "drizzle-orm";
import type { ShopEventType } from "../../../contracts/notifications";
import { STANDARD_WEBHOOK_HEADERS, WEBHOOK_HEADERS } from "../../../contracts/notifications";
import type { TelegramConfig } from "../../config";
import type { Db } from "../../db/client";
import { shopEvents, webhookEndpoints } from "../../db/schema";
import { recordWithRetries, startQueueWorker, type QueueWorker } from "../../lib/durable-queue";
import type { Logger } from "../../lib/logger";
import { systemResolver, type AddressPolicy, type Resolver } from "./address-guard";
import { DELIVERY_CLAIM_SECONDS, claimDueDeliveries, deliveryQueue, recordDelivered, recordFailed, webhookBody, type AttemptOutcome, type ClaimedDelivery, type EventRow } from "./deliveries";
import { signingSecrets } from "./endpoints";
import { signatureHeader, standardSignatureHeader } from "./signing";
import { redactToken, sendTelegramMessage, TELEGRAM_TIMEOUT_MS } from "./telegram";
import { renderTelegramMessage } from "./telegram-messages";
import { postWebhook, WebhookSendError, WEBHOOK_TIMEOUT_MS } from "./webhook-client";

export interface DeliveryWorkerOptions {
  db: Db;
  logger: Logger;
  /** AUTH_SECRET: the endpoints' signing secrets are stored encrypted with it. */
  secret: string;
  telegram: TelegramConfig;
  /** Links in Telegram messages. */
  baseUrl: string;
  policy: AddressPolicy;
  resolver?: Resolver;
  pollMs?: number;
  batchSize?: number;
  concurrency?: number;
  timeoutMs?: number;
  /** Unix seconds for the signature's timestamp (tests). */
  clock?: () => number;
}

type Job = ClaimedDelivery & { event?: EventRow; endpoint?: typeof webhookEndpoints.$inferSelect };

export function startDeliveryWorker(options: DeliveryWorkerOptions): QueueWorker {
  const { db, logger, secret, telegram, baseUrl, policy, resolver = systemResolver } = options;
  const log = logger.child({ component: "deliveries" });
  const timeoutMs = options.timeoutMs ?? Math.max(WEBHOOK_TIMEOUT_MS, TELEGRAM_TIMEOUT_MS);
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));

  async function claim(limit: number): Promise<Job[]> {
    const claimed = await claimDueDeliveries(db, limit);
    if (!claimed.length) return [];
    const eventIds = [...new Set(claimed.map((d) => d.eventId))];
    const endpointIds = [...new Set(claimed.map((d) => d.endpointId).filter((id): id is string => Boolean(id)))];
    const [events, endpoints] = await Promise.all([
      db.select().from(shopEvents).where(inArray(shopEvents.id, eventIds)),
      endpointIds.length ? db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)) : Promise.resolve([]),
    ]);
    const eventById = new Map(events.map((e) => [e.id, e]));
    const endpointById = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.map((d) => ({ ...d, event: eventById.get(d.eventId), endpoint: d.endpointId ? endpointById.get(d.endpointId) : undefined }));
  }

  async function succeeded(job: Job, outcome: AttemptOutcome) {
    await recordWithRetries(
      () => recordDelivered(db, job.id, outcome),
      (err) => log.error({ err, deliveryId: job.id }, "delivered but not recorded; it may be sent again"),
    );
    log.info({ deliveryId: job.id, channel: job.channel, type: job.event?.type, status: outcome.status }, "notification delivered");
    return true;
  }

  async function failed(job: Job, outcome: AttemptOutcome, opts: { retryAfter?: number; permanent?: boolean } = {}) {
    const { dead, retryInSeconds, attempts } = await recordFailed(db, job, outcome, opts);
    const fields = { deliveryId: job.id, channel: job.channel, type: job.event?.type, endpointId: job.endpointId, status: outcome.status, error: outcome.error, attempt: attempts };
    if (dead) log.error(fields, "notification not delivered; given up (replay it from the admin console)");
    else log.warn({ ...fields, retryInSeconds }, "notification not delivered; will retry");
    return false;
  }

  async function deliverWebhook(job: Job, event: EventRow): Promise<boolean> {
    const endpoint = job.endpoint;
    if (!endpoint || !endpoint.active) return failed(job, { status: null, response: null, error: "the endpoint is paused", durationMs: 0 }, { permanent: true });
    const body = webhookBody(job.id, event);
    const timestamp = clock();
    const secrets = signingSecrets(secret, endpoint);
    const started = performance.now();
    try {
      const answer = await postWebhook({
        url: endpoint.url,
        body,
        policy,
        resolver,
        timeoutMs,
        headers: {
          [WEBHOOK_HEADERS.id]: job.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, timestamp, body),
          [STANDARD_WEBHOOK_HEADERS.id]: job.id,
          [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [STANDARD_WEBHOOK_HEADERS.signature]: standardSignatureHeader(secrets, job.id, timestamp, body),
          "keyshop-event-type": event.type,
        },
      });
      const outcome = { status: answer.status, response: answer.snippet || null, error: null, durationMs: answer.durationMs };
      if (answer.status >= 200 && answer.status < 300) return succeeded(job, outcome);
      // Anything else is a failure, redirects included (they are not followed).
      return failed(job, { ...outcome, error: `HTTP ${answer.status}` });
    } catch (err) {
      const message = err instanceof WebhookSendError ? err.message : String((err as Error)?.message ?? err).slice(0, 300);
      return failed(job, { status: null, response: null, error: message, durationMs: Math.round(performance.now() - started) });
    }
  }

  async function deliverTelegram(job: Job, event: EventRow): Promise<boolean> {
    if (telegram.mode === "off") return failed(job, { status: null, response: null, error: "Telegram is not configured", durationMs: 0 }, { permanent: true });
    const text = renderTelegramMessage(event.type as ShopEventType, event.data, baseUrl);
    const started = performance.now();
    const result = await sendTelegramMessage(telegram, { chatId: job.chatId!, text }, timeoutMs);
    const durationMs = Math.round(performance.now() - started);
    const outcome = { status: result.status || null, response: result.snippet || null, error: result.ok ? null : redactToken(result.description, telegram.token), durationMs };
    if (result.ok) return succeeded(job, outcome);
    // 429: Telegram says when to come back; that wait does not use up the retry schedule.
    if (result.status === 429) return failed(job, outcome, { retryAfter: result.retryAfter });
    return failed(job, outcome, { permanent: result.permanent });
  }

  async function run(job: Job): Promise<boolean> {
    const event = job.event;
    if (!event) return failed(job, { status: null, response: null, error: "the event is gone", durationMs: 0 }, { permanent: true });
    return job.channel === "webhook" ? deliverWebhook(job, event) : deliverTelegram(job, event);
  }

  return startQueueWorker<Job>({
    name: "deliveries",
    logger,
    claimSeconds: DELIVERY_CLAIM_SECONDS,
    jobTimeoutMs: timeoutMs,
    pollMs: options.pollMs ?? 1000,
    batchSize: options.batchSize,
    concurrency: options.concurrency ?? 5,
    claim,
    run,
    release: (ids) => deliveryQueue.release(db, ids),
  });
}

/** What a delivery sends, for the admin console's detail view. */
export function renderDeliveryPayload(baseUrl: string) {
  return (row: { id: string; channel: "webhook" | "telegram" }, event: EventRow) =>
    row.channel === "webhook" ? webhookBody(row.id, event) : renderTelegramMessage(event.type as ShopEventType, event.data, baseUrl);
}
