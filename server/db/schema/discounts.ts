// Discount codes (decision 077): what the seller creates, and each order's use of one. A use is
// taken in the transaction that inserts its order, under the code's row lock, so the last use of a
// code is never spent twice; it is released when the order fails or is cancelled, `used` once paid.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce";

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case as stored (contracts/discounts.ts DiscountCodeSchema): unique whatever the case typed. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** percent: 1–99; fixed: mills in whole cents. */
    value: bigint("value", { mode: "number" }).notNull(),
    /** Empty: every plan / every market. */
    planIds: text("plan_ids").array().notNull().default(sql`'{}'::text[]`),
    markets: text("markets").array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    note: text("note").notNull().default(""),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("discount_codes_code_idx").on(sql`upper(${t.code})`)],
);

/** One order's use of a code: held while its checkout is open, used once paid, released when it fails or is cancelled. */
export const discountUses = pgTable(
  "discount_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discountCodes.id),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Whose use it is: the account's user id, or the lower-case e-mail of a checkout without one. */
    customerKey: text("customer_key").notNull(),
    status: text("status", { enum: ["held", "used", "released"] }).notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [index("discount_uses_discount_idx").on(t.discountId, t.status), index("discount_uses_customer_idx").on(t.discountId, t.customerKey)],
);
