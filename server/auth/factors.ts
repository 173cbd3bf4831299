// The second factor's rules that the auth modules share, with no imports of their own: auth.ts
// (which builds better-auth) and the gates in front of it read them, so none needs the other.

/** The endpoints that check a second factor (a code from the authenticator app, or a backup code). */
export const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * The account has a second factor (an authenticator app or a passkey): every session must pass it
 * before it counts, and the admin console needs one (decisions 018, 038).
 */
export function hasSecondFactor(u: { twoFactorEnabled?: unknown; passkeyEnabled?: unknown } | undefined | null): boolean {
  return u?.twoFactorEnabled === true || u?.passkeyEnabled === true;
}

/**
 * A fresh read of the request's session from the database (better-auth's getSession without its
 * cookie cache), with the cookies it renews; null without one. Given to the gates by app.ts.
 */
export type ReadSession = (headers: Headers) => Promise<{ response: unknown; headers: Headers } | null>;
