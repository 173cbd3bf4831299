// better-auth: e-mail + password with required verification, reset, magic link, e-mail one-time
// code, Google when configured, and a second factor (TOTP authenticator + backup codes, or passkeys:
// one of them required for the admin console, optional for customers; decisions 018 and 038).
// Sessions and rate-limit counters live in the database.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, magicLink, twoFactor } from "better-auth/plugins";
import { VERIFY_EMAIL_CALLBACK } from "../../contracts/app-routes";
import { DEFAULT_LANGUAGE } from "../../contracts/languages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { enqueueEmail, type EmailToQueue } from "../providers/email/outbox";
import type { Logger } from "../lib/logger";
import { pageLanguage } from "../lib/page-language";
import { hitRateLimit } from "../lib/rate-limit";
import { AUTH_LIMITS } from "./account-limits";
import { googleConfiguration, useGoogleDiscovery } from "./google-discovery";
import { SECOND_FACTOR_PATHS } from "./factors";
import { PROFILE_TWO_FACTOR } from "../../contracts/app-routes";
import { PASSKEY_SIGN_IN_PATH, passkeyPlugin, passkeyPolicy } from "./passkeys";

/** The header our own edge sets from the socket (or a trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-keyshop-client-ip";
/** Cookie names start with it: `keyshop.session_token` (`__Secure-keyshop.session_token` over https). */
export const COOKIE_PREFIX = "keyshop";
const MAGIC_LINK_MINUTES = 10;
const OTP_MINUTES = 10;

/** The Cookie header of the request better-auth is answering (a Request, or an endpoint's context). */
function cookiesOf(source: { headers?: Headers | null; request?: Request | null } | Request | null | undefined): string | null | undefined {
  const headers = source instanceof Request ? source.headers : (source?.headers ?? source?.request?.headers);
  return headers?.get("cookie");
}

export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
  onEmailQueued?: () => void;
}

