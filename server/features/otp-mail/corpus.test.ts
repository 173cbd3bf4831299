// The corpus: raw .eml files parsed with postal-mime exactly as the SMTP receiver stores them, then
// extracted with the profile of the service named in corpus/expected.json. Every message must give
// exactly its code (or none); a message marked `uncertain` must give none (a miss, never a guess).
// A failure prints a table with what was found and why. `npm run otp:corpus-report` prints the
// precision and recall per language that corpus/README.md reports.
import { describe, expect, it } from "vitest";
import { digitValue } from "./digits";
import { collectCodes, rankCodes, SITE_PROFILES } from "./extract";
import { corpusFiles, profileFor, readManifest, receive, runCorpus, totals } from "./corpus-scoring";

const manifest = readManifest();
const files = corpusFiles();

describe("the extraction corpus", () => {
  it("has a manifest entry for every .eml and a file for every entry", () => {
    expect(Object.keys(manifest).sort()).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(150);
  });

  it("covers 35 languages or more, every site, and the digit systems the sites localise to", async () => {
    const entries = Object.values(manifest);
    const langs = new Set(entries.map((e) => e.lang));
    expect(langs.size).toBeGreaterThanOrEqual(35);
    for (const lang of ["km", "vi", "th", "id", "fil", "es", "pt", "fr", "ar", "ru", "zh", "hi", "en"]) expect(langs).toContain(lang);
    const services = new Set(entries.map((e) => e.service));
    expect([...services].sort()).toEqual(Object.keys(SITE_PROFILES).sort());
    // Every site has messages with a code and without one.
    for (const service of services) {
      expect(entries.some((e) => e.service === service && e.code !== null), service).toBe(true);
      expect(entries.some((e) => e.service === service && e.code === null), service).toBe(true);
    }
    // The digit systems actually written in the messages (first digit of each Unicode Nd block).
    const systems = new Set<number>();
    for (const file of files) {
      const mail = await receive(file);
      for (const ch of `${mail.subject} ${mail.text} ${mail.html ?? ""}`) {
        const cp = ch.codePointAt(0)!;
        if (cp > 0x7f && digitValue(ch) !== undefined) systems.add(cp - digitValue(ch)!);
      }
    }
    const wanted = {
      "Arabic-Indic": 0x660, "Extended Arabic-Indic": 0x6f0, Devanagari: 0x966, Bengali: 0x9e6, Gurmukhi: 0xa66, Gujarati: 0xae6, Odia: 0xb66, Tamil: 0xbe6,
      Telugu: 0xc66, Kannada: 0xce6, Malayalam: 0xd66, Thai: 0xe50, Lao: 0xed0, Tibetan: 0xf20, Myanmar: 0x1040, Khmer: 0x17e0, "full-width": 0xff10,
    };
    for (const [name, zero] of Object.entries(wanted)) expect(systems.has(zero), name).toBe(true);
  });

  it("finds exactly the expected code in every message; an uncertain one gives none", async () => {
    const outcomes = await runCorpus();
    const failures: Array<Record<string, string>> = [];
    for (const { file, expected, got } of outcomes) {
      const want = expected.uncertain ? null : expected.code;
      if (got === want) continue;
      const ranked = rankCodes(profileFor(expected), await receive(file)).slice(0, 3);
      failures.push({
        file,
        expected: want ?? "(none)",
        got: got ?? "(none)",
        candidates: ranked.map((r) => `${r.code}=${r.score} [${r.reasons.join(", ")}]`).join(" | ") || "(none)",
      });
    }
    if (failures.length > 0) console.table(failures);
    expect(failures, `${failures.length} of ${files.length} messages gave the wrong code`).toEqual([]);
    // What corpus/README.md reports: no wrong code ever; the misses are the uncertain messages.
    const t = totals(outcomes);
    expect(t.wrong).toBe(0);
    expect(t.precision).toBe(1);
    expect(t.missed).toBe(Object.values(manifest).filter((e) => e.uncertain).length);
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
      const codes = collectCodes(profileFor(manifest[members[0]!]!), [...mails].reverse(), since);
      expect(codes).toEqual(byDate.map(({ f }) => manifest[f]!.code));
    }
  });
});
