// The one place that reads process.env. Everything else receives a parsed Config.
import { z } from "zod";
import { parseDollars } from "../contracts/money";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "../contracts/dates";
import { isOtpServiceId, OTP_SERVICE_CATALOGUE, type OtpServiceId } from "../contracts/otp-services";
import { parseRsaPublicKey, processRsaKeyPair } from "./lib/rsa-keys";
import { DEFAULT_TELEGRAM_EVENTS, SHOP_EVENT_TYPES, type ShopEventType } from "../contracts/notifications";
import { SITE } from "../contracts/site";
import type { Config, PaywayConfig, SuspicionThresholds, TelegramConfig } from "./config-types";
import { PAYWAY_SIMULATOR_API_KEY, PAYWAY_SIMULATOR_MERCHANT_ID, PAYWAY_SIMULATOR_PATH, TELEGRAM_SIMULATOR_CHAT_ID, TELEGRAM_SIMULATOR_PATH, TELEGRAM_SIMULATOR_TOKEN } from "./config-types";

export * from "./config-types";

/** More than this many in 24 hours flags a licence (LICENCE_SUSPICIOUS_ADDRESSES / _DEVICE_KEYS). */
export const DEFAULT_SUSPICION_THRESHOLDS: SuspicionThresholds = { addresses: 5, refusedKeys: 2 };

/** BACKUP_EVERY's periods, "30m", "6h", "1d", in milliseconds; undefined when it is not such a period. */
export function parseBackupPeriod(value: string): number | undefined {
  const m = /^(\d{1,4})(m|h|d)$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"];
}

