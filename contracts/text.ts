// Free text at the edge (decision 034): every string a client sends that is stored, searched, or
// handed on (a reason, a note, a name, a search term, a device key, a description…) is one of:
//   singleLineText  a name, a search term, a key, an address: valid Unicode, no control character
//                   at all (no NUL, tab, line break, DEL or C1 control), trimmed first;
//   multiLineText   a reason or a note typed into a text area: valid Unicode, line breaks and tabs
//                   allowed, no other control character, trimmed first;
//   validText       what is opaque and not ours to reshape (a password, a one-time token): valid
//                   Unicode and no NUL, nothing else checked, nothing trimmed.
// "Valid Unicode" means no lone UTF-16 surrogate ("\ud800" in JSON): PostgreSQL refuses it in text
// and jsonb, and the refusal used to come as a 500 after the work it stopped had begun (issue #26).
// The checks are shared with the web, which runs the same rule before it sends (textProblem).
import { z } from "zod";

/** What the edge says when it refuses text (the public pages translate these, web/app/locales). */
export const TEXT_MESSAGES = {
  nul: "Must not contain the NUL character",
  unicode: "Must be valid Unicode text: it holds a broken character",
  control: "Must not contain control characters",
  lineBreak: "Must be on one line",
} as const;
export type TextProblem = keyof typeof TEXT_MESSAGES;
/** Kept for the callers of the first rule (NUL only). */
export const NO_NUL_MESSAGE = TEXT_MESSAGES.nul;

export type TextKind = "opaque" | "single-line" | "multi-line";

/* eslint-disable no-control-regex -- these find control characters: that is their purpose */
/** A lone surrogate: in a `u` regex a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 controls (NUL included), DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** Quick tests: one scan for the usual text that is fine. */
const ANY_PROBLEM: Record<TextKind, RegExp> = {
  opaque: /[\u0000\uD800-\uDFFF]/,
  "single-line": /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]/,
  "multi-line": /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/,
};
/* eslint-enable no-control-regex */

/** What is wrong with this text for a field of this kind, or null when nothing is. */
export function textProblem(value: string, kind: TextKind): TextProblem | null {
  // Without the `u` flag the quick test sees the halves of every pair, so a pair sends it on to the exact tests.
  if (!ANY_PROBLEM[kind].test(value)) return null;
  if (value.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(value)) return "unicode";
  if (kind === "opaque") return null;
  if (kind === "single-line" && LINE_BREAK.test(value)) return "lineBreak";
  const controls = kind === "multi-line" ? value.replace(/[\t\n\r]/g, "") : value;
  return CONTROL.test(controls) ? "control" : null;
}

type StringParams = Parameters<typeof z.string>[0];

function checked(kind: TextKind, params: StringParams, trim: boolean) {
  const base = trim ? z.string(params).trim() : z.string(params);
  return base.check((ctx) => {
    const problem = textProblem(ctx.value, kind);
    if (problem) ctx.issues.push({ code: "custom", message: TEXT_MESSAGES[problem], input: ctx.value, continue: false });
  });
}

/** A name, a search term, a key, an e-mail address, a URL: one line, trimmed (the message is for a value that is no string). */
export const singleLineText = (params?: StringParams, { trim = true }: { trim?: boolean } = {}) => checked("single-line", params, trim);
/** A reason or a note from a text area: line breaks and tabs allowed, trimmed. */
export const multiLineText = (params?: StringParams) => checked("multi-line", params, true);
/** A password or an opaque token: valid Unicode, no NUL; not trimmed, nothing else checked. */
export const validText = (params?: StringParams) => checked("opaque", params, false);

/** @deprecated the first rule (NUL only, now valid Unicode too): choose singleLineText or multiLineText. */
export const dbText = validText;

/**
 * The last line of defence for text written after money moved (decision 034): what the edge
 * would have refused is made storable instead of failing the write (a lone surrogate becomes
 * U+FFFD, NUL is dropped). Never a substitute for the edge's refusal.
 */
export function storableText(value: string): string {
  return value.replace(/\p{Cs}/gu, "\uFFFD").replaceAll("\u0000", "");
}
