// The shop's event bus (docs/decisions/027): an event is written in the SAME transaction as its
// cause (an order paid, a code recorded…), and in the same statement fanned out to its deliveries:
// one per subscribed active webhook endpoint, one per Telegram chat when the settings enable the
// type. The deliveries worker (worker.ts) sends them afterwards, retried, at least once, each with
// its own idempotency id. A rolled-back cause leaves no event and nothing to send.
//
// Other features call the typed helpers below (recordOrderPaid, recordOrderRefunded,
// recordRefundRequested, recordLicenceCreated, recordLicenceExtended, recordLicenceExpiring,
// recordOtpCodeReceived, recordBalanceLowIfBelow) with their transaction and nothing else: the
// settings live in the database (settings.ts). Payloads never carry buy keys, API keys, OTP codes
// or any other secret: endpoints are the shop's, not the customer's.
import { sql } from "drizzle-orm";
import { formatMoney } from "../../../contracts/money";
import type { ShopEventType } from "../../../contracts/notifications";
import type { Db, Tx } from "../../db/client";
import { queryRows } from "../../db/sql-array";

export interface ShopEventInput {
  type: ShopEventType;
  /** What the event is about: an order, licence, API key or OTP order id. */
  subject: string;
  /** The payload's `data`: JSON, no secrets. */
  data: Record<string, unknown>;
  /** A cause that must never make a second event (a first code, one alert per low balance). */
  dedupeKey?: string;
}

export interface RecordedEvent {
  id: string;
  webhooks: number;
  telegram: number;
}

/**
 * Records an event and its deliveries in one statement, inside the caller's transaction. Returns
 * null when `dedupeKey` was already used (nothing is written).
 */
export async function recordShopEvent(tx: Db | Tx, event: ShopEventInput): Promise<RecordedEvent | null> {
  const [row] = await queryRows<{ id: string | null; webhooks: string | number; telegram: string | number }>(
    tx,
    sql`with ev as (
          insert into shop_events (type, subject, data, dedupe_key)
          values (${event.type}, ${event.subject}, ${JSON.stringify(event.data)}::jsonb, ${event.dedupeKey ?? null})
          on conflict (dedupe_key) do nothing
          returning id, type
        ),
        hooks as (
          insert into deliveries (event_id, channel, endpoint_id)
          select ev.id, 'webhook', e.id from ev join webhook_endpoints e on e.active and ev.type = any(e.event_types)
          returning 1
        ),
        chats as (
          insert into deliveries (event_id, channel, chat_id)
          select ev.id, 'telegram', chat
            from ev cross join notification_settings s cross join lateral unnest(s.telegram_chat_ids) as chat
           where s.id = 1 and ev.type = any(s.telegram_events)
          returning 1
        )
        select (select id from ev) as id, (select count(*) from hooks) as webhooks, (select count(*) from chats) as telegram`,
  );
  if (!row?.id) return null;
  return { id: row.id, webhooks: Number(row.webhooks), telegram: Number(row.telegram) };
}

/**
 * "At most once every `everySeconds`" across every instance: the throttle row is moved forward
 * only when the last one is old enough, and only then is the event recorded (same transaction).
 */
export async function recordThrottledShopEvent(db: Db | Tx, throttle: { key: string; everySeconds: number }, event: ShopEventInput): Promise<RecordedEvent | null> {
  return db.transaction(async (tx) => {
    const gate = await queryRows<{ key: string }>(
      tx,
      sql`insert into shop_event_throttle (key, last_at) values (${throttle.key}, now())
          on conflict (key) do update set last_at = now()
          where shop_event_throttle.last_at <= now() - make_interval(secs => ${throttle.everySeconds})
          returning key`,
    );
    return gate.length ? recordShopEvent(tx, event) : null;
  });
}

// ---- The events, typed: one helper per type, for the features that cause them ----------------

const iso = (date: Date | string | null | undefined) => (date == null ? null : new Date(date).toISOString());
/** Mills and their plain text ("29.99"), as the order DTO has them. */
const money = (mills: number) => ({ mills, text: formatMoney(mills, { plain: true }) });

