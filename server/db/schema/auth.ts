// better-auth's tables (user, session, account, verification, rate_limit, and its plugins' two_factor
// and passkey) plus our user fields.
// Property names are what better-auth's Drizzle adapter expects; columns are snake_case.
import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // Ours: role (user | admin) and the super-admin flag that gates User Management and Manage Balance.
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    superAdmin: boolean("super_admin").notNull().default(false),
    /** Ours: a reseller (decision 080), marked by a super-admin: buys licences in bulk and assigns them to their customers. */
    reseller: boolean("reseller").notNull().default(false),
    username: text("username"),
    // better-auth's two-factor plugin: an authenticator (TOTP) is enrolled and verified.
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * Ours: the account has at least one passkey (decision 038). Kept by a trigger on `passkey`
     * (migration 0022) in the transaction that adds or removes one, so the session middleware
     * learns "has a second factor" from the user row it reads anyway.
     */
    passkeyEnabled: boolean("passkey_enabled").notNull().default(false),
    /** Ours: e-mails before a licence expires (decision 026); off from Profile or the e-mail's unsubscribe link. */
    expiryReminders: boolean("expiry_reminders").notNull().default(true),
    /**
     * Ours: the account's language (contracts/languages.ts), every e-mail to it is written in it;
     * set at sign-up from the page's language (the ks_lang cookie), changed on Profile (decision 040).
     * No check constraint: adding a language is a line in the list, not a migration.
     */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_created_at_idx").on(t.createdAt)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** When this session passed the second factor (null: not yet, or the account has none). */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// Rate-limit counters live in the database so every instance shares them.
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** better-auth's two-factor plugin: the TOTP secret and backup codes, encrypted under AUTH_SECRET. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * better-auth's passkey plugin (WebAuthn, decision 038): one row per registered credential.
 * `publicKey` is the COSE key (base64), `counter` the authenticator's signature counter.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // A credential belongs to one account: a second registration of the same id is refused.
    credentialID: text("credential_id").notNull().unique(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId)],
);
