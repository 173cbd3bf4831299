// The corpus: raw .eml files parsed with postal-mime exactly as the SMTP receiver stores them, then
// extracted with the profile of the service named in corpus/expected.json. Every message must give
// exactly its expected code (or none). A failure prints a table with what was found and why.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { collectCodes, extractCodes, rankCodes, siteProfile, type InboundMail } from "./extract";

const DIR = join(import.meta.dirname, "corpus");

interface Expected {
  service: string;
  code: string | null;
  lang: string;
  shapes: string[];
  thread?: string;
}

const manifest = JSON.parse(readFileSync(join(DIR, "expected.json"), "utf8")) as Record<string, Expected>;
const files = readdirSync(DIR).filter((f) => f.endsWith(".eml")).sort();

/** What smtp-receiver's storeMessage keeps of a message (From address, subject, text, html). */
async function receive(file: string): Promise<InboundMail> {
  const email = await PostalMime.parse(readFileSync(join(DIR, file)));
  const fromAddress = email.from && "address" in email.from && email.from.address ? email.from.address : "";
  return { from: fromAddress, subject: email.subject ?? "", text: email.text ?? "", html: email.html ?? null, receivedAt: new Date(email.date ?? 0) };
}

function profileOf(file: string) {
  const profile = siteProfile(manifest[file]!.service);
  if (!profile) throw new Error(`${file}: no profile for service ${manifest[file]!.service}`);
  return profile;
}

describe("the extraction corpus", () => {
  it("has a manifest entry for every .eml and a file for every entry", () => {
    expect(Object.keys(manifest).sort()).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(60);
  });

  it("covers the languages and sites our customers use", () => {
    const langs = new Set(Object.values(manifest).map((e) => e.lang));
    for (const lang of ["km", "vi", "th", "id", "fil", "es", "pt", "fr", "ar", "ru", "zh", "hi", "en"]) expect(langs).toContain(lang);
    const services = new Set(Object.values(manifest).map((e) => e.service));
    expect([...services].sort()).toEqual(["facebook", "google", "instagram", "telegram", "tiktok"]);
  });

  it("finds exactly the expected code in every message", async () => {
    const failures: Array<Record<string, string>> = [];
    for (const file of files) {
      const expected = manifest[file]!;
      const mail = await receive(file);
      const got = extractCodes(profileOf(file), mail);
      const want = expected.code === null ? [] : [expected.code];
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        const ranked = rankCodes(profileOf(file), mail).slice(0, 3);
        failures.push({
          file,
          expected: expected.code ?? "(none)",
          got: got[0] ?? "(none)",
          candidates: ranked.map((r) => `${r.code}=${r.score} [${r.reasons.join(", ")}]`).join(" | ") || "(none)",
        });
      }
    }
    if (failures.length > 0) console.table(failures);
    expect(failures, `${failures.length} of ${files.length} messages gave the wrong code`).toEqual([]);
  });

  it("in a thread of resent codes, every code is kept and the latest one is last", async () => {
    const threads = new Map<string, string[]>();
    for (const file of files) {
      const thread = manifest[file]!.thread;
      if (thread) threads.set(thread, [...(threads.get(thread) ?? []), file]);
    }
    expect(threads.size).toBeGreaterThanOrEqual(2);
    for (const [, members] of threads) {
      const mails = await Promise.all(members.map(receive));
      const since = new Date(Math.min(...mails.map((m) => m.receivedAt.getTime())));
      const byDate = members.map((f, i) => ({ f, at: mails[i]!.receivedAt.getTime() })).sort((a, b) => a.at - b.at);
      // Given newest first, the result is still in arrival order.
      const codes = collectCodes(profileOf(members[0]!), [...mails].reverse(), since);
      expect(codes).toEqual(byDate.map(({ f }) => manifest[f]!.code));
    }
  });
});