/** What the events read of an order (the orders table's row fits). */
export interface OrderFacts {
  id: string;
  tranId: string;
  kind: "plan" | "topup" | "tool";
  email: string;
  userId: string | null;
  planId: string | null;
  planTitle: string | null;
  amountMills: number;
  currency: string;
  paidAt?: Date | null;
}

function orderData(order: OrderFacts) {
  const amount = money(order.amountMills);
  return {
    orderId: order.id,
    tranId: order.tranId,
    kind: order.kind,
    planId: order.planId,
    planTitle: order.kind === "topup" ? "Balance Top Up" : order.planTitle,
    amountMills: amount.mills,
    amount: amount.text,
    currency: order.currency,
    email: order.email,
    userId: order.userId,
  };
}

/** order.paid (and Telegram's "new sale"): from fulfilment, once per order. */
export function recordOrderPaid(tx: Tx, order: OrderFacts, extra: { licenceId?: string; extended?: boolean; balanceAfterMills?: number } = {}) {
  return recordShopEvent(tx, {
    type: "order.paid",
    subject: order.id,
    data: { ...orderData(order), paidAt: iso(order.paidAt ?? new Date()), ...extra },
    dedupeKey: `order.paid:${order.id}`,
  });
}

/**
 * order.refunded: money given back for an order (full or partial). For the refunds feature: call
 * it in the transaction that records the refund, once per refund.
 */
export function recordOrderRefunded(
  tx: Tx,
  order: OrderFacts,
  refund: { id: string; amountMills: number; source: "admin" | "guarantee" | "provider"; reason?: string; refundedTotalMills: number },
) {
  return recordShopEvent(tx, {
    type: "order.refunded",
    subject: order.id,
    data: {
      ...orderData(order),
      refundId: refund.id,
      refundMills: refund.amountMills,
      refund: money(refund.amountMills).text,
      refundedTotalMills: refund.refundedTotalMills,
      full: refund.refundedTotalMills >= order.amountMills,
      source: refund.source,
      reason: refund.reason ?? "",
    },
    dedupeKey: `order.refunded:${refund.id}`,
  });
}

/** discount.used: an order opened with a discount code was paid (decision 077), once per order. */
export function recordDiscountUsed(tx: Tx, order: { id: string; tranId: string; email: string; planId: string | null; amountMills: number; discountCode: string; discountMills: number }) {
  return recordShopEvent(tx, {
    type: "discount.used",
    subject: order.id,
    data: {
      code: order.discountCode,
      orderId: order.id,
      tranId: order.tranId,
      planId: order.planId,
      email: order.email,
      discountMills: order.discountMills,
      discount: money(order.discountMills).text,
      amountMills: order.amountMills,
      amount: money(order.amountMills).text,
      priceMills: order.amountMills + order.discountMills,
    },
    dedupeKey: `discount.used:${order.id}`,
  });
}

/** refund.requested (Telegram "refund request"): a customer asked for their money back. */
export function recordRefundRequested(tx: Tx, order: OrderFacts, request: { id: string; reason: string }) {
  return recordShopEvent(tx, {
    type: "refund.requested",
    subject: order.id,
    data: { ...orderData(order), requestId: request.id, reason: request.reason.slice(0, 500) },
    dedupeKey: `refund.requested:${request.id}`,
  });
}

/** What the events read of a licence (the licenses table's row fits). Never its buy key. */
export interface LicenseFacts {
  id: string;
  email: string;
  userId: string | null;
  planId: string | null;
  orderId: string | null;
  termDays: number;
  changesLeft: number;
  startDate: Date | null;
  expireDate: Date | null;
}

function licenseData(license: LicenseFacts) {
  return {
    licenceId: license.id,
    email: license.email,
    userId: license.userId,
    planId: license.planId,
    orderId: license.orderId,
    termDays: license.termDays,
    changesLeft: license.changesLeft,
    startDate: iso(license.startDate),
    expireDate: iso(license.expireDate),
  };
}

/** licence.created: a sale's licence (fulfilment) or, later, one an admin issues (`source`). */
export function recordLicenseCreated(tx: Tx, license: LicenseFacts, extra: { planTitle?: string | null; source?: "sale" | "admin" | "tool" } = {}) {
  return recordShopEvent(tx, {
    type: "licence.created",
    subject: license.id,
    data: { ...licenseData(license), planTitle: extra.planTitle ?? null, source: extra.source ?? "sale" },
  });
}

