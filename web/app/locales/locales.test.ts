// Every language has every text (issue #27): each namespace of each language of
// contracts/languages.ts has the same keys, the same {{placeholders}} and the same <tags> as
// English; each other language's chunk (locales/<code>/index.ts, which lib/i18n.ts finds by its
// path) carries every namespace; and the English texts that repeat the shared tables (the error
// table, the admin's messages) say the same.
import { describe, expect, it } from "vitest";

import { BALANCE_MESSAGES, BALANCE_SORT_LABELS, ROLE_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from "../../../contracts/admin";
import { ERRORS } from "../../../contracts/error-codes";
import { REASON_MESSAGES } from "../../../contracts/customers";
import { DEFAULT_LANGUAGE, LANGUAGES as CODES } from "../../../contracts/languages";
import { DEVICE_KEY_MESSAGES } from "../../../contracts/licenses";
import { SHOP_EVENT_DESCRIPTIONS } from "../../../contracts/notifications";
import { TOP_UP_TITLE } from "../../../contracts/orders";
import enAdmin from "./en/admin.json";
import enAdminCustomer from "./en/adminCustomer.json";
import enErrors from "./en/errors.json";
import { TOP_UP_WORDS } from "../../../contracts/plan-words";
import enWebhooks from "./en/webhooks.json";
import { leaves } from "~/test/copy-leaves";

type Tree = { [key: string]: unknown };

const FILES = import.meta.glob("./*/*.json", { eager: true, import: "default" });
const CHUNKS = import.meta.glob("./*/index.ts", { eager: true, import: "default" }) as Record<string, Tree>;
const folder = (path: string) => path.split("/")[1]!;

/** Each language's namespaces by name, from its folder. */
const LANGUAGES: Record<string, Record<string, Tree>> = Object.fromEntries(
  CODES.map((lng) => [
    lng,
    Object.fromEntries(
      Object.entries(FILES)
        .filter(([path]) => folder(path) === lng)
        .map(([path, copy]) => [path.replace(/^.*\/(\w+)\.json$/, "$1"), copy as Tree]),
    ),
  ]),
);
const OTHERS = CODES.filter((lng) => lng !== DEFAULT_LANGUAGE);

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: languages have different plural forms (Khmer only `other`). */
const base = (key: string) => key.replace(PLURAL, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([a-zA-Z][\w-]*)\s*\/?>/g)].map((m) => m[0]).sort();

describe("the locale files", () => {
  const namespaces = Object.keys(LANGUAGES[DEFAULT_LANGUAGE]!).sort();

  it("are each a language of the list, and other languages have their chunk with every namespace", () => {
    expect(namespaces.length).toBeGreaterThan(10);
    expect([...new Set(Object.keys(FILES).map(folder))].sort()).toEqual([...CODES].sort());
    expect(Object.keys(CHUNKS).map(folder).sort()).toEqual([...OTHERS].sort());
    for (const lng of OTHERS) {
      expect(Object.keys(LANGUAGES[lng]!).sort(), lng).toEqual(namespaces);
      expect(Object.keys(CHUNKS[`./${lng}/index.ts`]!).sort(), `locales/${lng}/index.ts`).toEqual(namespaces);
    }
  });

  for (const lng of OTHERS) {
    for (const ns of namespaces) {
      it(`${lng} ${ns}: every key exists in every language, with the same placeholders and tags`, () => {
        const en = leaves(LANGUAGES[DEFAULT_LANGUAGE]![ns]);
        const other = leaves(LANGUAGES[lng]![ns]);
        const enKeys = [...new Set([...en.keys()].map(base))].sort();
        const otherKeys = [...new Set([...other.keys()].map(base))].sort();
        expect(otherKeys, `keys in English missing in ${lng}, or the other way round`).toEqual(enKeys);
        for (const [key, text] of en) {
          // The text for the key (its `other` form for an English plural).
          const translated = other.get(key) ?? other.get(key.replace(PLURAL, "_other"));
          expect(translated, `${ns}:${key}`).toBeTypeOf("string");
          expect(placeholders(translated!), `${ns}:${key}`).toEqual(placeholders(text));
          expect(tags(translated!), `${ns}:${key}`).toEqual(tags(text));
        }
        for (const key of other.keys()) if (PLURAL.test(key)) expect(other.has(key.replace(PLURAL, "_other")), `${ns}:${key}`).toBe(true);
      });
    }
  }

  it("write numbers in Western digits in Khmer (the glossary's rule), in the new namespaces at least", () => {
    for (const ns of ["admin", "auth", "errors", "notFound", "payments", "shell", "renewal", "adminCustomer", "webhooks"]) {
      for (const [key, text] of leaves(LANGUAGES.km![ns])) expect(text, `${ns}:${key}`).not.toMatch(/[០-៩]/);
    }
  });
});

describe("texts that repeat a shared table", () => {
  it("give each error code the table's own message in English", () => {
    for (const [code, { message }] of Object.entries(ERRORS)) expect(enErrors.codes[code as keyof typeof enErrors.codes], code).toBe(message);
  });

  it("word the admin's and the licence's messages as the contracts do", () => {
    const { adjustBalance, updateRole, changeKey } = enErrors.actions;
    expect(adjustBalance).toEqual({
      invalidTitle: BALANCE_MESSAGES.invalidTitle,
      invalid: BALANCE_MESSAGES.invalid,
      invalidOperationTitle: BALANCE_MESSAGES.invalidOperationTitle,
      negative: BALANCE_MESSAGES.negative,
    });
    expect(enErrors.error).toBe(BALANCE_MESSAGES.errorTitle);
    expect(updateRole.title).toBe(ROLE_MESSAGES.errorTitle);
    expect(changeKey.noSession).toBe(DEVICE_KEY_MESSAGES.noSession);
    // The admin console's own (namespace "admin").
    const { users, balance } = enAdmin;
    expect([users.roleUpdatedTitle, users.roleUpdated, users.selfDemotion]).toEqual([ROLE_MESSAGES.updatedTitle, ROLE_MESSAGES.updated, ROLE_MESSAGES.selfDemotion]);
    expect(users.reset.done).toBe(TWO_FACTOR_RESET_MESSAGES.done);
    expect([balance.successTitle, balance.added, balance.subtracted]).toEqual([BALANCE_MESSAGES.successTitle, BALANCE_MESSAGES.added, BALANCE_MESSAGES.subtracted]);
    expect(balance.sorts).toEqual(BALANCE_SORT_LABELS);
  });

  it("say what each shop event means as the notifications' catalogue does, for every event", () => {
    // Nested by the type's parts ("order.paid" → events.order.paid), as the translator reads keys.
    const byType = Object.entries(enWebhooks.events).flatMap(([group, events]) => Object.entries(events).map(([name, text]) => [`${group}.${name}`, text]));
    expect(Object.fromEntries(byType)).toEqual(SHOP_EVENT_DESCRIPTIONS);
  });

  it("word the reason's checks as the contracts do", () => {
    expect(enAdminCustomer.form.reasonShort).toBe(REASON_MESSAGES.short);
    expect(enAdminCustomer.form.reasonLong).toBe(REASON_MESSAGES.long);
  });

  it("recognise the server's top-up title", () => {
    expect(TOP_UP_WORDS.en.title).toBe(TOP_UP_TITLE);
  });
});
