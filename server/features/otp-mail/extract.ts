// One-time codes from received mail. Site profiles first (Facebook: FB-12345 in the subject, a
// checked sender, digits only near code words in the body, known false hits skipped), HTML turned
// into text without splitting codes, every code kept oldest first with the latest last.

export interface InboundMail {
  from: string;
  subject: string;
  text: string;
  html?: string | null;
  receivedAt: Date;
}

export interface SiteProfile {
  id: string;
  /** Sender domains accepted (the address's domain or a subdomain of one). */
  senderDomains: string[];
  subjectPattern: RegExp;
  bodyPattern: RegExp;
  /** Values that look like codes but are not (e.g. Meta's 94025 postcode in footers). */
  ignore: Set<string>;
}

export const FACEBOOK: SiteProfile = {
  id: "facebook",
  senderDomains: ["facebookmail.com", "facebook.com", "meta.com"],
  subjectPattern: /\bFB-(\d{5,8})\b/,
  bodyPattern: /(?:\bFB-|code|confirmation|verification|security code|passcode)[^0-9]{0,40}?(\d{5,8})\b/gi,
  ignore: new Set(["94025"]),
};

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML to text: script/style/head dropped, block tags become line breaks, inline tags vanish
 *  without a space (codes split across <span>s stay whole), entities decoded safely. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(p|div|tr|td|th|li|ul|ol|table|h[1-6]|section|article|header|footer|blockquote)\b[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === "#") {
        const code = ref[1]?.toLowerCase() === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        // Out-of-range references must not survive as digits that look like a code.
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, " ");
}

function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.trim().toLowerCase().split("@")[1] ?? "";
}

export function senderAllowed(profile: SiteProfile, from: string): boolean {
  const domain = senderDomain(from);
  return profile.senderDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** The codes in one message, subject first (the most reliable place), then the body. */
export function extractCodes(profile: SiteProfile, mail: Pick<InboundMail, "from" | "subject" | "text" | "html">): string[] {
  if (!senderAllowed(profile, mail.from)) return [];
  const subject = profile.subjectPattern.exec(mail.subject.normalize("NFKC"))?.[1];
  if (subject && !profile.ignore.has(subject)) return [subject];
  const body = `${mail.text ?? ""}\n${mail.html ? htmlToText(mail.html) : ""}`.normalize("NFKC");
  const found: string[] = [];
  for (const m of body.matchAll(profile.bodyPattern)) {
    const code = m[1]!;
    if (!profile.ignore.has(code) && !found.includes(code)) found.push(code);
  }
  return found;
}

/**
 * All codes from the messages received since the purchase, oldest message first, de-duplicated,
 * so the latest code is last: the spec's comma-separated `otp` field.
 */
export function collectCodes(profile: SiteProfile, messages: InboundMail[], since: Date): string[] {
  const codes: string[] = [];
  for (const mail of [...messages].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())) {
    if (mail.receivedAt.getTime() < since.getTime()) continue;
    for (const code of extractCodes(profile, mail)) {
      const at = codes.indexOf(code);
      if (at >= 0) codes.splice(at, 1); // a resent code moves to the end: it is the current one
      codes.push(code);
    }
  }
  return codes;
}
