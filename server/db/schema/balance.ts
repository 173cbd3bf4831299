// API keys with a prepaid balance, the ledger behind every balance change, and OTP mail orders.
import { bigint, boolean, check, date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth";

const money = (name: string) => bigint(name, { mode: "number" });

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull().unique(), // SHA-256 of the key: how requests find it
    keyEncrypted: text("key_encrypted").notNull(), // AES-GCM: how its owner sees it again
    balanceMills: money("balance_mills").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("api_keys_balance_nonnegative", sql`${t.balanceMills} >= 0`)],
);

export const balanceLedger = pgTable(
  "balance_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    deltaMills: money("delta_mills").notNull(),
    balanceAfterMills: money("balance_after_mills").notNull(),
    reason: text("reason", { enum: ["topup", "otp_purchase", "otp_refund", "admin_adjustment", "topup_refund"] }).notNull(),
    reference: text("reference"),
    actorUserId: text("actor_user_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("balance_ledger_key_idx").on(t.apiKeyId, t.createdAt)],
);

export const otpMailOrders = pgTable(
  "otp_mail_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    address: text("address"),
    supplier: text("supplier").notNull(),
    supplierRef: text("supplier_ref"),
    service: text("service").notNull().default("facebook"),
    priceMills: money("price_mills").notNull(),
    costMills: money("cost_mills").notNull(),
    codes: text("codes").notNull().default(""), // comma-separated, latest last (the spec's otp field)
    status: text("status", { enum: ["pending", "success", "failed"] }).notNull().default("pending"),
    failureReason: text("failure_reason"),
    balanceBeforeMills: money("balance_before_mills").notNull(),
    balanceAfterMills: money("balance_after_mills").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** A reorder: the first order whose address this one reuses (Kopeechka's mailbox-reorder). */
    reorderOf: uuid("reorder_of"),
  },
  (t) => [
    index("otp_mail_orders_key_created_idx").on(t.apiKeyId, t.createdAt),
    // By creation time: otp_mail_orders_created_id_idx and otp_mail_orders_created_totals_idx (raw SQL, migrations 0015 and 0016).
    index("otp_mail_orders_pending_expiry_idx").on(t.status, t.expiresAt),
    // A retried purchase with the same Idempotency-Key finds the first order instead of paying twice.
    uniqueIndex("otp_mail_orders_idempotency_idx").on(t.apiKeyId, t.idempotencyKey),
    index("otp_mail_orders_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * What a Kopeechka client asked of an activation (mailbox-get-email's and mailbox-reorder's `regex`
 * and `subject`): only the letters whose subject holds the word count, and the answer is the regex's
 * match instead of our code (decision 056). A row only for activations that asked.
 */
export const kopeechkaFilters = pgTable("kopeechka_filters", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => otpMailOrders.id, { onDelete: "cascade" }),
  regex: text("regex"),
  subject: text("subject"),
});

/** The whole messages an order received (sender, subject, time, text, sanitised HTML), kept for its
 *  lifetime plus OTP_MESSAGE_RETENTION_HOURS, then pruned by the worker. */
export const otpMailMessages = pgTable(
  "otp_mail_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => otpMailOrders.id, { onDelete: "cascade" }),
    /** Identifies one message of the mailbox (sender, subject, time, body): the same message is stored once. */
    messageKey: text("message_key").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** Sanitised with sanitize-html (no scripts, styles, event handlers or remote images). */
    html: text("html"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    keepUntil: timestamp("keep_until", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("otp_mail_messages_order_key_idx").on(t.orderId, t.messageKey), index("otp_mail_messages_keep_until_idx").on(t.keepUntil)],
);

/**
 * OTP mail orders per status with their price and cost sums (decision 030), kept by statement
 * triggers on otp_mail_orders (migration 0016): the Gmail OTP list's unfiltered Total Spent, Total
 * Revenue and count without reading a million orders. 16 shards, one picked at random per statement.
 */
export const otpTotals = pgTable(
  "otp_totals",
  {
    status: text("status").notNull(),
    /** The site (decision 059): a search that names a site sums its rows, not its orders. */
    service: text("service").notNull().default(""),
    /** The address's part after the '@' (decision 059), for a search that names a domain. */
    domain: text("domain").notNull().default(""),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    priceMills: money("price_mills").notNull().default(0),
    costMills: money("cost_mills").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.service, t.domain, t.shard] })],
);

/**
 * OTP mail orders per UTC day of creation (decision 033), kept by statement triggers (migration
 * 0019): page N of the unfiltered Gmail OTP list starts at the day that holds it.
 */
export const otpDayCounts = pgTable(
  "otp_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);
