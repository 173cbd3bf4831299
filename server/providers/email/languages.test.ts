// Every e-mail in every language (decision 040): each text table has every language, written in
// it; and every template rendered in a pseudo-language added here, at run time, without touching
// a product file (one entry in the languages list, one in each table), shows no word that did not
// come from a table. A string some code writes in English itself is caught here, forever.
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../../contracts/dates";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, translationTables, type Language } from "../../../contracts/languages";
import { addPseudoLanguage, PSEUDO_LANGUAGE } from "../../../contracts/pseudo-language";
import { emailSamples, renderEmail, type EmailTemplateInput } from "./render";

/** Letters of the scripts the shop's languages are written in (a language written in Latin letters only needs to differ from English). */
const SCRIPT: Partial<Record<Language, RegExp>> = { km: /[\u1780-\u17FF]/ };
/** A text made of values and these alone needs no translating ("{date} (UTC{offset})"). */
const KEPT_WORDS = new Set(["Keyshop", "UTC", "USD"]);
/** Arguments to call a text's function with: values without words of their own, and none at all. */
const PROBES: unknown[][] = [[2, 2, 2, 2], ["§", "§", "§", "§"], [1, "§", 1, "§"], [null, null, null, null], [{}, {}, {}, {}]];

type Leaf = { path: string; value: unknown };

function leaves(value: unknown, path = ""): Leaf[] {
  if (typeof value === "string" || typeof value === "function") return [{ path, value }];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [{ path, value }];
}

/** What a text says: itself, or, called with each probe, what it returns (objects flattened; undefined where the probe does not fit). */
function outputs(value: unknown): Array<string | undefined> {
  if (typeof value === "string") return [value];
  if (typeof value !== "function") return [];
  return PROBES.flatMap((args) => {
    let result: unknown;
    try {
      result = (value as (...a: unknown[]) => unknown)(...args);
    } catch {
      return [undefined];
    }
    return leaves(result).flatMap((l) => outputs(l.value));
  });
}

const hasWords = (text: string) => text.split(/[^A-Za-z_]+/).some((w) => w.length > 1 && !KEPT_WORDS.has(w));

describe("text tables", () => {
  // Every template's table, the shared ones (frame, licence notices), the receipt's and the plans' words.
  const tables = [...translationTables()];

  it("are all registered (e-mail templates, the receipt, plan words)", () => {
    const names = tables.map(([name]) => name);
    for (const sample of emailSamples()) expect(names).toContain(`email:${sample.template}`);
    for (const name of ["email:common", "email:licence-notice", "receipt", "plan-words"]) expect(names).toContain(name);
  });

  it.each(tables.map(([name]) => name))("%s: every key exists in every language, of the same kind as in English", (name) => {
    const table = translationTables().get(name)! as Record<string, unknown>;
    const english = leaves(table[DEFAULT_LANGUAGE]);
    for (const language of LANGUAGES) {
      expect(table[language], `${name} has no ${language}`).toBeDefined();
      const other = new Map(leaves(table[language]).map((l) => [l.path, l.value]));
      expect([...other.keys()].sort(), `${name}.${language}`).toEqual(english.map((l) => l.path).sort());
      for (const { path, value } of english) expect(typeof other.get(path), `${name}.${language}.${path}`).toBe(typeof value);
    }
  });

  it.each(tables.map(([name]) => name))("%s: every text is written in each language (no English left in Khmer)", (name) => {
    const table = translationTables().get(name)! as Record<string, unknown>;
    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      const other = new Map(leaves(table[language]).map((l) => [l.path, l.value]));
      for (const { path, value } of leaves(table[DEFAULT_LANGUAGE])) {
        const en = outputs(value);
        const translated = outputs(other.get(path));
        en.forEach((text, i) => {
          // A probe that does not fit (it throws, or prints "[object Object]"), or a pattern of values alone.
          if (text === undefined || /undefined|NaN|null|\[object/.test(text) || !hasWords(text)) return;
          const where = `${name}.${language}.${path}: ${translated[i]}`;
          expect(translated[i], where).not.toBe(text);
          const script = SCRIPT[language];
          if (script) expect(translated[i], where).toMatch(script);
          expect(translated[i], where).not.toMatch(/undefined|NaN|\[object/);
        });
      }
    }
  });
});

/** Every string value in the props (e-mails, URLs, codes, names, reasons, seller lines…). */
function valuesIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (value && typeof value === "object") for (const v of Object.values(value)) valuesIn(v, into);
  return into;
}

const ISO = /^\d{4}-\d{2}-\d{2}T/;

/** The e-mail's words without the values it was given: what is left must all have come from a table. */
function wordsLeft(text: string, input: EmailTemplateInput, language: Language): string[] {
  const values = valuesIn(input.props);
  const dates = values.filter((v) => ISO.test(v)).flatMap((iso) => [formatDateTime(iso, language, "Asia/Phnom_Penh"), formatDate(iso, language, "Asia/Phnom_Penh")]);
  let rest = text;
  for (const v of [...dates, ...values].filter((v) => v.length > 1).sort((a, b) => b.length - a.length)) rest = rest.split(v).join(" ");
  rest = rest
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/\$[\d,.]+/g, " ");
  return rest.split(/[^A-Za-z_]+/).filter((w) => w.length > 1 && w !== "Keyshop");
}

/** The text a reader sees in the HTML (the preview included), without tags, styles or the head. */
function htmlText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/i, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#xA0;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe(`every e-mail in a pseudo-language (${PSEUDO_LANGUAGE}) added by this test`, () => {
  const language = addPseudoLanguage();

  it("is a language now, as a line in the list makes one", () => {
    expect(isLanguage(language)).toBe(true);
  });

  it.each(emailSamples().map((input, i) => [`${input.template} #${i}`, input] as const))("%s: subject, HTML and text are all its words, and its values", async (_, input) => {
    const email = await renderEmail(input, { language, timeZone: "Asia/Phnom_Penh" });
    for (const [part, text] of [["subject", email.subject], ["html", htmlText(email.html)], ["text", email.text]] as const) {
      expect(wordsLeft(text, input, language), `${part}: ${text}`).toEqual([]);
      expect(text, part).toContain("⟦");
    }
    expect(email.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
  });

  it("a string written in code (not from a table) is caught", async () => {
    // What the test would say of a template that wrote a word itself: the check is not empty.
    const input = emailSamples().find((e) => e.template === "magic-link")!;
    expect(wordsLeft("⟦Šîĝñ îñ⟧ Sign in", input, language)).toEqual(["Sign", "in"]);
  });
});
