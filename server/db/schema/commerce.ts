// Plans, orders, licences and licence history. Money is integer mills ($9.99 = 9990).
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth";
import type { PlanExtras } from "../../../contracts/plan-catalogue";
import type { VolumeTier } from "../../../contracts/reseller";

const money = (name: string) => bigint(name, { mode: "number" });

/** The plan catalogue: the server prices every order from here; the client never sends a price. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(), // e.g. "local-3m"
  title: text("title").notNull(), // "3 Months": the spec's English title (lists, CSV); customers read planTitle(months, language)
  /** The plan's length, which its title and wording come from in every language (decision 040). */
  months: integer("months").notNull(),
  market: text("market", { enum: ["local", "foreign"] }).notNull(),
  priceMills: money("price_mills").notNull(),
  currency: text("currency").notNull().default("USD"),
  periodDays: integer("period_days").notNull(),
  bonusDays: integer("bonus_days").notNull().default(0),
  keyChanges: integer("key_changes").notNull(),
  /** English feature texts, kept for releases before 0031; the shop makes the list from the terms (planFeatures). */
  features: jsonb("features").$type<string[]>().notNull().default([]),
  /** Features beyond the ones every plan lists (contracts/plan-catalogue.ts, PlanExtras). */
  extras: jsonb("extras").$type<PlanExtras>().notNull().default({}),
  /** Bulk orders' price breaks (decision 080): ascending sizes, each a percent off a licence's price. */
  volumeTiers: jsonb("volume_tiers").$type<VolumeTier[]>().notNull().default([]),
  isPopular: boolean("is_popular").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  /** On sale; a retired plan (false) sells no more, its licences and orders are untouched. */
  active: boolean("active").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A plan's terms as an order was opened with them: what its payment grants and its receipt says, whatever the catalogue says later. */
export interface PlanTerms {
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tranId: varchar("tran_id", { length: 20 }).notNull().unique(), // the payment's reference at the provider (PayWay: at most 20)
    /** Who takes the payment (server/providers/payments): "payway" is the only one today. */
    provider: text("provider").notNull().default("payway"),
    /** The buyer's language when they paid (contracts/languages.ts): e-mails and receipts use it when no account says otherwise. */
    locale: text("locale").notNull().default("en"),
    kind: text("kind", { enum: ["plan", "topup", "tool"] }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    planId: text("plan_id").references(() => plans.id),
    planTitle: text("plan_title"),
    /** The plan's terms when the checkout opened (decision 074); null for top-ups and orders before 0031 (the plan's row then). */
    planTerms: jsonb("plan_terms").$type<PlanTerms>(),
    amountMills: money("amount_mills").notNull(),
    /** A discount code's order (decision 077): the code as entered, its discount_codes id and what it took off the price (amount = price − discount). */
    discountCode: text("discount_code"),
    discountId: uuid("discount_id"),
    discountMills: money("discount_mills").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    status: text("status", { enum: ["pending", "paid", "failed", "cancelled", "refunded"] })
      .notNull()
      .default("pending"),
    providerRef: text("provider_ref"),
    deviceKey: text("device_license"), // subscription tool: the device key of the licence to extend
    /** A renewal (decision 026): the licence this plan order extends, bound when the checkout started (its owner, or a signed reminder link). */
    renewLicenseId: uuid("renew_license_id"),
    /** A gift (decision 079): the recipient's e-mail, lower case; the licence is theirs, the order and its receipt the payer's. */
    giftEmail: text("gift_email"),
    /** Licences in the order: 1, or 2 to 500 for a reseller's bulk order (decision 080), each at `unit_price_mills`. */
    quantity: integer("quantity").notNull().default(1),
    /** A bulk order's price of one licence (the plan's less its volume tier), as the checkout opened; null otherwise. */
    unitPriceMills: money("unit_price_mills"),
    fulfilment: jsonb("fulfilment").$type<Record<string, unknown>>(),
    /** Given back so far (full or partial refunds, see `refunds`); the order is `refunded` once it is all of it. */
    refundedMills: money("refunded_mills").notNull().default(0),
    /**
     * A refund through the provider is under way until then (server/features/refunds): one at a
     * time per order. Set with the checks under the order's row lock, cleared when the answer is
     * recorded; it lapses by itself if the process dies mid-call.
     */
    refundClaimUntil: timestamp("refund_claim_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_user_idx").on(t.userId),
    // Admin overview: sales today / this month / the last 30 days read only this index
    // (index-only scans over paid orders in a time range).
    // Revenue is net of refunds (amount − refunded), so refunded_mills is in it too.
    index("orders_paid_at_idx").on(t.paidAt, t.kind, t.planId, t.amountMills, t.refundedMills).where(sql`${t.status} = 'paid'`),
    // The reconciler's look for refunds made at the provider: paid orders whose check is due.
    index("orders_refund_check_idx").on(t.nextCheckAt).where(sql`${t.status} = 'paid'`),
  ],
);

