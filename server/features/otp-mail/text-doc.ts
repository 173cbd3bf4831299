// A message body as the extractor reads it: one string with line breaks where the layout breaks
// lines, and per character a few flags from the markup around it (emphasised, inside a link, quoted).
// The structure is what finds a code in any language: Facebook puts the code alone in its own big,
// bold block whatever the language of the words around it.
//
// HTML is read with a small tolerant tokenizer, not a DOM: mail HTML is often invalid, we only need
// text, block boundaries and a handful of flags, and no new runtime dependency is wanted.
import { toAsciiDigits } from "./digits";

export const EMPH = 1; // bold, heading, large font, letter-spaced: how mail shows a code
export const LINK = 2; // inside <a> or a URL/e-mail address: digits there are never a code
export const QUOTE = 4; // quoted earlier mail (> lines, <blockquote>, gmail_quote): older content

export interface TextDoc {
  text: string;
  flags: Uint8Array;
}

// Zero-width and soft-hyphen characters: invisible, and Khmer text uses U+200B between words.
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0", ndash: "–", mdash: "—", hellip: "…",
  laquo: "«", raquo: "»", copy: "©", reg: "®", trade: "™", middot: "·", bull: "•", shy: "\u00AD",
  zwnj: "\u200C", zwj: "\u200D", lrm: "\u200E", rlm: "\u200F", thinsp: "\u2009", ensp: "\u2002", emsp: "\u2003",
  rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", euro: "€", pound: "£", yen: "¥", cent: "¢",
};

/** Entities decoded safely: an out-of-range or surrogate reference becomes a space, so
 *  "&#99999999;" can never survive as an 8-digit "code". */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === "#") {
      const cp = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const valid = Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
      return valid ? String.fromCodePoint(cp) : " ";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

// Tags after which the layout starts a new line.
const BLOCK = new Set(
  "p div tr td th li ul ol dl dt dd table tbody thead tfoot caption h1 h2 h3 h4 h5 h6 section article header footer main nav aside blockquote center pre hr address figure figcaption form fieldset body html br".split(" "),
);
// Elements whose content is not shown text.
const SKIP = new Set("script style head title template noscript svg object iframe xml".split(" "));
const VOID = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));
const EMPH_TAGS = new Set("b strong h1 h2 h3 big code kbd samp tt mark".split(" "));

function attr(attrs: string, name: string): string {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : "";
}

/** Styles that make text stand out the way a code block does. */
function emphasisedStyle(style: string): boolean {
  const s = style.toLowerCase();
  const size = /font-size\s*:\s*([\d.]+)\s*(px|pt|em|rem|%)?/.exec(s);
  if (size) {
    const n = parseFloat(size[1]!);
    const unit = size[2] ?? "px";
    if ((unit === "px" && n >= 18) || (unit === "pt" && n >= 14) || ((unit === "em" || unit === "rem") && n >= 1.25) || (unit === "%" && n >= 125)) return true;
  }
  if (/font-size\s*:\s*(x+-)?large/.test(s)) return true;
  if (/font-weight\s*:\s*(bold|bolder|[6-9]00)/.test(s)) return true;
  return /letter-spacing\s*:\s*(?!0(?:[a-z%]*)?\s*(?:;|$)|normal)[\d.]/.test(s);
}

function flagsOf(name: string, attrs: string): number {
  let flags = 0;
  if (EMPH_TAGS.has(name) || emphasisedStyle(attr(attrs, "style")) || (name === "font" && parseInt(attr(attrs, "size"), 10) >= 5)) flags |= EMPH;
  if (name === "a") flags |= LINK;
  if (name === "blockquote" || /\b(gmail_quote|yahoo_quoted|moz-cite-prefix)\b/i.test(attr(attrs, "class"))) flags |= QUOTE;
  return flags;
}

class DocBuilder {
  private chars: string[] = [];
  private flagList: number[] = [];
  constructor(private readonly asciiDigits: boolean) {}

  /** Appends shown text: whitespace collapsed, invisible characters dropped, digits made ASCII. */
  text(raw: string, flags: number) {
    let t = raw.replace(INVISIBLE, "").normalize("NFC").replace(/\s+/g, " ");
    if (this.asciiDigits) t = toAsciiDigits(t);
    for (const ch of t) {
      const last = this.chars[this.chars.length - 1];
      if (ch === " " && (last === undefined || last === " " || last === "\n")) continue;
      this.chars.push(ch);
      this.flagList.push(flags);
    }
  }

