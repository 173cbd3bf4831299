// Prints the extraction corpus's precision and recall, per language and in total, and how long
// extraction takes per message (it runs on every inbound mail): `npm run otp:corpus-report`.
// The numbers go into server/features/otp-mail/corpus/README.md.
import { performance } from "node:perf_hooks";
import { corpusFiles, profileFor, readManifest, receive, runCorpus, totals } from "../features/otp-mail/corpus-scoring";
import { rankCodes } from "../features/otp-mail/extract";

const outcomes = await runCorpus();
const all = totals(outcomes);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`messages ${all.messages}, with a code ${all.withCode}, codes given ${all.given}, right ${all.right}, wrong ${all.wrong}, missed ${all.missed}`);
console.log(`precision ${pct(all.precision)}  recall ${pct(all.recall)}`);
const langs = [...new Set(outcomes.map((o) => o.expected.lang))].sort();
console.log(`\n${langs.length} languages:`);
for (const lang of langs) {
  const t = totals(outcomes.filter((o) => o.expected.lang === lang));
  console.log(`  ${lang.padEnd(4)} ${String(t.messages).padStart(3)} messages  precision ${pct(t.precision).padStart(7)}  recall ${pct(t.recall).padStart(7)}`);
}
for (const o of outcomes) if (o.got !== o.expected.code) console.log(`  ${o.file}: expected ${o.expected.code ?? "none"}, got ${o.got ?? "none"}${o.expected.uncertain ? ` (${o.expected.uncertain})` : ""}`);

// Speed: every message ranked many times over, after parsing (the receiver parses once anyway).
const manifest = readManifest();
const mails = await Promise.all(corpusFiles().map(async (f) => ({ mail: await receive(f), profile: profileFor(manifest[f]!) })));
const rounds = 20;
const start = performance.now();
for (let r = 0; r < rounds; r++) for (const { mail, profile } of mails) rankCodes(profile, mail);
const perMessage = (performance.now() - start) / (rounds * mails.length);
console.log(`\nextraction: ${perMessage.toFixed(3)} ms per message (mean of ${rounds} rounds over ${mails.length} messages)`);
