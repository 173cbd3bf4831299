// Cookie-authenticated state changes must come from the shop's own pages. SameSite=Lax session
// cookies already keep other sites' POSTs from carrying the session; this also refuses requests
// from other origins of the same site (a sibling subdomain) and from opaque origins. better-auth
// checks its own routes the same way; PayWay's callback, the licence API and the public Bearer
// API carry no session and are mounted before this check.
import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/errors";
import { COOKIE_PREFIX } from "./auth";

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX.replace(/\./g, "\\.")}\\.session_token=`);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}

/**
 * Refuses (403 `INVALID_ORIGIN`) a non-GET request that carries the session cookie when the
 * browser says it comes from elsewhere:
 * - `Origin` present: it must be one of `trustedOrigins` (BASE_URL's and TRUSTED_ORIGINS); "null" never is;
 * - else `Referer` present: its origin must be trusted;
 * - else `Sec-Fetch-Site` present: it must be `same-origin` (or `none`, typed by the user).
 * A request with none of the three is not from a browser (browsers send `Origin` on every
 * cross-origin POST), so it is not a forgery: it already holds the cookie.
 */
/**
 * What a person reads when their browser is on another address than the shop's (a LAN address,
 * 127.0.0.1 instead of localhost, a second domain): where to go instead.
 */
export function untrustedOriginMessage(origin: string | undefined, baseUrl: string): string {
  const here = origin && origin !== "null" ? origin : "another address";
  return `This page is open at ${here}, but this shop runs at ${baseUrl}. Open ${baseUrl} and try again.`;
}

/** Tells the operator once per origin (at most 100) how to allow it, without flooding the log. */
export function originRefusalLogger(warn: (origin: string) => void) {
  const seen = new Set<string>();
  return (origin: string | undefined) => {
    const key = origin ?? "(none)";
    if (seen.has(key) || seen.size >= 100) return;
    seen.add(key);
    warn(key);
  };
}

export function requireTrustedOrigin(trustedOrigins: readonly string[], onRefused: (origin: string | undefined) => void = () => {}) {
  const trusted = new Set(trustedOrigins.map(originOf).filter((o) => o !== "null"));
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const cookie = c.req.header("cookie");
    if (!cookie || !SESSION_COOKIE.test(cookie)) return next();
    const origin = c.req.header("origin");
    const referer = origin === undefined ? c.req.header("referer") : undefined;
    let allowed: boolean;
    if (origin !== undefined) allowed = trusted.has(origin.trim());
    else if (referer !== undefined) allowed = trusted.has(originOf(referer));
    else {
      const site = c.req.header("sec-fetch-site");
      allowed = site === undefined || site === "same-origin" || site === "none";
    }
    if (!allowed) {
      const from = origin ?? (referer !== undefined ? originOf(referer) : undefined);
      onRefused(from);
      throw new AppError("INVALID_ORIGIN", untrustedOriginMessage(from, trustedOrigins[0] ?? ""));
    }
    return next();
  });
}
