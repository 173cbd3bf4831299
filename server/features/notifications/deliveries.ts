// The deliveries outbox on the shared durable queue: claims, outcomes with their attempt log,
// the webhook body, the admin console's log and replay.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Delivery, DeliveryDetail, DeliveryList, DeliveryQuery, ShopEventType } from "../../../contracts/notifications";
import type { Db } from "../../db/client";
import { deliveries, deliveryAttempts, shopEvents, webhookEndpoints } from "../../db/schema";
import { createQueueStore, retryDelaySeconds } from "../../lib/durable-queue";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../../contracts/units";

export const DELIVERY_CLAIM_SECONDS = 60;
/** Webhooks: retried for about a day, then failed (7 attempts: now, +1 min, +5 min, +30 min, +2 h, +6 h, +12 h). */
export const WEBHOOK_RETRY_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;
/** Telegram: sooner at first (the seller is waiting), about a day in all. */
export const TELEGRAM_RETRY_SECONDS = [10, 60, 300, 1_800, 7_200, 21_600, 43_200] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;
export const TELEGRAM_MAX_ATTEMPTS = TELEGRAM_RETRY_SECONDS.length + 1;

export const deliveryQueue = createQueueStore(deliveries, {
  claimSeconds: DELIVERY_CLAIM_SECONDS,
  retryDelaysSeconds: WEBHOOK_RETRY_SECONDS,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  doneStatus: "delivered",
  deadStatus: "failed",
});

export function scheduleOf(channel: "webhook" | "telegram") {
  return channel === "webhook"
    ? { delays: WEBHOOK_RETRY_SECONDS, maxAttempts: WEBHOOK_MAX_ATTEMPTS }
    : { delays: TELEGRAM_RETRY_SECONDS, maxAttempts: TELEGRAM_MAX_ATTEMPTS };
}

export interface ClaimedDelivery {
  id: string;
  eventId: string;
  channel: "webhook" | "telegram";
  endpointId: string | null;
  chatId: string | null;
  attempts: number;
}

export async function claimDueDeliveries(db: Db, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await deliveryQueue.claim(db, limit, {
    id: deliveries.id,
    eventId: deliveries.eventId,
    channel: deliveries.channel,
    endpointId: deliveries.endpointId,
    chatId: deliveries.chatId,
    attempts: deliveries.attempts,
  });
  return rows as unknown as ClaimedDelivery[];
}

export type EventRow = typeof shopEvents.$inferSelect;

/**
 * The webhook body: { id, eventId, type, createdAt, data }. `id` is the delivery's (the same in
 * the Keyshop-Webhook-Id header, on every retry and replay): receivers de-duplicate on it.
 */