/**
 * Paid sales (net of refunds: amount − refunded) per UTC day of the sale, kind and plan, kept by statement triggers on `orders` (migration 0006)
 * in the same transaction as the order change, so all-time revenue and all-time plan mix are a
 * sum over a few thousand rows instead of a scan of every order. `plan_key` is the plan id, or ''.
 */
export const salesDaily = pgTable(
  "sales_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["plan", "topup", "tool"] }).notNull(),
    planKey: text("plan_key").notNull().default(""),
    paidCount: bigint("paid_count", { mode: "number" }).notNull().default(0),
    paidMills: money("paid_mills").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.planKey] })],
);

/**
 * Orders per status (decision 030), kept by statement triggers on orders (migration 0016) in the
 * order change's transaction: the transactions list's unfiltered total is a sum over a few rows.
 * Each statement adds to one of 16 shards picked at random, so concurrent checkouts rarely wait
 * on the same row.
 */
export const orderCounts = pgTable(
  "order_counts",
  {
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/**
 * Orders per UTC day of creation and status (decision 033), kept like order_counts (migration
 * 0018): page N of the admin's transactions starts at the day that holds its first row, so a page
 * number skips at most one day's orders in the (created_at, id) index, however deep it is.
 */
export const orderDayCounts = pgTable(
  "order_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.shard] })],
);

/**
 * Orders and their net paid amount (amount − refunded, paid orders only) per first two characters
 * of the lower-cased e-mail and status (decision 033), kept like order_counts (migration 0018): a
 * 1–2 character search matches the beginning of the e-mail, so its exact total and 'Total Amount
 * Paid' are a sum over a few rows however many orders it matches.
 */
export const orderPrefixTotals = pgTable(
  "order_prefix_totals",
  {
    prefix: text("prefix").notNull(),
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    netPaidMills: money("net_paid_mills").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.status, t.shard] })],
);

/**
 * Orders and their net paid amount (amount − refunded, paid orders only) per lower-cased e-mail and
 * status (decision 059), kept by the same order triggers: a search that matches
 * more than EXACT_COUNT_LIMIT orders through their e-mail sums one row per customer, not one per
 * order, for its exact total and 'Total Amount Paid'.
 */
export const orderEmailTotals = pgTable(
  "order_email_totals",
  {
    email: text("email").notNull(),
    status: text("status").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
    netPaidMills: money("net_paid_mills").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.email, t.status] })],
);

export const licenses = pgTable(
  "licenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().default(""),
    buyKey: text("buy_key").notNull().unique(),
    deviceKey: text("license_key"), // the device key from the desktop tool (contains LDREEL)
    startDate: timestamp("start_date", { withTimezone: true }),
    expireDate: timestamp("expire_date", { withTimezone: true }),
    changesLeft: integer("changes_left").notNull(),
    /** Days the term lasts from first activation (plan period + bonus), fixed at sale. */
    termDays: integer("term_days").notNull(),
    planId: text("plan_id").references(() => plans.id),
    orderId: uuid("order_id").references(() => orders.id),
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Suspended by an admin: the tool is told SUSPENDED until it is resumed (the term keeps running). */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** A bulk order's licence its reseller assigned to an end customer (decision 080); null: not assigned. */
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** Revoked (by an admin, or by a refund of the order that bought it): never valid again. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("licenses_email_idx").on(sql`lower(${t.email})`),
    index("licenses_license_key_idx").on(t.deviceKey),
    // A device key is bound to at most one licence (the spec's expirekey_ rows aside): binding a
    // key another licence holds is refused (DEVICE_IN_USE) and concurrent binds cannot both win.
    uniqueIndex("licenses_bound_device_key_idx")
      .on(t.deviceKey)
      .where(sql`${t.deviceKey} is not null and position('expirekey_' in ${t.deviceKey}) = 0`),
    index("licenses_expire_idx").on(t.expireDate),
    // A bulk order's licences (the reseller's list, its CSV, a refund's unassigned ones); single orders have one.
    index("licenses_order_idx").on(t.orderId),
    // Admin overview, 'Active Users': distinct e-mails of licences valid now, read from this index alone.
    index("licenses_valid_expire_idx")
      .on(t.expireDate, t.email)
      .where(sql`${t.deviceKey} is null or position('expirekey_' in ${t.deviceKey}) = 0`),
  ],
);

export const licenseHistory = pgTable(
  "license_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    licenseId: uuid("license_id").references(() => licenses.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    oldDeviceKey: text("old_license"),
    newDeviceKey: text("new_license"),
    buykey: text("buykey").notNull(),
    email: text("email").notNull(),
    status: text("status").notNull().default("changed"),
    authUserId: text("auth_user_id"),
    authUserEmail: text("auth_user_email"),
    changedBy: text("changed_by"),
    changeDate: timestamp("change_date", { withTimezone: true }).notNull().defaultNow(),
    notes: text("notes"),
  },
  (t) => [
    index("license_history_email_idx").on(sql`lower(${t.email})`),
    index("license_history_date_idx").on(t.changeDate),
  ],
);

