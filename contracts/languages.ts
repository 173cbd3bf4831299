// The shop's languages: THE one list, read by the server (e-mails, receipts, the account's language,
// orders' locale), the web (the translator, the language switch), the prerender and the tests.
// Adding a language is its texts (the web's locale files, the server's text tables) plus one line
// here (decision 040). No zod and nothing else imported: the public pages' scripts may import it.

export interface LanguageInfo {
  /** BCP 47 code: stored (user.language, orders.locale), sent (?lang=, the ks_lang cookie), <html lang>. */
  code: string;
  /** Its name in English. */
  name: string;
  /** Its name as its readers write it (the language switch). */
  nativeName: string;
  /** The Intl locale dates and month names are formatted with (digits stay Western: contracts/dates.ts). */
  intl: string;
  /** The web font face its script needs, waited for before switching to it (null: the page's own). */
  webFont: string | null;
  /** A letter of its script, to ask the browser whether `webFont` is ready. */
  fontSample: string;
  /** The PDF receipt: line height as a multiple of the size (stacked scripts need more) and the label size. */
  pdf: { lineHeight: number; labelSize: number };
}

export const LANGUAGE_LIST = [
  { code: "en", name: "English", nativeName: "English", intl: "en-US", webFont: null, fontSample: "a", pdf: { lineHeight: 1.45, labelSize: 8.5 } },
  { code: "km", name: "Khmer", nativeName: "ខ្មែរ", intl: "km-KH", webFont: '"Noto Sans Khmer Variable"', fontSample: "ក", pdf: { lineHeight: 1.75, labelSize: 9 } },
] as const satisfies readonly LanguageInfo[];

export type Language = (typeof LANGUAGE_LIST)[number]["code"];

/** The codes, in the list's order ("en", "km"): for z.enum and the language switch. */
export const LANGUAGES = LANGUAGE_LIST.map((l) => l.code) as readonly Language[] as readonly [Language, ...Language[]];

/** What is used when nothing says otherwise: a visitor without a choice, an account made without one. */
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * Every language's facts by code. A plain object on purpose: a test adds a pseudo-language (en-XA)
 * as one more entry, the way a line above adds a real one, without touching this file.
 */
export const LANGUAGE_INFO: Record<Language, LanguageInfo> = Object.fromEntries(LANGUAGE_LIST.map((l) => [l.code, l])) as Record<Language, LanguageInfo>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && Object.hasOwn(LANGUAGE_INFO, value);
}

/** A stored or sent value as a language: unknown, empty or missing is the default. */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}

export function languageInfo(language: Language): LanguageInfo {
  return LANGUAGE_INFO[language] ?? LANGUAGE_INFO[DEFAULT_LANGUAGE];
}

// ---- Text tables -------------------------------------------------------------------------------
// Words a customer reads that live in code (e-mails, receipts, plan titles) are kept in tables with
// one entry per language, typed so a missing language does not compile. Each table is registered,
// so the tests can check every language of every table is complete, and render everything in a
// pseudo-language they add at run time.

/** One entry per language: strings, functions returning strings, or objects of those. */
export type Translations<T> = Record<Language, T>;

const tables = new Map<string, Translations<unknown>>();

/** Registers a table of texts under a unique name and returns it. */
export function defineTranslations<T>(name: string, texts: Translations<T>): Translations<T> {
  if (tables.has(name)) throw new Error(`texts "${name}" are defined twice`);
  tables.set(name, texts);
  return texts;
}

/** The texts of a language, or the default language's when the table has none for it. */
export function textsIn<T>(texts: Translations<T>, language: Language): T {
  return texts[language] ?? texts[DEFAULT_LANGUAGE];
}

/** Every table defined so far (by the modules imported), by name: for the tests. */
export function translationTables(): ReadonlyMap<string, Translations<unknown>> {
  return tables;
}
