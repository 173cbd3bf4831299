// One request context for every kind of caller: a session cookie today, an API key later.
import { createMiddleware } from "hono/factory";
import type { Auth } from "./auth";
import { AppError } from "../lib/errors";
import { languageOr, type Language } from "../../contracts/languages";
import { SessionMemo, sessionDataExpiry } from "./session-memo";
import type { SessionRevocations } from "./session-revocations";
import { hasSecondFactor } from "./factors";

export { hasSecondFactor };

/** When the cached copy in this Cookie header was signed: its signed expiry less the cache's age. */
const signedAt = (cookieHeader: string, cacheSeconds: number) => {
  const expiry = sessionDataExpiry(cookieHeader);
  return expiry === undefined ? undefined : expiry - cacheSeconds * 1000;
};

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  /**
   * What this request may do: "admin" only when the account is an admin AND this session passed
   * its second factor (decision 018). Every role check reads this one.
   */
  role: "user" | "admin";
  /** The account's role, whatever the session (what Profile and the menu show). */
  accountRole: "user" | "admin";
  superAdmin: boolean;
  /** A reseller (decision 080), as the session knows it; the reseller's routes read the account itself. */
  reseller: boolean;
  emailVerified: boolean;
  /** An authenticator app is enrolled (TOTP). */
  twoFactorEnabled: boolean;
  /** The account has at least one passkey (decision 038). */
  passkeyEnabled: boolean;
  /** This session passed the second factor. */
  secondFactorVerified: boolean;
  /** The account's language (decision 040). */
  language: Language;
}

export interface RequestContext {
  user: CurrentUser | null;
  via: "session" | "api-key" | "anonymous";
  /** Set when the caller authenticated with an API key. */
  apiKeyId?: string;
  /**
   * Set when the key's owner came from the purchase's memo (api-key.ts) rather than the database:
   * the key's hash, which the purchase's own statement checks (still this key, still active).
   */
  unverifiedKeyHash?: string;
}

export type AppEnv = { Variables: { ctx: RequestContext; requestId: string; clientIp: string; refreshSession?: boolean } };

/**
 * The caller changed what their cached session shows (their name): their session_data cookie is
 * renewed from the database on this answer, so their next page shows the change at once.
 */
export function refreshSessionCookie(c: { set(key: "refreshSession", value: boolean): void }) {
  c.set("refreshSession", true);
}

const ADMIN_PATH = "/api/admin/";


type Session = { user: Record<string, unknown>; session: Record<string, unknown> } | null;

/**
 * A cached session (better-auth's signed session_data cookie, decision 030) is trusted only when it
 * grants nothing beyond a customer's own pages: an admin account, or a session of an account with
 * a second factor that has not passed it (it may have passed it since), is read from the database.
 */
function needsDatabase(session: Session): boolean {
  const u = session?.user;
  if (!u) return false;
  return u.role === "admin" || (hasSecondFactor(u) && !session?.session?.secondFactorAt);
}

