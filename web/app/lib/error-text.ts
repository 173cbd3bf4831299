// The words of failures, English and Khmer (namespace "errors"): the error table's text for each
// code (contracts/error-codes.ts; the English is the table's own message) and the toasts of
// lib/errors.ts. No sonner and no zod here: the sign-in forms use it too.
//
// The English words (7 KB, 2.2 KB brotli) are not on a page's first load (issue #28 item 5): they
// come with the first failure. The API client waits for them before it throws (lib/api.ts
// `unwrap`), so every ApiError a page words finds them here; other languages' copies are in their
// locale chunk with every namespace. A caller wording a failure that did not come through the client
// awaits `loadErrorWords()` first (showErrorToast does).
import { getFixedT, hasResourceBundle, registerNamespace, translatorFor } from "~/lib/i18n";

let words: Promise<void> | null = null;

/** The errors namespace's English, fetched once; resolves (without it) if it cannot be fetched. */
export function loadErrorWords(): Promise<void> {
  if (hasResourceBundle("en", "errors")) return Promise.resolve();
  words ??= import("~/locales/en/errors.json").then(
    (m) => registerNamespace("errors", { en: m.default }),
    () => {
      words = null; // offline: the next failure tries again
    },
  );
  return words;
}

/** The errors namespace's t() in the language current at the call. */
export const errorsText = translatorFor("errors");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * `ns:key` in the current language when `message` is that key's English text (a template's
 * {{values}} are read back from the message); null when it is not. So a message the server sends
 * in the words this file knows is shown in the reader's language, and any other is left as sent.
 */
export function knownText(ns: string, key: string, message: string): string | null {
  const english = getFixedT("en", ns)(key, { skipInterpolation: true });
  if (typeof english !== "string" || english === key) return null;
  const names: string[] = [];
  const pattern = english
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 0) return escape(part);
      names.push(part);
      return "(.+?)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(message);
  if (!match) return null;
  const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
  return translatorFor(ns)(key, values);
}

/** The server's message for `code` in the current language: the table's text when it is the table's own message, else as sent. */
export function serverMessage(code: string, message: string): string {
  return knownText("errors", `codes.${code}`, message) ?? message;
}

/** The codes a discount code can be refused with, at its field (decision 077). */
const DISCOUNT_CODES = new Set([
  "DISCOUNT_UNKNOWN",
  "DISCOUNT_NOT_STARTED",
  "DISCOUNT_EXPIRED",
  "DISCOUNT_USED_UP",
  "DISCOUNT_NOT_FOR_PLAN",
  "DISCOUNT_ALREADY_USED",
  "DISCOUNT_FIRST_PURCHASE_ONLY",
]);

/** Whether `code` refuses a discount code (its words go under the code's field, not in a toast). */
export function isDiscountRefusal(code: string | null | undefined): boolean {
  return code != null && DISCOUNT_CODES.has(code);
}

/** A refused discount code in the reader's language (the error table's words for its code). */
export function discountRefusalText(code: string): string {
  return errorsText(`codes.${code}`);
}