  newline() {
    while (this.chars[this.chars.length - 1] === " ") {
      this.chars.pop();
      this.flagList.pop();
    }
    if (this.chars.length > 0 && this.chars[this.chars.length - 1] !== "\n") {
      this.chars.push("\n");
      this.flagList.push(0);
    }
  }

  /** Lines of plain text, each kept as is (whitespace collapsed within the line). */
  lines(text: string, flagFor: (line: string) => number) {
    for (const line of text.split(/\r?\n/)) {
      this.text(line, flagFor(line));
      this.newline();
    }
  }

  build(): TextDoc {
    // Expand to UTF-16 units so flags index the string the regexes run on.
    let text = "";
    const flags: number[] = [];
    this.chars.forEach((ch, i) => {
      text += ch;
      for (let k = 0; k < ch.length; k++) flags.push(this.flagList[i]!);
    });
    const doc = { text, flags: Uint8Array.from(flags) };
    markLinks(doc);
    return doc;
  }
}

// Written-out URLs and addresses: digits in them (tracking ids, c=12345 in a confirm link) are not codes.
// The address part starts only at a token start and is bounded, so a long "1-1-1-…" costs linear time.
const URL_OR_ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+|<(?:https?|mailto):[^>\s]*>|(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/giu;

function markLinks(doc: TextDoc) {
  for (const m of doc.text.matchAll(URL_OR_ADDRESS)) {
    for (let i = m.index; i < m.index + m[0].length; i++) doc.flags[i] = doc.flags[i]! | LINK;
  }
}

// A tag never spans a "<" (not even inside a quoted value): a broken tag then costs one step, not a
// scan to the end of the message for every "<" (quadratic on hostile HTML).
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^<>]*>|<\?[^<>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>|[^<]+|</g;

/** Reads an HTML body: script/style/head dropped, block tags become line breaks, inline tags vanish
 *  without a space (a code split across <span>s stays whole), entities decoded safely. */
export function htmlDoc(html: string, { asciiDigits = true } = {}): TextDoc {
  const out = new DocBuilder(asciiDigits);
  // Open elements with the flags in force inside each (its own or'ed with its parents'). Depth is
  // capped: real mail nests a few dozen levels, hostile mail must not cost quadratic time.
  const stack: Array<{ name: string; flags: number }> = [];
  const MAX_DEPTH = 256;
  let flags = 0;
  let skipUntil: string | null = null;

  for (const m of html.matchAll(TOKEN)) {
    const [whole, closing, rawName, attrs = ""] = m;
    if (rawName === undefined) {
      if (skipUntil || whole.startsWith("<!") || whole.startsWith("<?")) continue; // comments, doctype
      out.text(decodeEntities(whole), flags);
      continue;
    }
    const name = rawName.toLowerCase();
    if (skipUntil) {
      // A <head> left open ends where <body> starts, as in a browser; otherwise the whole mail is lost.
      const bodyStarts = skipUntil === "head" && !closing && name === "body";
      if ((closing && name === skipUntil) || bodyStarts) skipUntil = null;
      if (!bodyStarts) continue;
    }
    if (!closing && SKIP.has(name) && !/\/\s*$/.test(attrs)) {
      skipUntil = name;
      continue;
    }
    if (BLOCK.has(name)) out.newline();
    if (closing) {
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.name !== name) at--;
      if (at >= 0) stack.length = at; // tolerant: closes whatever was left open inside it
      flags = stack[stack.length - 1]?.flags ?? 0;
    } else if (!VOID.has(name) && !/\/\s*$/.test(attrs) && stack.length < MAX_DEPTH) {
      flags |= flagsOf(name, attrs);
      stack.push({ name, flags });
    }
  }
  return out.build();
}

/** Reads a text/plain body; lines starting with ">" are quoted earlier mail. */
export function plainDoc(text: string): TextDoc {
  const out = new DocBuilder(true);
  out.lines(text, (line) => (/^\s*>/.test(line) ? QUOTE : 0));
  return out.build();
}

/** HTML to text (the old helper, kept for callers): the shown text with line breaks, digits as written. */
export function htmlToText(html: string): string {
  return htmlDoc(html, { asciiDigits: false }).text;
}
