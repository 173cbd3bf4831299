// better-auth: e-mail + password with required verification, reset, magic link, e-mail one-time
// code and Google when configured. Sessions and rate-limit counters live in the database.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, magicLink } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { enqueueEmail } from "../providers/email/outbox";
import type { Logger } from "../lib/logger";

/** The header our own edge sets from the socket (or a trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-keyshop-client-ip";
/** Cookie names start with it: `keyshop.session_token` (`__Secure-keyshop.session_token` over https). */
export const COOKIE_PREFIX = "keyshop";
const MAGIC_LINK_MINUTES = 10;
const OTP_MINUTES = 10;

export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
  onEmailQueued?: () => void;
}

export function createAuth({ config, db, logger, onEmailQueued }: AuthDeps) {
  // Auth e-mails go through the durable outbox; a failed SMTP attempt delays them, never loses them.
  const queue = async (email: Parameters<typeof enqueueEmail>[1]) => {
    await enqueueEmail(db, email);
    onEmailQueued?.();
  };

  return betterAuth({
    appName: "Keyshop",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { ...schema, rateLimit: schema.rateLimit },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        superAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
        username: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await queue({ to: user.email, template: "reset-password", props: { url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link confirms the address; the person then signs in (a link opened elsewhere grants no session).
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await queue({ to: user.email, template: "verify-email", props: { url } });
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60 * 10, max: 5 },
        "/request-password-reset": { window: 60 * 10, max: 3 },
        "/reset-password": { window: 60 * 10, max: 5 },
        "/sign-in/magic-link": { window: 60 * 10, max: 3 },
        "/email-otp/send-verification-otp": { window: 60 * 10, max: 3 },
        "/sign-in/email-otp": { window: 60, max: 5 },
        "/send-verification-email": { window: 60 * 10, max: 3 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith("https://"),
      cookiePrefix: COOKIE_PREFIX,
    },
    logger: {
      log: (level, message) => {
        const lvl = (level as string) === "success" ? "info" : level;
        logger[lvl as "info" | "warn" | "error" | "debug"]({ component: "auth" }, message);
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        sendMagicLink: async ({ email, url }) => {
          await queue({ to: email, template: "magic-link", props: { url, expiresInMinutes: MAGIC_LINK_MINUTES } });
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_MINUTES * 60,
        allowedAttempts: 5,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === "change-email") return;
          await queue({ to: email, template: "sign-in-code", props: { code: otp, purpose: type, expiresInMinutes: OTP_MINUTES } });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
