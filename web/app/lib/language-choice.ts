// Where the visitor's language choice is kept: localStorage for the app, and a cookie for the
// server, which sends the public pages prerendered in that language (server/lib/static.ts). No
// React here: the public pages' static script (web/enhance) uses it too.

import { cookieValue, LANGUAGE_COOKIE } from "../../../contracts/cookies";

export const LANGUAGE_STORAGE_KEY = "lang";

export function languageCookie(): string | undefined {
  return cookieValue(document.cookie, LANGUAGE_COOKIE);
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
