// Numbers in a text and which of them are shaped like a code for a site. These are hard rules:
// whatever words surround it, a date, a time, a phone number, an amount, a postcode, a reference or a
// number inside a link is never a code. Scoring (score.ts) only chooses among what passes here.
import { currencyAfter, currencyBefore } from "./lexicon";
import type { SiteProfile } from "./profiles";
import { LINK, type TextDoc } from "./text-doc";

export interface NumberGroup {
  start: number;
  end: number;
  /** Digit runs (ASCII) and the single characters that joined them ("24/11/2026" → 3 parts, "//"). */
  parts: string[];
  seps: string;
}

// Digit runs joined by one separator character: the punctuation of dates, times, amounts and phone
// numbers, so those are seen whole and rejected whole, and spaces (codes shown as "123 456").
const GROUP = /\d+(?:[ .,:/'’\-‐‑–·٫٬]\d+)*/g;
// A space joins only short runs: codes are split into chunks of at most four digits, while
// "48213 10" is a code and a count, and "48213 24/11/2026" a code and a date.
const MAX_CHUNK = 4;

export function numberGroups(text: string): NumberGroup[] {
  const groups: NumberGroup[] = [];
  for (const m of text.matchAll(GROUP)) {
    const runs = m[0].split(/\D/);
    const seps = m[0].replace(/\d/g, "");
    let start = m.index;
    let first = 0;
    let at = m.index;
    for (let i = 0; i < runs.length; i++) {
      at += runs[i]!.length;
      const sep = seps[i];
      const breakHere = sep === undefined || (sep === " " && (runs[i]!.length > MAX_CHUNK || runs[i + 1]!.length > MAX_CHUNK));
      if (breakHere) {
        groups.push({ start, end: at, parts: runs.slice(first, i + 1), seps: seps.slice(first, i) });
        start = at + 1;
        first = i + 1;
      }
      at += sep === undefined ? 0 : 1;
    }
  }
  return groups;
}

export type Shape = { ok: true; code: string; split: boolean; prefixed: boolean } | { ok: false; why: string };

const LATIN_OR_DIGIT = /[\p{Script=Latin}\p{Nd}]/u;
const YEAR = /^(?:19|20|25)\d\d$/; // 25xx: Buddhist Era years (Thai dates say 2569)
const EIGHT_DIGIT_DATE = [
  /^(?:19|20|25)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/, // YYYYMMDD
  /^(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20|25)\d\d$/, // DDMMYYYY
  /^(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:19|20|25)\d\d$/, // MMDDYYYY
];

function hasPrefix(profile: SiteProfile, before: string): boolean {
  return profile.prefixes.some((p) => {
    if (!before.toUpperCase().endsWith(p.toUpperCase())) return false;
    const prev = before.slice(0, before.length - p.length).slice(-1);
    return !prev || !LATIN_OR_DIGIT.test(prev);
  });
}

/** Whether a number is shaped like a code of this site, and the code (digits only) if it is. */
export function codeShape(profile: SiteProfile, doc: TextDoc, g: NumberGroup): Shape {
  const { text } = doc;
  if (/[^ ]/.test(g.seps)) return { ok: false, why: "punctuated number (date, time, amount, phone)" };
  const split = g.parts.length > 1;
  if (split) {
    // "123 456", "12 34 56", "1 2 3 4 5 6": equal chunks. Unequal chunks are dates ("24 11 2026"),
    // phone numbers ("12 345 678") or amounts ("12 000").
    const len = g.parts[0]!.length;
    if (len > 4 || g.parts.some((p) => p.length !== len)) return { ok: false, why: "spaced number with unequal groups" };
    if (g.parts.every((p) => YEAR.test(p))) return { ok: false, why: "years" };
  }
  const code = g.parts.join("");
  if (code.length < profile.codeLength.min || code.length > profile.codeLength.max) return { ok: false, why: "length" };
  for (let i = g.start; i < g.end; i++) if (doc.flags[i]! & LINK) return { ok: false, why: "inside a link or address" };

  const before = text.slice(Math.max(0, g.start - 12), g.start);
  const after = text.slice(g.end, g.end + 12);
  const wide = text.slice(Math.max(0, g.start - 24), g.start);
  const prev = before.slice(-1);
  const next = after.slice(0, 1);
  const prefixed = hasPrefix(profile, before);
  if (!prefixed) {
    if (prev && LATIN_OR_DIGIT.test(prev)) return { ok: false, why: "glued to letters" };
    if (/[-‐‑–+#№=/\\_@&?%.,$]/.test(prev)) return { ok: false, why: `after "${prev}" (reference, phone, URL or amount)` };
    // "+855 12 345678", "(012) 345-678", "+91 98765 43210": the rest of a phone number.
    if (/\+ ?\d[\d \-–()]*$|\(\d{1,5}\)[\d \-–]*$/.test(wide)) return { ok: false, why: "phone number" };
    // A long number written in chunks ("98765 43210"): not a code either.
    if (/\d{3} $/.test(before)) return { ok: false, why: "part of a longer number" };
    if (/(?:^|[^A-Za-z])[A-Z]{2}\s$/.test(before)) return { ok: false, why: "US postcode" };
    if (currencyBefore(before)) return { ok: false, why: "amount" };
  }
  if (next && LATIN_OR_DIGIT.test(next)) return { ok: false, why: "glued to letters" };
  if (/^[%_@/=\\]|^[-‐‑–][\p{L}\p{Nd}]/u.test(after)) return { ok: false, why: "part of a reference, URL or percentage" };
  if (/^ \d{3}/.test(after)) return { ok: false, why: "part of a longer number" };
  if (currencyAfter(after)) return { ok: false, why: "amount" };
  if (profile.ignore.has(code)) return { ok: false, why: "known false hit" };
  if (!prefixed && code.length === 8 && EIGHT_DIGIT_DATE.some((d) => d.test(code))) return { ok: false, why: "date" };
  if (!prefixed && code.length === 4 && YEAR.test(code)) return { ok: false, why: "year" };
  return { ok: true, code, split, prefixed };
}