export function sessionContext(auth: Auth, { cookieCache = true, cacheSeconds = 0, revocations }: { cookieCache?: boolean; cacheSeconds?: number; revocations?: SessionRevocations } = {}) {
  const memo = cookieCache ? new SessionMemo() : undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookieHeader = c.req.header("cookie");
    const read = (fresh: boolean) =>
      auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true, query: fresh ? { disableCookieCache: true } : undefined }).catch(() => null);
    // The admin console's routes always ask the database (a promotion shows at once there too).
    const adminPath = c.req.path.startsWith(ADMIN_PATH);
    // A cookie verified before, still within its cookie cache's signed expiry (session-memo.ts).
    const remembered = !adminPath && cookieHeader ? memo?.get(cookieHeader) : undefined;
    let answer: { response: unknown; headers?: Headers } | null = remembered ? { response: remembered } : await read(adminPath);
    const fromCache = !adminPath && cookieHeader !== undefined && Boolean(answer?.response) && (remembered !== undefined || !answer?.headers?.getSetCookie?.().length);
    // A cached copy of a session ended anywhere since (sign-out, a password reset): ask the database.
    const revoked = fromCache && revocations !== undefined && !revocations.trusts((answer?.response as Session)?.session?.id, signedAt(cookieHeader!, cacheSeconds));
    if (revoked) memo?.forget(cookieHeader!);
    if (revoked || (!remembered && !adminPath && needsDatabase(answer?.response as Session))) answer = await read(true);
    else if (!remembered && fromCache) {
      // Verified from the cookie cache (nothing renewed): the same cookies answer the same until expiry.
      memo?.remember(cookieHeader!, answer!.response as NonNullable<Session>);
    }
    const session = answer?.response as Session;
    const u = session?.user;
    const s = session?.session;
    if (!u) c.set("ctx", { user: null, via: "anonymous" });
    else {
      const accountRole = u.role === "admin" ? "admin" : "user";
      const twoFactorEnabled = u.twoFactorEnabled === true;
      const passkeyEnabled = u.passkeyEnabled === true;
      const secondFactorVerified = Boolean(s?.secondFactorAt);
      c.set("ctx", {
        user: {
          id: String(u.id),
          email: String(u.email),
          name: String(u.name ?? ""),
          role: accountRole === "admin" && hasSecondFactor(u) && secondFactorVerified ? "admin" : "user",
          accountRole,
          superAdmin: u.superAdmin === true,
          reseller: u.reseller === true,
          emailVerified: u.emailVerified === true,
          twoFactorEnabled,
          passkeyEnabled,
          secondFactorVerified,
          language: languageOr(u.language),
        },
        via: "session",
      });
    }
    await next();
    if (c.get("refreshSession") && u) answer = await read(true);
    // A session read from the database renews its session_data cookie (or a stale one is expired);
    // never on an answer shared caches may keep.
    const cookies = answer?.headers?.getSetCookie?.() ?? [];
    if (cookies.length && !/public/.test(c.res.headers.get("Cache-Control") ?? "")) {
      try {
        for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
      } catch {
        // An immutable response (passed through as it came): the next request renews the cookie.
      }
    }
  });
}

/** Signed in, whatever the second factor: only for the routes that tell the web what to ask for (/api/me). */
export function requireSession(ctx: RequestContext): CurrentUser {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return ctx.user;
}

/** What a session that has not passed the account's second factor is asked for. */
function secondFactorPrompt(user: CurrentUser): string {
  if (!user.passkeyEnabled) return "Enter the code from your authenticator app to continue.";
  if (!user.twoFactorEnabled) return "Use one of your passkeys to continue.";
  return "Use one of your passkeys or enter the code from your authenticator app to continue.";
}

/** The admin console's refusal of an admin without a second factor (or a session that has not passed it). */
export const ADMIN_NEEDS_SECOND_FACTOR = "The admin console needs a second factor. Add a passkey in Profile (recommended), or set up an authenticator app.";

/** Signed in, and past the second factor when the account has one. */
export function requireUser(ctx: RequestContext): CurrentUser {
  const user = requireSession(ctx);
  if (hasSecondFactor(user) && !user.secondFactorVerified) throw new AppError("SECOND_FACTOR_REQUIRED", secondFactorPrompt(user));
  return user;
}

export function requireAdmin(ctx: RequestContext): CurrentUser {
  const user = requireUser(ctx);
  if (user.accountRole === "admin" && user.role !== "admin") {
    throw new AppError("SECOND_FACTOR_REQUIRED", ADMIN_NEEDS_SECOND_FACTOR);
  }
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "Unauthorized: Admin access required");
  return user;
}

/** User Management and Manage Balance need the super-admin flag on the server, not only in the menu. */
export function requireSuperAdmin(ctx: RequestContext): CurrentUser {
  const user = requireAdmin(ctx);
  if (!user.superAdmin) throw new AppError("FORBIDDEN", "Unauthorized: Super-admin access required");
  return user;
}

/** Route guard: decides access before any input is parsed, so a stranger learns nothing from 422s. */
export function guard(check: (ctx: RequestContext) => unknown) {
  return createMiddleware<AppEnv>(async (c, next) => {
    check(c.get("ctx"));
    await next();
  });
}
