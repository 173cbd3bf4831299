// Seller notifications and outgoing webhooks (docs/decisions/027): the shop's events, written in
// the transaction of their cause, fanned out to one delivery per Telegram chat and per subscribed
// webhook endpoint; the deliveries outbox (drained like the e-mail outbox) and its attempt log.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** One thing that happened (an order paid, a code received…); `data` never holds a secret. */
export const shopEvents = pgTable(
  "shop_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    /** What it is about: an order, licence, API key or OTP order id (or a worker's name). */
    subject: text("subject").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** Set when the same cause must never make a second event (a first code, a low-balance alert). */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("shop_events_dedupe_idx").on(t.dedupeKey), index("shop_events_created_idx").on(t.createdAt), index("shop_events_type_subject_idx").on(t.type, t.subject)],
);

/** Integrators' endpoints, registered by a super-admin for the whole shop. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The signing secret (whsec_…), AES-GCM under AUTH_SECRET like API keys. */
  secretEncrypted: text("secret_encrypted").notNull(),
  /** After a rotation the previous secret also signs, until previous_secret_expires_at. */
  previousSecretEncrypted: text("previous_secret_encrypted"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  secretHint: text("secret_hint").notNull(),
  eventTypes: text("event_types").array().notNull(),
  active: boolean("active").notNull().default(true),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The deliveries outbox: one row per event and receiver (a webhook endpoint or a Telegram chat).
 * Claimed with SKIP LOCKED and a time-limited claim (server/lib/durable-queue.ts), like e-mails.
 * `attempts` counts the failures of the current run (the retry schedule; a replay starts a new run),
 * `attempt_count` every attempt ever made.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => shopEvents.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["webhook", "telegram"] }).notNull(),
    endpointId: uuid("endpoint_id").references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The Telegram chat id (webhooks: null, the endpoint says where). */
    chatId: text("chat_id"),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    lastStatus: integer("last_status"),
    lastResponse: text("last_response"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    index("deliveries_channel_created_idx").on(t.channel, t.createdAt),
    index("deliveries_event_idx").on(t.eventId),
    check("deliveries_receiver", sql`(${t.channel} = 'webhook' and ${t.endpointId} is not null) or (${t.channel} = 'telegram' and ${t.chatId} is not null)`),
  ],
);

/** Every attempt of a delivery: what the receiver answered (a short snippet), or why it failed. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: integer("status"),
    error: text("error"),
    response: text("response"),
    durationMs: integer("duration_ms").notNull().default(0),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

/** "At most once an hour": the last time each throttled alert went out (stock low, stuck workers). */
export const shopEventThrottle = pgTable("shop_event_throttle", {
  key: text("key").primaryKey(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
});

/**
 * The notification settings every instance fans out with, one row (id 1), written at start from
 * the configuration (TELEGRAM_CHAT_ID, TELEGRAM_EVENTS, BALANCE_LOW_THRESHOLD): recordShopEvent
 * reads it in its own statement, so callers pass nothing but their transaction.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Telegram chats to notify; empty: Telegram is off. */
    telegramChatIds: text("telegram_chat_ids").array().notNull().default(sql`'{}'::text[]`),
    telegramEvents: text("telegram_events").array().notNull().default(sql`'{}'::text[]`),
    balanceLowMills: bigint("balance_low_mills", { mode: "number" }).notNull().default(1000),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("notification_settings_one_row", sql`${t.id} = 1`)],
);

/** What the Telegram simulator received (embedded mode's /dev/telegram), kept across restarts. */
export const devTelegramMessages = pgTable(
  "dev_telegram_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: text("chat_id").notNull(),
    text: text("text").notNull(),
    parseMode: text("parse_mode"),
    disableWebPagePreview: boolean("disable_web_page_preview").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_telegram_messages_received_idx").on(t.receivedAt)],
);
