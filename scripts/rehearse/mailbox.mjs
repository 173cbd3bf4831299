// What the mail sink received (scripts/rehearse/mail-sink.mjs writes one JSON line per message):
// parsed, and waited for by recipient and subject.
import { readFileSync } from "node:fs";
import PostalMime from "postal-mime";
import { waitUntil } from "./stack.mjs";

export function openMailbox(file) {
  const parsed = [];
  /** Every message so far: { port, at, to, subject, text, raw }. */
  async function all() {
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    for (const line of lines.slice(parsed.length)) {
      const { port, at, raw } = JSON.parse(line);
      const mail = await PostalMime.parse(raw);
      parsed.push({ port, at: new Date(at), to: (mail.to?.[0]?.address ?? "").toLowerCase(), subject: mail.subject ?? "", text: mail.text ?? "", raw });
    }
    return parsed;
  }
  /** The first message to `to` whose subject matches, once it is there. */
  async function waitFor(to, subject, timeoutMs = 20_000) {
    return waitUntil(`an e-mail to ${to} (subject ${subject})`, timeoutMs, async () => (await all()).find((m) => m.to === to.toLowerCase() && subject.test(m.subject)));
  }
  return { all, waitFor };
}

/** The first https link in a message's text. */
export function firstLink(mail) {
  const link = /(https:\/\/[^\s"<>)\]]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link in the e-mail "${mail.subject}" to ${mail.to}`);
  return new URL(link);
}
