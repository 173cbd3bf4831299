// Where the visitor's language choice is kept: localStorage for the app, and a cookie for the
// server, which sends the public pages prerendered in that language (server/lib/static.ts). No
// React here: the public pages' static script (web/enhance) uses it too.

export const LANGUAGE_STORAGE_KEY = "lang";
/** Absent = English. */
export const LANGUAGE_COOKIE = "ks_lang";

export function languageCookie(): string | undefined {
  return new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(document.cookie)?.[1];
}

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked
  }
}

/** Remembers the choice in both places. */
export function rememberLanguage(lng: string) {
  document.cookie =
    lng === "en"
      ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