export const DEV_AUTH_SECRET = "dev-only-secret-change-me-in-production-0123456789";
/** The Google stand-in's own client (embedded mode only; never accepted by real Google). */
export const GOOGLE_STAND_IN_PATH = "/google-sim";
export const GOOGLE_STAND_IN_CLIENT_ID = "keyshop-local.apps.googleusercontent.com";
export const GOOGLE_STAND_IN_CLIENT_SECRET = "GOCSPX-keyshop-local-stand-in";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: optionalString.pipe(z.url().optional()),
  TRUSTED_ORIGINS: optionalString,
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().default("./data"),
  AUTH_SECRET: optionalString,
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default("Keyshop <no-reply@keyshop.local>"),
  DEV_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/ })
    .default("https://accounts.google.com")
    .describe("The OpenID issuer of GOOGLE_CLIENT_ID: its endpoints are found by discovery (issuer/.well-known/openid-configuration)"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120).describe("Public OTP API requests per API key per minute"),
  AUTH_RATE_LIMIT: z
    .enum(["on", "off"])
    .default("on")
    .describe("Rate limits on sign-in, sign-up and reset (off only for load tests)"),
  SESSION_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(60)
    .describe("How long a customer's session is trusted from its signed cookie before the database is asked again (0: every request); admin sessions are always read from the database"),
  TRUST_PROXY: z.enum(["on", "off"]).default("off"),
  WORKERS: z.enum(["on", "off"]).default("on"),
  STATIC_DIR: z.string().default("./build/client"),
  DEV_TEST_API_TOKEN: optionalString,
  OTP_MAIL_DOMAIN: z.string().default("otp.keyshop.local"),
  INBOUND_SMTP_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe("With SMTP_URL set: receive mail for OTP_MAIL_DOMAIN on this port (the local inbox in production; point the domain's MX here)"),
  INBOUND_SMTP_HOST: z.string().default("0.0.0.0"),
  OTP_PRICE: z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "a dollar amount like 0.045").default("0.045"),
  OTP_COST: z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "a dollar amount like 0.042").default("0.042"),
  OTP_SERVICE_PRICES: z
    .string()
    .trim()
    .regex(/^$|^[a-z]+=\d{1,6}(\.\d{1,3})?(,[a-z]+=\d{1,6}(\.\d{1,3})?)*$/, "service=dollars pairs like instagram=0.05,tiktok=0.04")
    .default("")
    .describe("Prices of the OTP services other than Facebook (OTP_PRICE), e.g. instagram=0.05,tiktok=0.04"),
  OTP_MESSAGE_RETENTION_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(24).describe("Hours an order's messages are kept after its lifetime ends"),
  OTP_SUPPLIER: z.enum(["local", "upstream"]).default("local").describe("Where OTP addresses come from: the local inbox or the upstream market"),
  OTP_SUPPLIER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTP_SUPPLIER_TOKEN: optionalString.describe("Secret: the upstream market token (never logged, never sent to the browser)"),
  OTP_SUPPLIER_MAIL_TYPE: z.string().trim().min(1).max(100).default("gmail.com").describe("The market's mail_type: a domain or a group (REAL, OUTLOOK…)"),
  PAYMENT_PROVIDER: z.string().trim().regex(/^[a-z][a-z0-9-]{0,31}$/, "a provider id like payway").default("payway").describe("Who takes new checkouts (an order keeps the provider that took it)"),
  PAYWAY_BASE_URL: optionalString.pipe(z.url().optional()).describe("unset = the built-in PayWay simulator"),
  PAYWAY_MERCHANT_ID: optionalString.pipe(z.string().max(30).optional()),
  PAYWAY_API_KEY: optionalString.describe("Secret: the PayWay merchant API key (HMAC key)"),
  PAYWAY_RSA_PUBLIC_KEY: optionalString.describe("The merchant's RSA public key from ABA (PEM; \\n for newlines on one line): refunds only"),
  PAYWAY_PLUGIN_URL: optionalString.pipe(z.url().optional()),
  PAYWAY_CALLBACK_URL: optionalString.pipe(z.url().optional()),
  PAYWAY_PAYMENT_OPTION: z.enum(["", "cards", "abapay_khqr", "abapay_khqr_deeplink", "alipay", "wechat", "google_pay"]).default("abapay_khqr"),
  PAYWAY_LIFETIME_MINUTES: z.coerce.number().int().min(3).max(43_200).default(30),
  PAYWAY_CALLBACK_SIGNATURE: z.enum(["required", "optional"]).default("optional"),
  LICENCE_LEASE_DAYS: z.coerce.number().int().min(1).max(90).default(7).describe("How long the desktop tool may run offline on one valid answer (never past expiry)"),
  LICENCE_V1_UNTIL: z
    .string()
    .trim()
    .regex(/^(off|\d{4}-\d{2}-\d{2})$/, "a date like 2027-03-01, or off")
    .refine((v) => v === "off" || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "a date like 2027-03-01, or off")
    .default("2027-03-01")
    .describe("Protocol 1 licence requests are answered until this UTC date, then get 426 (off: refused now)"),
  LICENCE_SIGNING_THREAD: z.enum(["on", "off"]).default("on").describe("Sign licence answers on a thread of their own (off: on the event loop, e.g. on a single core)"),
  LICENCE_SUSPICIOUS_ADDRESSES: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_SUSPICION_THRESHOLDS.addresses).describe("A licence seen from more client addresses than this in 24 hours is flagged"),
  LICENCE_SUSPICIOUS_DEVICE_KEYS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_SUSPICION_THRESHOLDS.refusedKeys).describe("A licence refused for more device keys than this in 24 hours is flagged"),
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIME_ZONE)
    .refine(isTimeZone, "an IANA time zone like Asia/Phnom_Penh")
    .describe("The shop's time zone: every date a customer reads (e-mails, receipts) is in it"),
  TELEGRAM_BOT_TOKEN: optionalString
    .pipe(z.string().regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, "a Bot API token like 123456789:AA…").optional())
    .describe("Secret: the seller's Telegram bot (from @BotFather); never logged. Unset: the simulator at /dev/telegram in embedded mode, else no Telegram"),
  TELEGRAM_CHAT_ID: optionalString.describe("The seller's chat id (a number, or @channel), several separated by commas"),
  TELEGRAM_EVENTS: optionalString.describe(`Which events go to Telegram, comma-separated (default ${DEFAULT_TELEGRAM_EVENTS.join(",")})`),
  TELEGRAM_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()).describe("The Bot API's address (default https://api.telegram.org)"),
  BALANCE_LOW_THRESHOLD: z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "a dollar amount like 1.00").default("1.00").describe("balance.low fires when a debit leaves an API key below this"),
  METRICS_TOKEN: optionalString
    .pipe(z.string().min(16, "at least 16 characters").optional())
    .describe("Secret: enables /metrics (Prometheus) for `Authorization: Bearer <token>`; unset = /metrics answers 404"),
  BACKUP_DIR: z.string().trim().min(1).default("./backups").describe("Where db:backup and the scheduled backups write (and keyshop-backups.json, the last backup's outcome)"),
  BACKUP_EVERY: optionalString
    .pipe(z.string().regex(/^\d{1,4}(m|h|d)$/, "a period like 6h or 1d (minutes m, hours h, days d)").optional())
    .describe("Scheduled backups into BACKUP_DIR this often (15m to 30d), by one instance with WORKERS=on; unset = none"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14).describe("How many backups BACKUP_DIR keeps (the oldest are removed after a scheduled backup)"),
  // The owner's alerts (decision 064): when the shop tells its owner that something is wrong.
  OWNER_EMAIL: optionalString.describe("Where the owner's alert e-mails go, comma-separated; unset = every admin account"),
  ALERT_OUTBOX_BACKLOG: z.coerce.number().int().min(1).max(1_000_000).default(100).describe("An incident when this many e-mails and notifications together are due and not sent"),
  ALERT_OUTBOX_MINUTES: z.coerce.number().int().min(1).max(1440).default(15).describe("An incident when the oldest due e-mail or notification has waited this many minutes"),
  ALERT_WORKER_LATE_PERIODS: z.coerce.number().int().min(2).max(1000).default(3).describe("A periodic job is stalled when its last good pass is this many of its periods ago (or as many passes failed in a row)"),
  ALERT_5XX_PERCENT: z.coerce.number().int().min(1).max(100).default(5).describe("An incident when at least this share (%) of the last minute's requests answered 5xx"),
  ALERT_5XX_MIN_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(20).describe("…counted only over a minute with at least this many requests"),
  ALERT_PAYMENT_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(3).describe("An incident when this many payment notifications in a minute fail their signature check"),
});

