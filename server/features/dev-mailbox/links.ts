// Finds the http(s) links in a message, so the mailbox (and the e2e tests reading it) can follow
// them. Labels come from the anchor text: a test can click "Confirm e-mail" by name.

export interface MessageLink {
  href: string;
  label: string;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

function httpUrl(candidate: string): string | undefined {
  try {
    const url = new URL(candidate.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

export function extractLinks(html: string | null | undefined, text: string | null | undefined): MessageLink[] {
  const found = new Map<string, string>();
  const add = (href: string | undefined, label: string) => {
    if (!href) return;
    const existing = found.get(href);
    // Prefer a real label ("Confirm e-mail") over the bare address repeated as text.
    if (existing === undefined || (existing === href && label && label !== href)) found.set(href, label || href);
  };

  const anchor = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;
  for (const match of (html ?? "").matchAll(anchor)) {
    const href = httpUrl(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ""));
    add(href, textOf(match[4] ?? ""));
  }
  for (const match of (text ?? "").matchAll(/https?:\/\/[^\s<>"'\])]+/g)) {
    const href = httpUrl(match[0].replace(/[.,;:!?]+$/, ""));
    if (href) add(href, href);
  }
  return [...found].map(([href, label]) => ({ href, label }));
}
