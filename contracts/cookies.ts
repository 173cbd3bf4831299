// Cookies the server and the web both read or write (besides better-auth's own session cookie).

/** "1" while a session cookie is set: readable, no secret (server/auth/session-hint.ts). */
export const SIGNED_IN_HINT_COOKIE = "ks_signed_in";
/** The chosen language when not English: the server sends pages prerendered in it. */
export const LANGUAGE_COOKIE = "ks_lang";

/** One cookie's value from a `Cookie` header or `document.cookie` (undefined when absent). */
export function cookieValue(cookies: string | null | undefined, name: string): string | undefined {
  if (!cookies) return undefined;
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