export type Env = z.input<typeof envSchema>;

const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
const PAYWAY_PLUGIN_URL = "https://checkout.payway.com.kh/plugins/checkout2-0.js";

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === "production";

  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (e.OTP_SUPPLIER === "upstream" && !e.OTP_SUPPLIER_URL) problems.push("OTP_SUPPLIER_URL: the upstream supplier needs its base URL");
  if (production) {
    if (!e.AUTH_SECRET || e.AUTH_SECRET === DEV_AUTH_SECRET) problems.push("AUTH_SECRET: production needs a real secret");
    else if (e.AUTH_SECRET.length < 32) problems.push("AUTH_SECRET: must be at least 32 characters");
    if (!e.SMTP_URL) problems.push("SMTP_URL: production cannot use the dev mailbox");
    if (!e.BASE_URL) problems.push("BASE_URL: production needs its public address (https://…)");
    if (e.DEV_TEST_API_TOKEN) problems.push("DEV_TEST_API_TOKEN: the test API must not run in production");
    // The issuer's discovery document names every endpoint the client secret is sent to.
    if (!e.GOOGLE_ISSUER.startsWith("https://")) problems.push("GOOGLE_ISSUER: production needs https (discovery says where the client secret goes)");
    if (!e.PAYWAY_BASE_URL) problems.push("PAYWAY_BASE_URL: production cannot use the PayWay simulator (https://checkout.payway.com.kh)");
    if (e.OTP_SUPPLIER === "upstream") {
      if (!e.OTP_SUPPLIER_TOKEN) problems.push("OTP_SUPPLIER_TOKEN: production cannot use the upstream supplier without its token");
      // The market's protocol puts the token in the query string: only TLS keeps it private.
      if (e.OTP_SUPPLIER_URL && !e.OTP_SUPPLIER_URL.startsWith("https://")) problems.push("OTP_SUPPLIER_URL: production needs https (the token travels in the URL)");
    }
  }
  if (e.PAYWAY_BASE_URL && (!e.PAYWAY_MERCHANT_ID || !e.PAYWAY_API_KEY)) {
    problems.push("PAYWAY_MERCHANT_ID and PAYWAY_API_KEY: required with PAYWAY_BASE_URL");
  }
  const rsaPublicKey = paywayRsaPublicKey(e, problems);
  const telegramChats = e.TELEGRAM_CHAT_ID?.split(",").map((c) => c.trim()).filter(Boolean) ?? [];
  for (const chat of telegramChats) if (!TELEGRAM_CHAT.test(chat)) problems.push(`TELEGRAM_CHAT_ID: "${chat}" is not a chat id (a number, or @channelname)`);
  if (e.TELEGRAM_BOT_TOKEN && !telegramChats.length) problems.push("TELEGRAM_CHAT_ID: required with TELEGRAM_BOT_TOKEN (the seller's chat)");
  const telegramEvents = (e.TELEGRAM_EVENTS?.split(",").map((t) => t.trim()).filter(Boolean) ?? [...DEFAULT_TELEGRAM_EVENTS]) as ShopEventType[];
  for (const type of telegramEvents) {
    if (!(SHOP_EVENT_TYPES as readonly string[]).includes(type)) problems.push(`TELEGRAM_EVENTS: unknown event "${type}" (known: ${SHOP_EVENT_TYPES.join(", ")})`);
  }
  const backupEveryMs = e.BACKUP_EVERY ? parseBackupPeriod(e.BACKUP_EVERY) : undefined;
  if (backupEveryMs !== undefined && (backupEveryMs < 15 * 60_000 || backupEveryMs > 30 * 86_400_000)) problems.push("BACKUP_EVERY: between 15m and 30d");
  const ownerEmails = e.OWNER_EMAIL?.split(",").map((a) => a.trim().toLowerCase()).filter(Boolean) ?? [];
  for (const address of ownerEmails) if (!z.email().safeParse(address).success) problems.push(`OWNER_EMAIL: "${address}" is not an e-mail address`);
  const otpServices = otpServiceSettings(parseDollars(e.OTP_PRICE)!, e.OTP_SERVICE_PRICES, problems);
  if (problems.length) throw new ConfigError(problems);

  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    trustedOrigins: [baseUrl, ...(e.TRUSTED_ORIGINS?.split(",").map((s) => s.trim()).filter(Boolean) ?? [])],
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    authSecret: e.AUTH_SECRET ?? DEV_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devSmtpPort: e.DEV_SMTP_PORT,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(/\/$/, "") }
        : production
          ? undefined
          : { clientId: GOOGLE_STAND_IN_CLIENT_ID, clientSecret: GOOGLE_STAND_IN_CLIENT_SECRET, issuer: `${baseUrl}${GOOGLE_STAND_IN_PATH}`, standIn: true },
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT === "on",
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    publicApiRateLimit: e.PUBLIC_API_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY === "on",
    workers: e.WORKERS === "on",
    staticDir: e.STATIC_DIR,
    testApiToken: e.DEV_TEST_API_TOKEN,
    otpMail: {
      domain: e.OTP_MAIL_DOMAIN.toLowerCase(),
      priceMills: parseDollars(e.OTP_PRICE)!,
      costMills: parseDollars(e.OTP_COST)!,
      lifetimeMinutes: 20,
      services: otpServices,
      messageRetentionHours: e.OTP_MESSAGE_RETENTION_HOURS,
      supplier:
        e.OTP_SUPPLIER === "upstream"
          ? { kind: "upstream", url: e.OTP_SUPPLIER_URL!, token: e.OTP_SUPPLIER_TOKEN ?? "", mailType: e.OTP_SUPPLIER_MAIL_TYPE }
          : { kind: "local" },
      inbound: e.INBOUND_SMTP_PORT ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST } : undefined,
    },
    paymentProvider: e.PAYMENT_PROVIDER,
    payway: paywayConfig(e, baseUrl, rsaPublicKey),
    embedded: !e.SMTP_URL,
    metricsToken: e.METRICS_TOKEN,
    // Not an environment variable: the landing is prerendered with the same promise (decision 054).
    refundWindowDays: SITE.refundWindowDays,
    shopTimeZone: e.SHOP_TIME_ZONE,
    notifications: {
      telegram: telegramConfig(e, baseUrl, telegramChats, [...new Set(telegramEvents)]),
      balanceLowMills: parseDollars(e.BALANCE_LOW_THRESHOLD)!,
      webhooks: { publicOnly: production },
    },
    backups: { dir: e.BACKUP_DIR, everyMs: backupEveryMs, keep: e.BACKUP_KEEP },
    alerts: {
      ownerEmails,
      outboxBacklog: e.ALERT_OUTBOX_BACKLOG,
      outboxMinutes: e.ALERT_OUTBOX_MINUTES,
      workerLatePeriods: e.ALERT_WORKER_LATE_PERIODS,
      serverErrorPercent: e.ALERT_5XX_PERCENT,
      serverErrorMinRequests: e.ALERT_5XX_MIN_REQUESTS,
      paymentFailures: e.ALERT_PAYMENT_FAILURES,
    },
    licences: {
      leaseDays: e.LICENCE_LEASE_DAYS,
      v1Until: e.LICENCE_V1_UNTIL === "off" ? null : new Date(`${e.LICENCE_V1_UNTIL}T00:00:00Z`),
      suspicious: { addresses: e.LICENCE_SUSPICIOUS_ADDRESSES, refusedKeys: e.LICENCE_SUSPICIOUS_DEVICE_KEYS },
      signingThread: e.LICENCE_SIGNING_THREAD === "on",
    },
  };
}

