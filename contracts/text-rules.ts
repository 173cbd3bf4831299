// The text rules without zod (decision 034): what is wrong with a string for a field of each kind.
// The server's schemas (contracts/text.ts) and the web's own checks share them; the public pages
// import this file only, so that no zod comes with them (as contracts/error-codes.ts).

/** What the edge says when it refuses text (the web shows them as they are; the public pages check first and show their own words). */
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

/**
 * The last line of defence for text written after money moved (decision 034): what the edge
 * would have refused is made storable instead of failing the write (a lone surrogate becomes
 * U+FFFD, NUL is dropped). Never a substitute for the edge's refusal.
 */
export function storableText(value: string): string {
  return value.replace(/\p{Cs}/gu, "\uFFFD").replaceAll("\u0000", "");
}
