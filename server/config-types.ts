// The parsed configuration's shape (loadConfig in config.ts fills it) and the embedded
// simulators' fixed names. Apart from config.ts so that the loader fits in one screen of reading.
import type { OtpServiceId } from "../contracts/otp-services";
import type { ShopEventType } from "../contracts/notifications";

export interface SuspicionThresholds {
  addresses: number;
  refusedKeys: number;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  baseUrl: string;
  trustedOrigins: string[];
  databaseUrl?: string;
  dataDir: string;
  authSecret: string;
  /** Where outgoing mail goes; unset means the embedded dev mailbox (a local SMTP receiver). */
  smtpUrl?: string;
  mailFrom: string;
  devSmtpPort: number;
  /**
   * Google sign-in: real Google with GOOGLE_CLIENT_ID/SECRET; outside production without them, the
   * built-in stand-in at /google-sim (same OAuth 2.0 / OpenID Connect protocol); in production
   * without them, none (the button is hidden).
   */
  google?: { clientId: string; clientSecret: string; issuer: string; standIn?: boolean };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  authRateLimit: boolean;
  /**
   * Seconds a session is verified from its signed session_data cookie without a database read
   * (better-auth's cookie cache; 0: off). A sign-out elsewhere or a revoked session of a customer
   * takes effect within this bound; admin accounts are read from the database on every request.
   */
  sessionCacheSeconds: number;
  /** Public OTP API requests per API key per minute. */
  publicApiRateLimit: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  workers: boolean;
  staticDir: string;
  /** Enables /dev/test-api (seeding for browser tests); never in production. */
  testApiToken?: string;
  otpMail: {
    domain: string;
    priceMills: number;
    costMills: number;
    lifetimeMinutes: number;
    /** Per-service settings (the catalogue's defaults, OTP_PRICE for Facebook, OTP_SERVICE_PRICES). */
    services: Record<OtpServiceId, { priceMills: number; lifetimeMinutes: number }>;
    /** Hours an order's messages are kept after it expires (OTP_MESSAGE_RETENTION_HOURS). */
    messageRetentionHours: number;
    supplier: OtpSupplierConfig;
    /** Outside embedded mode: where the local inbox receives mail for `domain` (none: not at all). */
    inbound?: { port: number; host: string };
  };
  /** PAYMENT_PROVIDER: the provider new checkouts go to (server/providers/payments). */
  paymentProvider: string;
  payway: PaywayConfig;
  /** True when embedded defaults (dev mailbox, simulators) are in use. */
  embedded: boolean;
  /** The bearer token /metrics requires; unset means no /metrics at all (404). */
  metricsToken?: string;
  licences: LicenseSettings;
  /** The money-back guarantee: a customer may ask for a refund this many days after paying (site.config.json refundWindowDays). */
  refundWindowDays: number;
  /** The shop's one time zone (SHOP_TIME_ZONE): every date a customer reads, in e-mails and receipts, is in it. */
  shopTimeZone: string;
  notifications: NotificationsConfig;
  /** Backups (decision 062): where they go; scheduled every `everyMs` when set, the `keep` newest kept. */
  backups: { dir: string; everyMs?: number; keep: number };
  /** The owner's alerts (decision 064). */
  alerts: AlertSettings;
}

/** When the shop tells its owner (decision 064): the thresholds of the owner-alerts job. */
export interface AlertSettings {
  /** Where the e-mails go; empty: every admin account. */
  ownerEmails: string[];
  outboxBacklog: number;
  outboxMinutes: number;
  workerLatePeriods: number;
  serverErrorPercent: number;
  serverErrorMinRequests: number;
  paymentFailures: number;
}

/** Seller notifications and webhooks (docs/decisions/027). */
export interface NotificationsConfig {
  telegram: TelegramConfig;
  /** balance.low: a debit that leaves an API key below this (mills). */
  balanceLowMills: number;
  /** Production: webhooks only to https URLs of public addresses (checked again at every delivery). */
  webhooks: { publicOnly: boolean };
}

export interface TelegramConfig {
  /** bot: TELEGRAM_BOT_TOKEN; simulator: embedded mode without one (/dev/telegram); off: neither. */
  mode: "bot" | "simulator" | "off";
  /** Where sendMessage goes: `${apiBase}/bot${token}/sendMessage`. */
  apiBase: string;
  /** Secret (the real bot's); the simulator's fixed one otherwise. Never logged. */
  token: string;
  chatIds: string[];
  events: ShopEventType[];
}

export const TELEGRAM_SIMULATOR_PATH = "/dev/telegram";
/** The simulator's bot token (embedded mode only; never a real bot's). */
export const TELEGRAM_SIMULATOR_TOKEN = "100000001:keyshop-dev-telegram-simulator";
/** The seller's chat in the simulator when TELEGRAM_CHAT_ID is unset. */
export const TELEGRAM_SIMULATOR_CHAT_ID = "424242";

export interface LicenseSettings {
  /** Offline lease on a valid answer, in days (never past expiry). */
  leaseDays: number;
  /** Protocol 1 requests are answered before this instant; null: not at all. */
  v1Until: Date | null;
  /** Flag a licence above these counts in 24 hours (distinct client addresses, refused device keys). */
  suspicious: SuspicionThresholds;
  /** Answers are signed on a thread of their own (server/lib/signing-thread.ts); false: on the event loop. */
  signingThread: boolean;
}

export interface PaywayConfig {
  /** No PAYWAY_BASE_URL: the built-in simulator, mounted at BASE_URL/payway-sim. */
  simulator: boolean;
  /** PayWay's API base (purchase form action and check-transaction-2). */
  baseUrl: string;
  merchantId: string;
  /** The merchant API key (HMAC secret); never sent to the browser. */
  apiKey: string;
  /** The checkout plugin script the web page loads. */
  pluginUrl: string;
  /** Where PayWay POSTs the callback (return_url). */
  callbackUrl: string;
  paymentOption: string;
  lifetimeMinutes: number;
  /** Refuse callbacks without a valid X-PayWay-HMAC-SHA512 (a wrong one is always refused). */
  requireCallbackSignature: boolean;
  /**
   * The merchant's RSA public key (SPKI PEM) that encrypts merchant_auth for refunds; the
   * simulator's own with the simulator. Unset: refunds are refused (PaywayError rsa_key_missing),
   * everything else works: refunds are optional for a shop, so production starts without it.
   */
  rsaPublicKey?: string;
}

export const PAYWAY_SIMULATOR_PATH = "/payway-sim";
export const PAYWAY_SIMULATOR_MERCHANT_ID = "keyshop";
export const PAYWAY_SIMULATOR_API_KEY = "keyshop-payway-simulator-key";

/** The local inbox (embedded default) or the upstream market; the token is a secret. */
export type OtpSupplierConfig = { kind: "local" } | { kind: "upstream"; url: string; token: string; mailType: string };