function telegramConfig(e: z.output<typeof envSchema>, baseUrl: string, chatIds: string[], events: ShopEventType[]): TelegramConfig {
  if (e.TELEGRAM_BOT_TOKEN) return { mode: "bot", apiBase: (e.TELEGRAM_API_URL ?? "https://api.telegram.org").replace(/\/$/, ""), token: e.TELEGRAM_BOT_TOKEN, chatIds, events };
  // Embedded mode (the dev mailbox, the simulators): the Telegram simulator speaks the Bot API.
  if (!e.SMTP_URL && e.NODE_ENV !== "production") {
    return { mode: "simulator", apiBase: `${baseUrl}${TELEGRAM_SIMULATOR_PATH}`, token: TELEGRAM_SIMULATOR_TOKEN, chatIds: chatIds.length ? chatIds : [TELEGRAM_SIMULATOR_CHAT_ID], events };
  }
  return { mode: "off", apiBase: "", token: "", chatIds: [], events };
}

/** The refund key as SPKI PEM, or undefined; a key that is set but unusable is a problem. */
function paywayRsaPublicKey(e: z.output<typeof envSchema>, problems: string[]): string | undefined {
  // The simulator decrypts with its own private key, so it needs its own public key too.
  if (!e.PAYWAY_BASE_URL) {
    if (e.PAYWAY_RSA_PUBLIC_KEY) problems.push("PAYWAY_RSA_PUBLIC_KEY: the built-in PayWay simulator uses its own key pair; set it only with PAYWAY_BASE_URL");
    return processRsaKeyPair().publicKey;
  }
  if (!e.PAYWAY_RSA_PUBLIC_KEY) return undefined;
  try {
    return parseRsaPublicKey(e.PAYWAY_RSA_PUBLIC_KEY).export({ type: "spki", format: "pem" }).toString();
  } catch (err) {
    problems.push(`PAYWAY_RSA_PUBLIC_KEY: not a usable RSA public key in PEM (${(err as Error).message})`);
    return undefined;
  }
}