/**
 * Licence-history entries per UTC day of the change (decision 033), kept by statement triggers
 * (migration 0019): page N of the admin's unfiltered licence history starts at the day that holds it.
 */
export const licenseHistoryDayCounts = pgTable(
  "license_history_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * Abuse signals of the licence API: which client addresses and refused device keys each licence
 * saw, per hour. Unlogged (no WAL per write; losing it in a crash loses only recent signals),
 * written in batches by each instance (features/licenses/signals.ts), kept 48 hours.
 */
export const licenseSignals = pgTable(
  "licence_signals",
  {
    licenceId: uuid("licence_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: ["address", "refused_key"] }).notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.kind, t.value, t.hour] }), index("licence_signals_hour_idx").on(t.hour)],
);

/**
 * Licences over the suspicion thresholds, one row per licence and UTC day, kept by the signals
 * worker: the first row of a day also writes the `licence.suspicious` audit event (once per day,
 * also with several instances); the Overview lists today's and yesterday's rows.
 */
export const licenseSuspicions = pgTable(
  "licence_suspicions",
  {
    licenceId: uuid("licence_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    addresses: integer("addresses").notNull(),
    refusedKeys: integer("refused_keys").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.day] }), index("licence_suspicions_day_idx").on(t.day)],
);

/**
 * Money given back for an order, one row per refund (several partial ones up to the amount paid).
 * `source`: an admin's refund, the money-back guarantee (an approved request), or one made at the
 * payment provider itself and seen by its callback, a check or the reconciler. A row is written as
 * soon as the provider has refunded, with the order's refunded total, in a transaction of its own
 * (decision 034); the goods are taken back in a second one that sets `applied_at`, exactly once
 * (the reconciler applies a row whose second transaction failed).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountMills: money("amount_mills").notNull(),
    source: text("source", { enum: ["admin", "guarantee", "provider"] }).notNull(),
    reason: text("reason").notNull().default(""),
    /** Who decided it (an admin), or null for one made at the provider. */
    actorUserId: text("actor_user_id"),
    /** Their e-mail then (the audit row's actor, written when the refund is applied). */
    actorEmail: text("actor_email"),
    /** The money-back request this refund answers (approved when the refund is recorded). */
    requestId: uuid("request_id").references(() => refundRequests.id),
    /** The order's refunded total with this refund: whether it completed the order. */
    refundedTotalMills: money("refunded_total_mills").notNull().default(0),
    /** What was taken back: a licence revoked, days removed, a balance debit (jsonb); null until applied. */
    reversal: jsonb("reversal").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the goods were taken back (the e-mail, the audit rows and the event written); null: still to do. */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_created_idx").on(t.createdAt),
    // The reconciler's look for refunds recorded but not yet applied (none, nearly always).
    index("refunds_unapplied_idx").on(t.createdAt).where(sql`${t.appliedAt} is null`),
  ],
);

/**
 * The money-back guarantee: a customer asks for a refund of a paid order within the window, an
 * admin approves (the refund is made) or declines it. At most one open request per order.
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["open", "approved", "declined"] }).notNull().default("open"),
    decidedBy: text("decided_by"),
    decisionNote: text("decision_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refund_requests_one_open_idx").on(t.orderId).where(sql`${t.status} = 'open'`),
    index("refund_requests_status_created_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Expiry reminders sent (decision 026): one row per licence, term end and stage (7, 3, 1, 0 days
 * left), inserted with `on conflict do nothing` in the transaction that queues the e-mail, so each
 * reminder goes out once even with several instances; a renewal moves the term end (a new term).
 */
export const licenseReminders = pgTable(
  "licence_reminders",
  {
    licenceId: uuid("licence_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    termEnd: timestamp("term_end", { withTimezone: true }).notNull(),
    stage: integer("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.termEnd, t.stage] })],
);

/**
 * Abandoned-checkout e-mails (decision 026): at most one per customer and UTC day (the key), for
 * the order named; inserted with `on conflict do nothing` with the outbox mail.
 */
export const checkoutRecoveries = pgTable(
  "checkout_recoveries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), uniqueIndex("checkout_recoveries_order_idx").on(t.orderId)],
);

/**
 * Who assigned which bulk order's licence to whom and when (decision 080): the reseller's view.
 * One row per licence (the unique index backs the UPDATE that decides a race on assigning it).
 */
export const licenseAssignments = pgTable(
  "licence_assignments",
  {
    licenseId: uuid("licence_id")
      .primaryKey()
      .references(() => licenses.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    resellerUserId: text("reseller_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The end customer's e-mail, lower case, and their account (made by the assignment when they had none). */
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    accountCreated: boolean("account_created").notNull().default(false),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("licence_assignments_order_idx").on(t.orderId, t.assignedAt)],
);
