// Which code-shaped number a message presents as its code. Points come from the structure first
// (site prefix, subject, alone on its line or block, emphasised), then from words in any of our
// languages (a code word, "new", "expired"). Words are only attributed to the nearest number, and
// a sentence or line break stops "expired" from reaching the next code, so
// "Code 135791 has expired, your new code is 246810" gives 246810.
import { codeShape, numberGroups, type NumberGroup } from "./candidates";
import { findCues, type Cue, type CueHit } from "./lexicon";
import type { SiteProfile } from "./profiles";
import { EMPH, QUOTE, type TextDoc } from "./text-doc";

export type Where = "subject" | "text" | "html";

export interface Scored {
  code: string;
  score: number;
  where: Where;
  /** Position in its text: among equal scores the later one wins (a new code follows the old one). */
  at: number;
  reasons: string[];
  /** Why the number may be something else (expired, quoted, the footer, an address): such a number
   *  never gets the only-candidate points, whatever its score. */
  doubt?: string;
}

export const POINTS = {
  prefix: 100, // FB-12345: only the site writes this
  subject: 35, // a code in the subject is there on purpose
  subjectPattern: 50, // and in the site's own subject shape even more so
  ownLine: 40, // alone on its line / in its own HTML block, as every site lays out its code
  emphasised: 25, // bold, heading, large or letter-spaced
  codeWord: 30, // "your code is 12345", "លេខកូដ ១២៣៤៥", "12345 is your code"
  newWord: 20, // "your new code"
  staleWord: -70, // "has expired", "previous code"
  quoted: -50, // quoted earlier mail
  footerLine: -40, // the company's legal line
  onlyCandidate: 30, // the one number of the code's shape in the whole message (extract.ts), in any language
};
/** Fewer points than this is a number that merely looks like a code. */
export const THRESHOLD = 30;

// Sentence and clause ends. "." and "," only when not inside a number; a line break ends a clause
// unless the line ends with ":" (a label line introducing the block below it).
const CLAUSE_END = /[!?;。！？；។៕，、،؛]|[.,](?!\d)|\n/g;

function clauseBreakBetween(text: string, from: number, to: number): boolean {
  for (const m of text.slice(from, to).matchAll(CLAUSE_END)) {
    if (m[0] !== "\n") return true;
    const at = from + m.index;
    if (!/[:：៖][^\S\n]*$/.test(text.slice(Math.max(0, at - 8), at))) return true;
  }
  return false;
}

/** Where a gap between two numbers divides, for words inside it: at the clause end nearest its
 *  middle, else at the space nearest its middle (Thai puts no punctuation between clauses). */
function splitPoint(text: string, from: number, to: number): number {
  const mid = (from + to) / 2;
  const nearest = (re: RegExp) => {
    let best = -1;
    for (const m of text.slice(from, to).matchAll(re)) {
      const at = from + m.index;
      if (best < 0 || Math.abs(at - mid) < Math.abs(best - mid)) best = at;
    }
    return best;
  };
  const clause = nearest(CLAUSE_END);
  if (clause >= 0) return clause;
  const space = nearest(/\s/g);
  return space >= 0 ? space : mid;
}

interface Reach {
  /** Most characters between a word and the number after it. */
  before: number;
  /** Most characters between a number and the word after it. */
  after: number;
  /** Whether a word may reach a number after it across a clause end ("Your code:\n12345"). */
  crossBefore: boolean;
  /** Labels name what follows them ("Order 12345678"): they go forward when they can. */
  forward?: boolean;
}

const REACH: Record<Cue, Reach> = {
  code: { before: 80, after: 40, crossBefore: true },
  new: { before: 40, after: 30, crossBefore: false },
  stale: { before: 40, after: 60, crossBefore: false },
  label: { before: 20, after: 30, crossBefore: true, forward: true },
};

// A word whose phrase ends with a colon introduces what comes next ("Código de confirmación:"),
// within its sentence (not "…code. https://…" nor "…code. Transaction ID:").
const INTRODUCES = /^[^\d\n.!?;。！？។]{0,30}?[:：៖](?!\/\/)/;