function paywayConfig(e: z.output<typeof envSchema>, baseUrl: string, rsaPublicKey: string | undefined): PaywayConfig {
  const simulator = !e.PAYWAY_BASE_URL;
  const apiBase = (e.PAYWAY_BASE_URL ?? `${baseUrl}${PAYWAY_SIMULATOR_PATH}`).replace(/\/$/, "");
  return {
    simulator,
    baseUrl: apiBase,
    merchantId: e.PAYWAY_MERCHANT_ID ?? PAYWAY_SIMULATOR_MERCHANT_ID,
    apiKey: e.PAYWAY_API_KEY ?? PAYWAY_SIMULATOR_API_KEY,
    pluginUrl: e.PAYWAY_PLUGIN_URL ?? (simulator ? `${apiBase}/plugins/checkout2-0.js` : PAYWAY_PLUGIN_URL),
    callbackUrl: e.PAYWAY_CALLBACK_URL ?? `${baseUrl}/api/payway/callback`,
    paymentOption: e.PAYWAY_PAYMENT_OPTION,
    lifetimeMinutes: e.PAYWAY_LIFETIME_MINUTES,
    requireCallbackSignature: e.PAYWAY_CALLBACK_SIGNATURE === "required",
    rsaPublicKey,
  };
}

/** The catalogue's services with their prices: OTP_PRICE for Facebook, OTP_SERVICE_PRICES for others. */
function otpServiceSettings(facebookMills: number, prices: string, problems: string[]) {
  const settings = Object.fromEntries(OTP_SERVICE_CATALOGUE.map((s) => [s.id, { priceMills: s.priceMills, lifetimeMinutes: s.lifetimeMinutes }])) as Record<
    OtpServiceId,
    { priceMills: number; lifetimeMinutes: number }
  >;
  settings.facebook.priceMills = facebookMills;
  for (const pair of prices.split(",").filter(Boolean)) {
    const [id, dollars] = pair.split("=") as [string, string];
    if (!isOtpServiceId(id)) problems.push(`OTP_SERVICE_PRICES: no service "${id}" (${OTP_SERVICE_CATALOGUE.map((s) => s.id).join(", ")})`);
    else settings[id].priceMills = parseDollars(dollars)!;
  }
  return settings;
}
