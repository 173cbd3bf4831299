// A pseudo-language for tests only (never imported by the product): en-XA, English with every
// letter accented and each text wrapped in ⟦…⟧. Rendering the shop in it shows at a glance what
// did not come from a text table: any plain ASCII word left is a string some code wrote itself
// (decision 040). It is made at run time from English and joins the shop's languages the way a
// real one would: one entry in the languages list, one entry in each text table.
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, translationTables, type Language, type LanguageInfo } from "./languages";

export const PSEUDO_LANGUAGE = "en-XA" as Language;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((ch, i) => [ch, [..."áƀçđéƒĝĥîĵķļɱñöþʠŕšţûʋŵẋýžÁƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!]),
);

/** Every ASCII letter accented, except inside the given values (what a text's arguments put in it). */
export function accent(text: string, keep: readonly string[] = []): string {
  const values = keep.filter((v) => /[A-Za-z]/.test(v)).sort((a, b) => b.length - a.length);
  let out = "";
  for (let i = 0; i < text.length; ) {
    const value = values.find((v) => text.startsWith(v, i));
    if (value) {
      out += value;
      i += value.length;
    } else {
      out += ACCENTED[text[i]!] ?? text[i]!;
      i += 1;
    }
  }
  return out;
}

/** The strings a text's arguments hold (numbers' digits need no keeping). */
function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, into);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, into);
  return into;
}

/** A text table's entry in the pseudo-language, from its English: strings, functions, objects of those. */
export function pseudoTexts<T>(english: T, keep: readonly string[] = []): T {
  if (typeof english === "string") return `⟦${accent(english, keep)}⟧` as T;
  if (typeof english === "function") {
    const fn = english as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => pseudoTexts(fn(...args), stringsIn(args))) as T;
  }
  if (Array.isArray(english)) return english.map((v) => pseudoTexts(v, keep)) as T;
  if (english && typeof english === "object") return Object.fromEntries(Object.entries(english).map(([k, v]) => [k, pseudoTexts(v, keep)])) as T;
  return english;
}

/** Adds en-XA: one line in the languages list and its entry in every text table defined so far. */
export function addPseudoLanguage(): Language {
  const info: LanguageInfo = { ...LANGUAGE_INFO[DEFAULT_LANGUAGE], code: PSEUDO_LANGUAGE, name: "Pseudo English", nativeName: "Ƥšéûđö" };
  (LANGUAGE_INFO as Record<string, LanguageInfo>)[PSEUDO_LANGUAGE] = info;
  for (const table of translationTables().values()) (table as Record<string, unknown>)[PSEUDO_LANGUAGE] = pseudoTexts(table[DEFAULT_LANGUAGE]);
  return PSEUDO_LANGUAGE;
}
