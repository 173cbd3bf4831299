// Telegram's HTML parse mode, as far as the simulator needs it: the tags Telegram accepts, matched
// and nested, entities escaped; what the message looks like as plain text (what Telegram counts
// against its 4096 characters and shows in notifications); and safe HTML for the dev page.
// An error is worded as the Bot API words it ("can't parse entities: …").

const TAGS: Record<string, string> = {
  b: "b",
  strong: "b",
  i: "i",
  em: "i",
  u: "u",
  ins: "u",
  s: "s",
  strike: "s",
  del: "s",
  code: "code",
  pre: "pre",
  a: "a",
  span: "span",
  "tg-spoiler": "span",
  "tg-emoji": "span",
  blockquote: "blockquote",
};
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

type Token = { kind: "text"; value: string } | { kind: "open"; tag: string; href?: string } | { kind: "close"; tag: string };

export class TelegramParseError extends Error {}

function decodeEntity(raw: string, at: number): string {
  const m = /^&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/i.exec(raw);
  if (!m) throw new TelegramParseError(`Can't parse entities: unsupported start tag or entity at byte offset ${at}`);
  const name = m[1]!;
  if (name[0] === "#") {
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (!Number.isFinite(code) || code > 0x10ffff) throw new TelegramParseError(`Can't parse entities: invalid entity at byte offset ${at}`);
    return String.fromCodePoint(code);
  }
  const value = ENTITIES[name.toLowerCase()];
  if (value === undefined) throw new TelegramParseError(`Can't parse entities: unsupported HTML entity "&${name};" at byte offset ${at}`);
  return value;
}

export function parseTelegramHtml(html: string): Token[] {
  const tokens: Token[] = [];
  const stack: string[] = [];
  let text = "";
  let i = 0;
  const flush = () => {
    if (text) tokens.push({ kind: "text", value: text });
    text = "";
  };
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === "&") {
      const end = html.indexOf(";", i);
      const raw = html.slice(i, end < 0 ? i + 1 : end + 1);
      text += decodeEntity(raw, i);
      i += raw.length;
      continue;
    }
    if (ch !== "<") {
      text += ch;
      i++;
      continue;
    }
    const end = html.indexOf(">", i);
    if (end < 0) throw new TelegramParseError(`Can't parse entities: unclosed start tag at byte offset ${i}`);
    const inner = html.slice(i + 1, end).trim();
    const closing = inner.startsWith("/");
    const name = (/^\/?\s*([a-z-]+)/i.exec(inner)?.[1] ?? "").toLowerCase();
    if (!TAGS[name]) throw new TelegramParseError(`Can't parse entities: unsupported start tag "${name}" at byte offset ${i}`);
    flush();
    if (closing) {
      if (stack.pop() !== name) throw new TelegramParseError(`Can't parse entities: can't find end tag corresponding to start tag "${name}"`);
      tokens.push({ kind: "close", tag: name });
    } else {
      const href = /href\s*=\s*"([^"]*)"|href\s*=\s*'([^']*)'/i.exec(inner);
      stack.push(name);
      tokens.push({ kind: "open", tag: name, href: href ? (href[1] ?? href[2])!.replace(/&amp;/g, "&") : undefined });
    }
    i = end + 1;
  }
  flush();
  if (stack.length) throw new TelegramParseError(`Can't parse entities: can't find end tag corresponding to start tag "${stack.at(-1)}"`);
  return tokens;
}

export function plainText(tokens: Token[]): string {
  return tokens.map((t) => (t.kind === "text" ? t.value : "")).join("");
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Safe HTML for the dev page: every text escaped, tags mapped to their plain HTML, links http(s) only. */
export function safeHtml(tokens: Token[]): string {
  const open: string[] = [];
  let out = "";
  for (const t of tokens) {
    if (t.kind === "text") out += escapeHtml(t.value);
    else if (t.kind === "open") {
      const tag = TAGS[t.tag]!;
      const href = t.tag === "a" && t.href && /^https?:\/\//i.test(t.href) ? t.href : undefined;
      out += tag === "a" ? (href ? `<a href="${escapeHtml(href)}" rel="noreferrer">` : "<span>") : `<${tag}>`;
      open.push(tag === "a" && !href ? "span" : tag);
    } else out += `</${open.pop() ?? "span"}>`;
  }
  return out;
}
