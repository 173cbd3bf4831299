// The one place that reads process.env. Everything else receives a parsed Config.
import { z } from "zod";
import { parseMills } from "./lib/money";

export const DEV_AUTH_SECRET = "dev-only-secret-change-me-in-production-0123456789";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT: z
    .enum(["on", "off"])
    .default("on")
    .describe("Rate limits on sign-in, sign-up and reset (off only for load tests)"),
  TRUST_PROXY: z.enum(["on", "off"]).default("off"),
  WORKERS: z.enum(["on", "off"]).default("on"),
  STATIC_DIR: z.string().default("./build/client"),
  DEV_TEST_API_TOKEN: optionalString,
  OTP_MAIL_DOMAIN: z.string().default("otp.keyshop.local"),
  OTP_PRICE: z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "a dollar amount like 0.045").default("0.045"),
  OTP_COST: z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "a dollar amount like 0.042").default("0.042"),
});

export type Env = z.input<typeof envSchema>;

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
  google?: { clientId: string; clientSecret: string };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  authRateLimit: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  workers: boolean;
  staticDir: string;
  /** Enables /dev/test-api (seeding for browser tests); never in production. */
  testApiToken?: string;
  otpMail: { domain: string; priceMills: number; costMills: number; lifetimeMinutes: number };
  /** True when embedded defaults (dev mailbox, simulators) are in use. */
  embedded: boolean;
}

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
  if (production) {
    if (!e.AUTH_SECRET || e.AUTH_SECRET === DEV_AUTH_SECRET) problems.push("AUTH_SECRET: production needs a real secret");
    else if (e.AUTH_SECRET.length < 32) problems.push("AUTH_SECRET: must be at least 32 characters");
    if (!e.SMTP_URL) problems.push("SMTP_URL: production cannot use the dev mailbox");
    if (!e.BASE_URL) problems.push("BASE_URL: production needs its public address (https://…)");
    if (e.DEV_TEST_API_TOKEN) problems.push("DEV_TEST_API_TOKEN: the test API must not run in production");
  }
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
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT === "on",
    trustProxy: e.TRUST_PROXY === "on",
    workers: e.WORKERS === "on",
    staticDir: e.STATIC_DIR,
    testApiToken: e.DEV_TEST_API_TOKEN,
    otpMail: { domain: e.OTP_MAIL_DOMAIN.toLowerCase(), priceMills: parseMills(e.OTP_PRICE)!, costMills: parseMills(e.OTP_COST)!, lifetimeMinutes: 20 },
    embedded: !e.SMTP_URL,
  };
}
