// Limits better-auth's own per-address counters cannot give (issue #13):
//   - failed sign-ins are counted per account (the e-mail tried) and, more generously, per
//     address; a successful sign-in counts against neither. Many customers share one address
//     behind mobile carriers, and a guesser rotating addresses is still stopped per account.
//   - every e-mail an anonymous caller can ask for is limited per recipient, counted on the
//     address typed whether or not an account has it, so the answer reveals nothing.
// Counters live in the shared table (every instance sees them). AUTH_RATE_LIMIT=off disables them.
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { applyRateLimit, hitRateLimit, readRateLimit, type RateLimitRule } from "../lib/rate-limit";

export const AUTH_LIMITS = {
  /** Failed sign-ins for one account (password or e-mailed code), or second-factor codes for one session. */
  signInFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one address, whatever the account. */
  signInFailuresPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** E-mails one recipient can be sent on request, per endpoint (reset, link, code, confirmation). */
  emailsPerRecipient: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The endpoints whose failure is a wrong secret for an account. */
const SIGN_IN_ENDPOINTS = new Set(["/sign-in/email", "/sign-in/email-otp"]);
/** Second-factor checks: their subject is the session (or the sign-in's pending second step). */
const SECOND_FACTOR_ENDPOINTS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
// The pending sign-in's cookie first (a caller cannot vary it: better-auth checks its signature),
// else the session's.
const SUBJECT_COOKIES = [/(?:^|;\s*)(?:__Secure-)?keyshop\.two_factor=([^;]+)/, /(?:^|;\s*)(?:__Secure-)?keyshop\.session_token=([^;]+)/];
/** The endpoints that e-mail the address in the body. */
const EMAIL_ENDPOINTS = new Set(["/request-password-reset", "/sign-in/magic-link", "/email-otp/send-verification-otp", "/send-verification-email"]);

const accountKey = (email: string) => `auth:fail:account:${email.trim().toLowerCase()}`;
/** The session or pending sign-in a second-factor check is for, hashed (the cookie is a secret). */
const subjectKey = (cookie: string | undefined) => {
  const value = cookie ? SUBJECT_COOKIES.map((re) => re.exec(cookie)?.[1]).find(Boolean) : undefined;
  return value ? `auth:fail:2fa:${createHash("sha256").update(value).digest("base64url")}` : undefined;
};
const addressKey = (ip: string) => `auth:fail:ip:${ip}`;

function retryMinutes(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Whose failures a request counts toward: the account it names, or the session it is for. */
function subjectOf(c: Context, endpoint: string, email: string | undefined): string | undefined {
  if (SIGN_IN_ENDPOINTS.has(endpoint)) return email ? accountKey(email) : undefined;
  if (SECOND_FACTOR_ENDPOINTS.has(endpoint)) return subjectKey(c.req.header("cookie"));
  return undefined;
}

export function createAccountLimits({ db, enabled }: { db: Db; enabled: boolean }) {
  const emailOf = (body: Record<string, unknown> | undefined) => (typeof body?.email === "string" ? body.email.trim().toLowerCase() : undefined);
  const checksSecrets = (endpoint: string) => SIGN_IN_ENDPOINTS.has(endpoint) || SECOND_FACTOR_ENDPOINTS.has(endpoint);
  return {
    /** Before better-auth runs: 429 when this account (or session) or this address has failed too often, or the recipient had enough e-mails. */
    async before(c: Context, endpoint: string, body: Record<string, unknown> | undefined, ip: string) {
      if (!enabled) return;
      const email = emailOf(body);
      if (checksSecrets(endpoint)) {
        const subject = subjectOf(c, endpoint, email);
        const [mine, address] = await Promise.all([
          subject ? readRateLimit(db, subject, AUTH_LIMITS.signInFailuresPerAccount) : undefined,
          readRateLimit(db, addressKey(ip), AUTH_LIMITS.signInFailuresPerAddress),
        ]);
        if (mine && !mine.allowed) {
          const alternative = SIGN_IN_ENDPOINTS.has(endpoint) ? ", or sign in with an e-mailed link or code" : ", or use a backup code";
          applyRateLimit(c, [mine], `Too many failed sign-ins for this account. Try again in ${retryMinutes(mine.resetSeconds)}${alternative}.`);
        }
        if (!address.allowed) applyRateLimit(c, [address], `Too many failed sign-ins from your network. Try again in ${retryMinutes(address.resetSeconds)}.`);
      }
      if (EMAIL_ENDPOINTS.has(endpoint) && email) {
        const sent = await hitRateLimit(db, `auth:mail:${endpoint}:${email}`, AUTH_LIMITS.emailsPerRecipient);
        applyRateLimit(c, [sent], `Enough e-mails were sent to this address for now. Check the inbox (and spam), or try again in ${retryMinutes(sent.resetSeconds)}.`);
      }
    },

    /** After better-auth answered: a failed check counts for its account (or session) and for the address. */
    async after(c: Context, endpoint: string, body: Record<string, unknown> | undefined, ip: string, status: number) {
      if (!enabled || !checksSecrets(endpoint) || status < 400 || status === 429) return;
      const subject = subjectOf(c, endpoint, emailOf(body));
      await Promise.all([
        subject ? hitRateLimit(db, subject, AUTH_LIMITS.signInFailuresPerAccount) : undefined,
        hitRateLimit(db, addressKey(ip), AUTH_LIMITS.signInFailuresPerAddress),
      ]);
    },
  };
}
export type AccountLimits = ReturnType<typeof createAccountLimits>;
