// The language a visitor chose on the pages: the ks_lang cookie the language switch sets (absent
// for the default language). Orders remember it as their locale; a new account takes it; e-mails
// to an address without an account fall back to it (decision 040).
import { cookieValue, LANGUAGE_COOKIE } from "../../contracts/cookies";
import { languageOr, type Language } from "../../contracts/languages";

/** The cookie's language from a Cookie header: one of the shop's, else the default. */
export function pageLanguage(cookieHeader: string | null | undefined): Language {
  return languageOr(cookieValue(cookieHeader, LANGUAGE_COOKIE));
}