/** Index of the first group starting at or after pos (groups are in text order). */
function firstAtOrAfter(groups: NumberGroup[], pos: number): number {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the number a word belongs to, or -1. */
function attribute(text: string, cue: CueHit, anchors: NumberGroup[], reach: Reach, groups: NumberGroup[]): number {
  // Numbers never overlap a word, so the one after it is the first starting at its end.
  const n0 = firstAtOrAfter(anchors, cue.end);
  const p = n0 - 1;
  const n = n0 < anchors.length ? n0 : -1;
  const prev = anchors[p];
  const next = n >= 0 ? anchors[n] : undefined;
  const toNext = next && next.start - cue.end <= reach.before && (reach.crossBefore || !clauseBreakBetween(text, cue.end, next.start));
  // "Your code is 1990", "你的確認碼是 © 1992": a word right before a number (any number, even one
  // that cannot be a code) is about that number, never about the one before it.
  const following = groups[firstAtOrAfter(groups, cue.end)];
  const rightBeforeNumber = following !== undefined && following.start - cue.end <= 8 && !clauseBreakBetween(text, cue.end, following.start);
  const forwardOnly = reach.forward ? toNext : rightBeforeNumber || INTRODUCES.test(text.slice(cue.end, cue.end + 40));
  const toPrev = !forwardOnly && prev && cue.start - prev.end <= reach.after && !clauseBreakBetween(text, prev.end, cue.start);
  if (toPrev && toNext) return cue.start < splitPoint(text, prev.end, next.start) ? p : n;
  return toPrev ? p : toNext ? n : -1;
}

// The company's legal line (name with its legal form, then its postal address).
const FOOTER_LINE = /\b(?:Inc|Ltd|LLC|Pte|GmbH|Limited|Corp|Corporation)\b/;

function lineAround(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return [from, to < 0 ? text.length : to];
}

interface Entry {
  scored: Scored;
  split: boolean;
  /** Where a code is expected: the subject, its own line or block, emphasis. */
  placed: boolean;
  nearest?: { cue: Cue; distance: number; before: boolean; word: string };
  newWord?: string;
  staleWord?: string;
}

export function add(scored: Scored, points: number, why: string) {
  scored.score += points;
  scored.reasons.push(`${why} ${points > 0 ? "+" : ""}${points}`);
  if (points < 0) scored.doubt ??= why;
}

// A postcode next to a place name, in the scripts that capitalise names: "…, Phnom Penh 12000,
// Cambodia", "10115 Berlin, Germany" (the number's comma-delimited part holds only capitalised
// words), "people in Phnom Penh 12000 are…" (capitalised words after a lowercase one, mid-sentence),
// or a comma-delimited part of its own in a line with words ("Київ, 01001, Україна").
const PLACE_MID_SENTENCE = /[\p{Ll}\p{M}]\s+(?:\p{Lu}[\p{Ll}\p{M}]+\s+){1,3}$/u;
const PLACE_NAME_PART = /^(?:\p{Lu}[\p{L}\p{M}.'’-]*\s+){1,3}$|^(?:\s+\p{Lu}[\p{L}\p{M}.'’-]*){1,3}$/u;

function inAddress(text: string, g: NumberGroup): boolean {
  const [from, to] = lineAround(text, g.start, g.end);
  if (PLACE_MID_SENTENCE.test(text.slice(Math.max(from, g.start - 60), g.start))) return true;
  const line = text.slice(from, to);
  if (!/[,，،]/.test(line)) return false;
  const partStart = Math.max(text.lastIndexOf(",", g.start - 1), text.lastIndexOf("，", g.start - 1), text.lastIndexOf("،", g.start - 1), from - 1) + 1;
  const ends = [",", "，", "،"].map((c) => text.indexOf(c, g.end)).filter((i) => i >= 0 && i < to);
  const partEnd = ends.length ? Math.min(...ends) : to;
  const before = text.slice(partStart, g.start).replace(/^\s+/, "");
  const after = text.slice(g.end, partEnd).replace(/\s+$/, "");
  // "вул. Хрещатик, 1, Київ, 01001, Україна", "테헤란로 152, 06236": a part of its own in an address.
  if (before === "" && after === "") return /\p{L}/u.test(line);
  return (before === "" && PLACE_NAME_PART.test(after)) || (after === "" && PLACE_NAME_PART.test(before));
}

/** Points for where a code-shaped number stands. */
function placement(doc: TextDoc, g: NumberGroup, where: Where, scored: Scored, subjectCode?: string): boolean {
  if (where === "subject") {
    add(scored, POINTS.subject, "in the subject");
    if (subjectCode === scored.code) add(scored, POINTS.subjectPattern, "site's subject shape");
    return true;
  }
  const { text, flags } = doc;
  const [from, to] = lineAround(text, g.start, g.end);
  const alone = /^[\s\p{P}]*$/u.test(text.slice(from, g.start) + text.slice(g.end, to));
  if (alone) add(scored, POINTS.ownLine, "alone on its line");
  let emphasised = true;
  for (let i = g.start; i < g.end; i++) if (!(flags[i]! & EMPH) && text[i] !== " ") emphasised = false;
  if (emphasised) add(scored, POINTS.emphasised, "emphasised");
  if (flags[g.start]! & QUOTE) add(scored, POINTS.quoted, "quoted");
  if (FOOTER_LINE.test(text.slice(from, to))) add(scored, POINTS.footerLine, "footer line");
  return alone || emphasised;
}

/** Every code-shaped number in one text, scored. */
export function scoreDoc(profile: SiteProfile, doc: TextDoc, where: Where, subjectCode?: string): Scored[] {
  const { text } = doc;
  const groups = numberGroups(text);
  const candidates: NumberGroup[] = [];
  const entries = new Map<NumberGroup, Entry>();
  for (const g of groups) {
    const shape = codeShape(profile, doc, g);
    if (!shape.ok) continue;
    const scored: Scored = { code: shape.code, score: 0, where, at: g.start, reasons: [] };
    if (shape.prefixed) add(scored, POINTS.prefix, "site prefix");
    const placed = placement(doc, g, where, scored, subjectCode);
    candidates.push(g);
    entries.set(g, { scored, split: shape.split, placed });
  }

  // Words: each one counts for the number it belongs to (code/new words look only at candidates,
  // a label or "expired" may belong to any number, e.g. "Order 12345678", "the 24/11 code expired").
  for (const cue of findCues(text)) {
    const anchors = cue.cue === "code" || cue.cue === "new" ? candidates : groups;
    const i = attribute(text, cue, anchors, REACH[cue.cue], groups);
    const g = i >= 0 ? anchors[i]! : undefined;
    const entry = g && entries.get(g);
    if (!g || !entry) continue;
    const word = text.slice(cue.start, cue.end);
    if (cue.cue === "new") entry.newWord ??= word;
    if (cue.cue === "stale") entry.staleWord ??= word;
    if (cue.cue === "code" || cue.cue === "label") {
      // The nearest of "code" and "order/phone/postcode" says what the number is, looking first at
      // the words before it ("Ref: 99289680 Código…" is a reference), then at those after it.
      const before = cue.end <= g.start;
      const distance = before ? g.start - cue.end : cue.start - g.end;
      const { nearest } = entry;
      if (!nearest || (before && !nearest.before) || (before === nearest.before && distance < nearest.distance)) entry.nearest = { cue: cue.cue, distance, before, word };
    }
  }

  const out: Scored[] = [];
  for (const [g, { scored, split, placed, nearest, newWord, staleWord }] of entries) {
    if (nearest?.cue === "label") continue; // an order, phone or postcode number
    if (nearest?.cue === "code") add(scored, POINTS.codeWord, `code word "${nearest.word}"`);
    if (newWord) add(scored, POINTS.newWord, `new word "${newWord}"`);
    if (staleWord) add(scored, POINTS.staleWord, `stale word "${staleWord}"`);
    // A spaced number ("123 456") counts only where a code is expected or next to a code word;
    // elsewhere it is more likely an amount or a phone number.
    if (split && !placed && nearest?.cue !== "code") continue;
    if (!scored.doubt && inAddress(text, g)) scored.doubt = "in an address";
    out.push(scored);
  }
  return out;
}