export function webhookBody(deliveryId: string, event: EventRow): string {
  return JSON.stringify({ id: deliveryId, eventId: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

/** One attempt's outcome, written to the attempt log and onto the delivery. */
export interface AttemptOutcome {
  status: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
}

async function logAttempt(db: Db, id: string, outcome: AttemptOutcome) {
  await db.insert(deliveryAttempts).values({ deliveryId: id, status: outcome.status, error: outcome.error, response: outcome.response, durationMs: outcome.durationMs });
}

const attemptColumns = (outcome: AttemptOutcome) => ({
  lastStatus: outcome.status,
  lastResponse: outcome.response,
  lastAttemptAt: sql`now()`,
  attemptCount: sql`${deliveries.attemptCount} + 1`,
});

export async function recordDelivered(db: Db, id: string, outcome: AttemptOutcome): Promise<void> {
  await logAttempt(db, id, outcome);
  await deliveryQueue.markDone(db, id, { ...attemptColumns(outcome), deliveredAt: sql`now()` });
}

/**
 * A failed attempt: retried on the channel's schedule, or after `retryAfter` seconds (a 429) without
 * using up the schedule, or given up at once (`permanent`, or after the last attempt).
 */
export async function recordFailed(db: Db, delivery: ClaimedDelivery, outcome: AttemptOutcome, opts: { retryAfter?: number; permanent?: boolean } = {}) {
  await logAttempt(db, delivery.id, outcome);
  const { delays, maxAttempts } = scheduleOf(delivery.channel);
  const throttled = opts.retryAfter !== undefined;
  const attempts = throttled ? delivery.attempts : delivery.attempts + 1;
  return deliveryQueue.markFailed(db, delivery, outcome.error ?? `HTTP ${outcome.status}`, {
    set: attemptColumns(outcome),
    countsAsFailure: !throttled,
    delaySeconds: throttled ? Math.max(1, Math.ceil(opts.retryAfter!)) : retryDelaySeconds(delays, attempts),
    giveUp: opts.permanent === true || (!throttled && attempts >= maxAttempts),
  });
}

// ---- The admin console's log ------------------------------------------------------------------

type DeliveryRow = typeof deliveries.$inferSelect & { eventType: string; url: string | null };

function toDeliveryDto(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as ShopEventType,
    channel: row.channel,
    endpointId: row.endpointId,
    target: row.channel === "webhook" ? (row.url ?? "") : `Telegram chat ${row.chatId ?? ""}`,
    status: row.status,
    attempts: row.attemptCount,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastResponse: row.lastResponse,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const withEvent = { eventType: shopEvents.type, url: webhookEndpoints.url };

function selectDeliveries(db: Db) {
  return db
    .select({ ...deliveriesColumns(), ...withEvent })
    .from(deliveries)
    .innerJoin(shopEvents, eq(shopEvents.id, deliveries.eventId))
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, deliveries.endpointId));
}

function deliveriesColumns() {
  const { id, eventId, channel, endpointId, chatId, status, attempts, attemptCount, nextAttemptAt, lockedUntil, lastError, lastStatus, lastResponse, lastAttemptAt, deliveredAt, createdAt } = deliveries;
  return { id, eventId, channel, endpointId, chatId, status, attempts, attemptCount, nextAttemptAt, lockedUntil, lastError, lastStatus, lastResponse, lastAttemptAt, deliveredAt, createdAt };
}

export async function listDeliveries(db: Db, query: DeliveryQuery): Promise<DeliveryList> {
  const where = and(
    query.endpointId ? eq(deliveries.endpointId, query.endpointId) : undefined,
    query.channel ? eq(deliveries.channel, query.channel) : undefined,
    query.status ? eq(deliveries.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectDeliveries(db)
      .where(where)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(deliveries).where(where),
  ]);
  return { deliveries: rows.map(toDeliveryDto), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}


async function findDelivery(db: Db, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such delivery");
  const [row] = await selectDeliveries(db).where(eq(deliveries.id, id));
  if (!row) throw new AppError("NOT_FOUND", "No such delivery");
  return row;
}

export async function getDeliveryDetail(db: Db, id: string, render: (row: { id: string; channel: "webhook" | "telegram" }, event: EventRow) => string): Promise<DeliveryDetail> {
  const row = await findDelivery(db, id);
  const [[event], attempts] = await Promise.all([
    db.select().from(shopEvents).where(eq(shopEvents.id, row.eventId)),
    db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, id)).orderBy(desc(deliveryAttempts.at)).limit(50),
  ]);
  return {
    delivery: toDeliveryDto(row),
    payload: render(row, event!),
    attemptLog: attempts.map((a) => ({ at: a.at.toISOString(), status: a.status, error: a.error, response: a.response, durationMs: a.durationMs })),
  };
}

/**
 * Replay: the delivery is queued again at once with a fresh retry schedule (same id, so a receiver
 * that already has it can tell). One being attempted right now is refused (409) rather than sent twice at once.
 */
export async function replayDelivery(db: Db, id: string): Promise<Delivery> {
  await findDelivery(db, id);
  const [updated] = await db
    .update(deliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(deliveries.id, id), sql`(${deliveries.status} <> 'pending' or ${deliveries.lockedUntil} is null or ${deliveries.lockedUntil} < now())`))
    .returning({ id: deliveries.id });
  if (!updated) throw new AppError("CONFLICT", "This delivery is being attempted right now; replay it once the attempt is over.");
  return toDeliveryDto(await findDelivery(db, id));
}

/** Delivered, failed and pending counts per endpoint (and for Telegram: endpoint null). */
export async function deliveryCounts(db: Db, endpointIds: string[]) {
  const rows = await db
    .select({
      endpointId: deliveries.endpointId,
      channel: deliveries.channel,
      status: deliveries.status,
      n: count(),
      last: sql<string | null>`max(${deliveries.createdAt})`,
    })
    .from(deliveries)
    .where(endpointIds.length ? sql`(${inArray(deliveries.endpointId, endpointIds)} or ${deliveries.channel} = 'telegram')` : eq(deliveries.channel, "telegram"))
    .groupBy(deliveries.endpointId, deliveries.channel, deliveries.status);
  const counts = new Map<string, { pending: number; delivered: number; failed: number; last: string | null }>();
  for (const row of rows) {
    const key = row.channel === "telegram" ? "telegram" : row.endpointId!;
    const entry = counts.get(key) ?? { pending: 0, delivered: 0, failed: 0, last: null };
    entry[row.status] += Number(row.n);
    const last = row.last ? new Date(row.last).toISOString() : null;
    if (last && (!entry.last || last > entry.last)) entry.last = last;
    counts.set(key, entry);
  }
  return counts;
}