/** licence.assigned: a reseller moved a bulk order's licence to an end customer (decision 080), once per licence. */
export function recordLicenseAssigned(tx: Tx, license: LicenseFacts, extra: { resellerUserId: string; accountCreated: boolean; assignedAt: Date }) {
  return recordShopEvent(tx, {
    type: "licence.assigned",
    subject: license.id,
    data: { ...licenseData(license), resellerUserId: extra.resellerUserId, accountCreated: extra.accountCreated, assignedAt: extra.assignedAt.toISOString() },
    dedupeKey: `licence.assigned:${license.id}`,
  });
}

/** licence.extended: a renewal by the subscription tool, or an admin's extension (`source`). */
export function recordLicenseExtended(tx: Tx, license: LicenseFacts, extra: { addedDays: number; orderId?: string | null; gift?: boolean; source?: "sale" | "admin" | "renewal" }) {
  return recordShopEvent(tx, {
    type: "licence.extended",
    subject: license.id,
    data: { ...licenseData(license), orderId: extra.orderId ?? license.orderId, addedDays: extra.addedDays, gift: extra.gift ?? false, source: extra.source ?? "sale" },
  });
}

/**
 * licence.expiring: for the expiry-reminder pass. Once per licence and expiry date (calling it
 * again for the same term records nothing); a renewed licence can be reminded again.
 */
export function recordLicenseExpiring(tx: Tx, license: LicenseFacts, reminder: { daysLeft: number }) {
  return recordShopEvent(tx, {
    type: "licence.expiring",
    subject: license.id,
    data: { ...licenseData(license), daysLeft: reminder.daysLeft },
    dedupeKey: `licence.expiring:${license.id}:${iso(license.expireDate) ?? "unset"}:${reminder.daysLeft}`,
  });
}

/** otp.code_received: an OTP mail order's first code (the code is never sent). Once per order. */
export function recordOtpCodeReceived(
  tx: Tx,
  order: { id: string; userId: string | null; apiKeyId: string; address: string | null; service: string; priceMills: number; createdAt: Date },
) {
  return recordShopEvent(tx, {
    type: "otp.code_received",
    subject: order.id,
    data: { orderId: order.id, userId: order.userId, apiKeyId: order.apiKeyId, address: order.address, service: order.service, priceMills: order.priceMills, orderedAt: iso(order.createdAt), receivedAt: iso(new Date()) },
    dedupeKey: `otp.code_received:${order.id}`,
  });
}

/**
 * balance.low: after a debit, when the key's balance is below the threshold. Once until the
 * balance has been at or above the threshold again: the alert is keyed by the last ledger row that
 * left the key at or above it, so concurrent or repeated debits share one alert, and one lost with a
 * crash before its statement is made good by the next debit. Any debit may call it (an OTP
 * purchase, an admin's subtraction, a refunded top-up).
 */
export async function recordBalanceLowIfBelow(db: Db | Tx, change: { apiKeyId: string; balanceAfterMills: number }): Promise<RecordedEvent | null> {
  const [facts] = await queryRows<{ threshold: string | number; user_id: string | null; email: string | null; armed_by: string | null }>(
    db,
    sql`select s.balance_low_mills as threshold, k.user_id, u.email,
               (select l.id::text from balance_ledger l
                 where l.api_key_id = k.id and l.balance_after_mills >= s.balance_low_mills
                 order by l.created_at desc, l.id desc limit 1) as armed_by
          from api_keys k join notification_settings s on s.id = 1 left join "user" u on u.id = k.user_id
         where k.id = ${change.apiKeyId}::uuid`,
  );
  if (!facts) return null;
  const threshold = Number(facts.threshold);
  if (change.balanceAfterMills >= threshold) return null;
  return recordShopEvent(db, {
    type: "balance.low",
    subject: change.apiKeyId,
    data: {
      apiKeyId: change.apiKeyId,
      userId: facts.user_id,
      email: facts.email,
      balanceMills: change.balanceAfterMills,
      balance: formatMoney(change.balanceAfterMills, { plain: true }),
      thresholdMills: threshold,
    },
    dedupeKey: `balance.low:${change.apiKeyId}:${facts.armed_by ?? "first"}`,
  });
}
