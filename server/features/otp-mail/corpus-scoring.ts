// The corpus (corpus/*.eml with corpus/expected.json) read as the SMTP receiver reads mail, and
// scored: for each message the code it truly carries, what the extractor gives, and the totals a
// reader judges an extractor by. Precision: of the codes given, how many were right (a wrong code
// costs a customer a failed sign-in). Recall: of the messages that carry a code, how many gave it
// (a miss leaves the customer reading the whole message, which the API keeps; decision 058).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { extractCodes, siteProfile, type InboundMail, type SiteProfile } from "./extract";

export const CORPUS_DIR = join(import.meta.dirname, "corpus");

export interface Expected {
  service: string;
  /** The code the message carries (ASCII digits), or null when it carries none. */
  code: string | null;
  lang: string;
  shapes: string[];
  thread?: string;
  /** Why the extractor rightly gives no code although the message has one (nothing tells the
   *  code from another number): counted as a miss, and the whole message is what the customer reads. */
  uncertain?: string;
}

export const readManifest = () => JSON.parse(readFileSync(join(CORPUS_DIR, "expected.json"), "utf8")) as Record<string, Expected>;
export const corpusFiles = () => readdirSync(CORPUS_DIR).filter((f) => f.endsWith(".eml")).sort();

/** What smtp-receiver's storeMessage keeps of a message (From address, subject, text, html). */
export async function receive(file: string): Promise<InboundMail> {
  const email = await PostalMime.parse(readFileSync(join(CORPUS_DIR, file)));
  const fromAddress = email.from && "address" in email.from && email.from.address ? email.from.address : "";
  return { from: fromAddress, subject: email.subject ?? "", text: email.text ?? "", html: email.html ?? null, receivedAt: new Date(email.date ?? 0) };
}

export function profileFor(expected: Expected): SiteProfile {
  const profile = siteProfile(expected.service);
  if (!profile) throw new Error(`no profile for service ${expected.service}`);
  return profile;
}

export interface Outcome {
  file: string;
  expected: Expected;
  got: string | null;
}

export async function runCorpus(): Promise<Outcome[]> {
  const manifest = readManifest();
  const out: Outcome[] = [];
  for (const file of corpusFiles()) {
    const expected = manifest[file]!;
    out.push({ file, expected, got: extractCodes(profileFor(expected), await receive(file))[0] ?? null });
  }
  return out;
}

export interface Totals {
  messages: number;
  withCode: number;
  given: number;
  right: number;
  wrong: number;
  missed: number;
  precision: number;
  recall: number;
}

export function totals(outcomes: Outcome[]): Totals {
  const withCode = outcomes.filter((o) => o.expected.code !== null).length;
  const given = outcomes.filter((o) => o.got !== null).length;
  const right = outcomes.filter((o) => o.got !== null && o.got === o.expected.code).length;
  const missed = outcomes.filter((o) => o.expected.code !== null && o.got === null).length;
  return { messages: outcomes.length, withCode, given, right, wrong: given - right, missed, precision: given ? right / given : 1, recall: withCode ? right / withCode : 1 };
}