export function createAuth({ config, db, logger, onEmailQueued }: AuthDeps) {
  // Auth e-mails go through the durable outbox; a failed SMTP attempt delays them, never loses them.
  // Each recipient gets at most a few of each kind an hour, whatever asked for them (a sign-in
  // attempt on an unconfirmed address sends a confirmation too): no one can flood an inbox.
  // Written in the language of the account with that address, else the page's the request came
  // from (a sign-in link to an address without an account yet), else English (decision 040).
  const queue = async (email: EmailToQueue, from?: Parameters<typeof cookiesOf>[0]) => {
    if (config.authRateLimit) {
      const { allowed } = await hitRateLimit(db, `auth:sent:${email.template}:${email.to.toLowerCase()}`, AUTH_LIMITS.emailsPerRecipient);
      if (!allowed) {
        logger.warn({ template: email.template }, "auth e-mail not sent: the recipient's hourly limit is reached");
        return;
      }
    }
    await enqueueEmail(db, { ...email, timeZone: config.shopTimeZone, fallbackLanguage: pageLanguage(cookiesOf(from)) });
    onEmailQueued?.();
  };

  const auth = betterAuth({
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
        // A reseller (decision 080): set by a super-admin only.
        reseller: { type: "boolean", required: false, defaultValue: false, input: false },
        username: { type: "string", required: false, input: false },
        // Kept by a trigger on the passkey table (decision 038); never written by better-auth.
        passkeyEnabled: { type: "boolean", required: false, input: false },
        // The account's language (decision 040): set by the hook below, changed on Profile.
        language: { type: "string", required: false, defaultValue: DEFAULT_LANGUAGE, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        await queue({ to: user.email, template: "reset-password", props: { url } }, request);
      },
      // The owner hears of a new password at once (whoever reset it: the mailbox may not be theirs
      // alone). The reset signs nobody in and leaves the second factor as it was.
      onPasswordReset: async ({ user }) => {
        await enqueueEmail(db, {
          to: user.email,
          template: "security-notice",
          props: { kind: "password-changed", at: new Date().toISOString(), securityUrl: new URL(PROFILE_TWO_FACTOR, config.baseUrl).toString() },
          timeZone: config.shopTimeZone,
        });
        onEmailQueued?.();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link confirms the address; the person then signs in (a link opened elsewhere grants no session).
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }, request) => {
        // Every confirmation link lands on the sign-in page that says so, also the one a sign-in
        // before confirming sends (better-auth would give it that request's target, often none).
        const link = new URL(url);
        link.searchParams.set("callbackURL", VERIFY_EMAIL_CALLBACK);
        await queue({ to: user.email, template: "verify-email", props: { url: link.toString() } }, request);
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Sessions verified from a signed cookie for a short while (decision 030); sessionContext
      // reads admin accounts and sessions awaiting their second factor from the database anyway.
      cookieCache: { enabled: config.sessionCacheSeconds > 0, maxAge: config.sessionCacheSeconds },
      additionalFields: {
        secondFactorAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A new account speaks the language of the page it was made on (the ks_lang cookie of the
          // request that creates it: a sign-up, Google's callback, a magic link or code's sign-in).
          before: async (data, ctx) => ({ data: { ...data, language: pageLanguage(cookiesOf(ctx)) } }),
        },
      },
      session: {
        create: {
          // A session made by a second-factor check (the sign-in's second step, enrolment, or a
          // user-verifying passkey) has passed it; any other new session has not (a password alone
          // for a passkey account, a magic link or an e-mailed code).
          before: async (data, ctx) =>
            ctx?.path && (SECOND_FACTOR_PATHS.has(ctx.path) || ctx.path === PASSKEY_SIGN_IN_PATH) ? { data: { ...data, secondFactorAt: new Date() } } : undefined,
        },
      },
    },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      // Per address, every request: a flood guard, generous because many customers share an
      // address (mobile carriers). Failed sign-ins per account and per address and e-mails per
      // recipient are limited in account-limits.ts.
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60 * 10, max: 10 },
        "/request-password-reset": { window: 60 * 10, max: 10 },
        "/reset-password": { window: 60 * 10, max: 10 },
        "/sign-in/magic-link": { window: 60 * 10, max: 10 },
        "/email-otp/send-verification-otp": { window: 60 * 10, max: 10 },
        "/sign-in/email-otp": { window: 60, max: 30 },
        "/send-verification-email": { window: 60 * 10, max: 10 },
        "/passkey/verify-authentication": { window: 60, max: 30 },
      },
    },
    advanced: {
      // better-auth skips its origin check when NODE_ENV is test: the tests check what production does.
      disableOriginCheck: false,
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
      twoFactor({
        issuer: "Keyshop",
        // Enrolment needs one code from the app before it counts (a mistyped scan locks nobody out).
        skipVerificationOnEnable: false,
        backupCodeOptions: { amount: 10, length: 10 },
        // No lock per account: anyone with the password could lock the owner out again and again.
        // Wrong codes are throttled per pending sign-in and per address instead, and the owner is
        // e-mailed after repeated failures (second-factor.ts, account-limits.ts; decision 037).
        accountLockout: { enabled: false },
      }),
      passkeyPlugin(config.baseUrl),
      passkeyPolicy,
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        sendMagicLink: async ({ email, url }, ctx) => {
          await queue({ to: email, template: "magic-link", props: { url, expiresInMinutes: MAGIC_LINK_MINUTES } }, ctx);
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_MINUTES * 60,
        allowedAttempts: 5,
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (type === "change-email") return;
          await queue({ to: email, template: "sign-in-code", props: { code: otp, purpose: type, expiresInMinutes: OTP_MINUTES } }, ctx);
        },
      }),
    ],
  });
  // Google's endpoints come from its issuer's discovery document (decision 057): Google's own, or
  // the local stand-in's in embedded mode. Rewired before any request can await the context.
  const google = config.google;
  if (google) void auth.$context.then((context) => useGoogleDiscovery(context, googleConfiguration(google)));
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
