// E-mail outbox, inbound mail (local inbox and dev mailbox) and the audit log.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on reminders). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: ["pending", "sent", "dead"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(), // lower-cased envelope recipient
    fromAddress: text("from_address").notNull().default(""),
    subject: text("subject").notNull().default(""),
    text: text("text").notNull().default(""),
    html: text("html"),
    messageId: text("message_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inbound_messages_to_idx").on(t.toAddress, t.receivedAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(), // e.g. "user.role", "balance.adjust"
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    note: text("note"),
    /** When the entry was written (clock_timestamp: not its transaction's start), so the log orders actions as they happened. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_action_created_idx").on(t.action, t.createdAt)],
);

/**
 * Ed25519 keys that sign licence answers, private halves encrypted under AUTH_SECRET. One is
 * `current` (signs answers); `previous` ones are still published and endorse the key list while
 * tools learn the new key; `retired` ones are neither (docs/licence-api.md, key rotation).
 * Every change notifies 'signing_keys_changed' (migration 0007), so all instances reload.
 */
export const signingKeys = pgTable(
  "signing_keys",
  {
    id: text("id").primaryKey(),
    publicKeyPem: text("public_key_pem").notNull(),
    privateKeyEncrypted: text("private_key_encrypted").notNull(),
    status: text("status", { enum: ["current", "previous", "retired"] }).notNull().default("current"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("signing_keys_one_current_idx").on(t.status).where(sql`${t.status} = 'current'`)],
);

/** Fixed-window counters for API rate limits, shared by every instance. */
export const apiRateLimits = pgTable("api_rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * The owner's incidents (decision 064): a problem the shop told its owner about, open until it
 * clears. At most one open incident per kind (the partial unique index): the instance whose insert
 * wins tells the owner, the others find it open; `last_seen_at` is moved by every instance that
 * still sees the problem, and the incident is resolved (once, by an update that returns it) only
 * when none has seen it for a while.
 */
export const ownerIncidents = pgTable(
  "owner_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What was seen when it opened (counts, ages, the worker's name): no secrets. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex("owner_incidents_open_kind_idx").on(t.kind).where(sql`${t.resolvedAt} is null`),
    index("owner_incidents_opened_idx").on(t.openedAt),
  ],
);

/**
 * The instances whose licence cache is listening (decision 071): a row per instance, its
 * `seen_at` moved by a heartbeat every 2 s. A licence change answered to an admin or the desktop
 * tool waits until every instance seen in the last 6 s acknowledged it had dropped the licence.
 * Rows of instances gone for an hour are deleted by the next instance that starts listening.
 */
export const licenseListeners = pgTable("license_listeners", {
  instanceId: text("instance_id").primaryKey(),
  liveSince: timestamp("live_since", { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
