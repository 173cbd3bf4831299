// One-time codes from received mail, in any language. A message counts only if its sender's domain
// belongs to the site (the display name proves nothing). Its subject, text and HTML are read with
// every script's digits made ASCII; each number shaped like the site's code (right length, not a
// date, time, phone number, amount, postcode, reference or link) is scored by where it stands and,
// secondarily, by the words around it (score.ts); the best one above the threshold is the message's
// code. Across messages, every code is kept oldest first with the latest last.
import { senderAllowed, type SiteProfile } from "./profiles";
import { add, POINTS, scoreDoc, THRESHOLD, type Scored } from "./score";
import { htmlDoc, plainDoc } from "./text-doc";

export { toAsciiDigits, digitValue } from "./digits";
export { FACEBOOK, GOOGLE, INSTAGRAM, SITE_PROFILES, TELEGRAM, TIKTOK, senderAllowed, senderDomain, siteProfile } from "./profiles";
export type { ServiceId, SiteProfile } from "./profiles";
export { htmlToText } from "./text-doc";
export type { Scored } from "./score";

import type { InboundMail } from "../../providers/mail-supplier/types";

export type { InboundMail };

type MailContent = Pick<InboundMail, "from" | "subject" | "text" | "html">;

/**
 * Every code-shaped number in the message with its score, best first (ties: the later one first).
 * Empty when the sender is not the site's. For explaining a decision; extractCodes is the API.
 */
export function rankCodes(profile: SiteProfile, mail: MailContent): Scored[] {
  if (!senderAllowed(profile, mail.from)) return [];
  const subject = plainDoc(mail.subject ?? "");
  const subjectCode = profile.subjectPattern?.exec(subject.text)?.[1];
  const all = [
    ...scoreDoc(profile, subject, "subject", subjectCode),
    ...(mail.text ? scoreDoc(profile, plainDoc(mail.text), "text") : []),
    ...(mail.html ? scoreDoc(profile, htmlDoc(mail.html), "html") : []),
  ];
  // One entry per code: its best occurrence, plus a little when the subject and the body agree.
  const best = new Map<string, Scored>();
  for (const s of all) {
    const seen = best.get(s.code);
    if (!seen || s.score > seen.score || (s.score === seen.score && s.at > seen.at)) best.set(s.code, { ...s, reasons: [...s.reasons], doubt: seen?.doubt ?? s.doubt });
    else if (s.doubt) seen.doubt ??= s.doubt;
  }
  for (const [code, s] of best) {
    const places = new Set(all.filter((o) => o.code === code && o.score > 0).map((o) => (o.where === "subject" ? "subject" : "body")));
    if (places.size === 2) {
      s.score += 10;
      s.reasons.push("in the subject and the body +10");
    }
  }
  // In a language whose words we do not know, and with the code inline, structure says nothing:
  // but a message with exactly one number of the code's shape (after dates, times, phone numbers,
  // amounts, references, links and labelled numbers are gone) is about that number, unless
  // something speaks against it (an expiry word, a quote, the footer, an address).
  if (best.size === 1) {
    const [only] = best.values();
    if (only && !only.doubt) add(only, POINTS.onlyCandidate, "the only candidate");
  }
  return [...best.values()].sort((a, b) => b.score - a.score || b.at - a.at);
}

/** The message's code (at most one: the one it presents as current), as a list for callers. */
export function extractCodes(profile: SiteProfile, mail: MailContent): string[] {
  const [top] = rankCodes(profile, mail);
  return top && top.score >= THRESHOLD ? [top.code] : [];
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
