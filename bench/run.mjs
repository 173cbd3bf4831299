#!/usr/bin/env node
// `npm run bench [-- NAME… [--runs=N] [--check]]`: runs every benchmark, or only the named ones.
// Each benchmark is a module in bench/ exporting `run(options)`; results go to bench/results/.
//   --runs=N   Lighthouse runs per page (median kept; default 3)
//   --direct   dashboard: Lighthouse on the Node server itself (HTTP/1.1), not through Caddy
//   --check    exit 1 when a target is missed (default: report only; the guard always does)
//   --record   the guard writes this run's ratios into bench/baselines.json

const BENCHES = {
  landing: {
    load: () => import("./landing.mjs"),
    about: "first-load JS/CSS weight of the landing page and Lighthouse (mobile) on / and /faq",
  },
  dashboard: {
    load: () => import("./dashboard.mjs"),
    about: "a signed-in customer's first load of each customer page: JS transferred (br as served, gzip -9), no admin/chart/public code, Lighthouse (mobile)",
  },
  otp: {
    load: () => import("./otp-buy.mjs"),
    about: "POST /api/v1/otp/orders purchases per second and p99 on PostgreSQL (many keys, one key) with the ledger check",
  },
  mixed: {
    load: () => import("./mixed.mjs"),
    about: "60 s of landing HTML, session API, licence validate and OTP buys against one and two instances on PostgreSQL",
  },
  license: {
    load: () => import("./license-validate.mjs"),
    about: "POST /api/v1/licenses/validate throughput and p99 (PostgreSQL, PGlite, bare Node ceiling)",
  },
  "license-ab": {
    load: () => import("./license-ab.mjs"),
    about: "paired A/B of POST /api/v1/licenses/validate on PostgreSQL: this checkout against BENCH_AB_BASE (default HEAD~1), in turns, medians and pairs won (by name only)",
    byNameOnly: true, // a comparison of two revisions, not a figure of this one
  },
  soak: {
    load: () => import("./soak.mjs"),
    about: "10 minutes (BENCH_SOAK_MINUTES) of mixed valid and invalid traffic on the embedded server: memory and p99 every minute",
  },
  kopeechka: {
    load: () => import("./kopeechka-client.mjs"),
    about: "drives /compat/kopeechka/ as a Kopeechka client does (buy, WAIT_LINK, SMTP letter, value, reorder, cancel) on PostgreSQL",
  },
  "otp-wait": {
    load: () => import("./otp-wait.mjs"),
    about: "200 clients waiting (GET ?wait=60) on 200 orders, then 200 letters over SMTP: every client answered, p99 SMTP receipt→answer, queries while waiting",
  },
  admin: {
    load: () => import("./admin-overview.mjs"),
    about: "GET /api/admin/overview on PostgreSQL with 1,000,000 orders and 100,000 users, beside the spec's paged client-side sum",
  },
  "request-path": {
    load: () => import("./request-path.mjs"),
    about: "GET /api/me (cookie cache off and on) and GET /api/plans throughput on PostgreSQL beside the bare Node ceiling in the same run",
  },
  "crash-drill": {
    load: () => import("./crash-drill.mjs"),
    about: "two instances on PostgreSQL with the PayWay simulator: a storm of purchases, renewals, refunds and OTP orders while one is SIGKILLed at random; then ledger, PayWay vs shop, e-mails and webhooks once, licence cache (DRILL_SECONDS, DRILL_KILLS)",
  },
  guard: {
    load: () => import("./guard.mjs"),
    about: "a few minutes: licence, OTP purchase, /api/me and small admin lists as ratios to a bare server, against bench/baselines.json; exit 1 when one is > 15% below (--record writes them)",
    failsRun: true,
  },
  lists: {
    load: () => import("./lists.mjs"),
    about: "every admin and customer list and search, the orders CSV export and /api/me, /api/plans throughput at 1,000,000 orders (BENCH_SCALE=10: ×10) on PostgreSQL",
  },
};

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith("-"));
const flags = Object.fromEntries(
  args
    .filter((a) => a.startsWith("--"))
    .map((a) => {
      const [key, value] = a.slice(2).split("=");
      return [key, value ?? true];
    }),
);

if (flags.help || flags.h) {
  console.log("Usage: npm run bench [-- NAME… [--runs=N] [--check] [--record] [--direct]]\n\nBenchmarks:");
  for (const [name, { about }] of Object.entries(BENCHES)) console.log(`  ${name.padEnd(10)} ${about}`);
  process.exit(0);
}

const unknown = names.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Known: ${Object.keys(BENCHES).join(", ")}.`);
  process.exit(2);
}

let failed = false;
let guardFailed = false;
for (const name of names.length ? names : Object.keys(BENCHES).filter((n) => !BENCHES[n].byNameOnly)) {
  console.log(`\n=== bench: ${name}`);
  const { run } = await BENCHES[name].load();
  const result = await run({ runs: flags.runs ? Number(flags.runs) : undefined, record: Boolean(flags.record), direct: Boolean(flags.direct) });
  if (result?.targetsMet === false) failed = true;
  if (result?.targetsMet === false && BENCHES[name].failsRun) guardFailed = true;
}

if (guardFailed) {
  console.error("\nThe guard failed: a ratio fell more than 15% below its baseline (bench/baselines.json).");
  process.exit(1);
}
if (failed && flags.check) {
  console.error("\nSome targets were missed (--check).");
  process.exit(1);
}
