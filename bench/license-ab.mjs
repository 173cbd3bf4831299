// Paired A/B of the licence answer: this checkout's server against a base revision's, both on
// PostgreSQL, seeded alike, measured in turns (A B, B A, A B, …) so the host's drift (±25% within
// minutes on these machines) falls on both. A single run of `npm run bench -- license` cannot
// tell a 10% change from the noise; paired runs can (docs/benchmarks.md, decision 086).
//
//   npm run bench -- license-ab                  base: HEAD~1, 4 pairs of 6 s
//   BENCH_AB_BASE=a565c34 BENCH_AB_PAIRS=6 BENCH_AB_SECONDS=8 npm run bench -- license-ab
//   BENCH_AB_A_ENV='{"LICENCE_SIGNING_THREAD":"off"}' BENCH_AB_BASE=HEAD …   one build, two settings
//
// The base is built from a temporary git worktree into bench/.ab/ (inside the repository, so the
// bundle finds node_modules); this checkout's server is the current dist/ (rebuilt when stale).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { requests as validateRequests, seed, TOKEN, warmUp } from "./license-validate.mjs";
import { ensureServerBuilt, waitFor } from "./lib.mjs";

const CONNECTIONS = 50;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function git(args, options = {}) {
  const r = spawnSync("git", args, { encoding: "utf8", ...options });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The base revision's server bundle, in bench/.ab/<commit>/ (kept: a second run reuses it). */
function buildBase(revision) {
  const commit = git(["rev-parse", "--short", revision]);
  const out = path.resolve("bench/.ab", commit);
  if (existsSync(path.join(out, "server.js"))) return { commit, dir: out };
  const tree = path.resolve("bench/.ab", `tree-${commit}`);
  rmSync(tree, { recursive: true, force: true });
  git(["worktree", "add", "--detach", tree, commit]);
  try {
    symlinkSync(path.resolve("node_modules"), path.join(tree, "node_modules"));
    const r = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: tree, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`building ${commit} failed`);
    mkdirSync(path.dirname(out), { recursive: true });
    cpSync(path.join(tree, "dist"), out, { recursive: true });
  } finally {
    git(["worktree", "remove", "--force", tree]);
  }
  return { commit, dir: out };
}

async function startServer(admin, serverFile, port, env) {
  const database = `keyshop_ab_${port}_${Date.now()}`;
  await admin.query(`create database ${database}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  const child = spawn(process.execPath, [serverFile], {
    env: { ...process.env, PORT: String(port), DEV_SMTP_PORT: String(port + 100), LOG_LEVEL: "error", TRUST_PROXY: "on", DEV_TEST_API_TOKEN: TOKEN, NODE_ENV: "development", DATABASE_URL: url.toString(), ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  // The licence benchmark's seed and requests: each licence from its own address, protocol 2, its own nonce.
  const requests = validateRequests(await seed(base));
  await warmUp(base, requests); // every licence validated once
  return {
    url: base,
    requests,
    stop: async () => {
      await new Promise((r) => {
        child.once("exit", r);
        child.kill("SIGTERM");
      });
      await admin.query(`drop database if exists ${database} with (force)`);
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function run() {
  const pairs = Number(process.env.BENCH_AB_PAIRS ?? 4);
  const seconds = Number(process.env.BENCH_AB_SECONDS ?? 6);
  ensureServerBuilt();
  const base = buildBase(process.env.BENCH_AB_BASE ?? "HEAD~1");
  const head = git(["rev-parse", "--short", "HEAD"]) + (git(["status", "--porcelain", "--untracked-files=no"]) ? "+changes" : "");
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const servers = {};
  try {
    servers.A = await startServer(admin, path.join(base.dir, "server.js"), 3811, JSON.parse(process.env.BENCH_AB_A_ENV ?? "{}"));
    servers.B = await startServer(admin, "dist/server.js", 3822, JSON.parse(process.env.BENCH_AB_B_ENV ?? "{}"));
    const runs = { A: [], B: [] };
    const measure = async (name) => {
      const r = await autocannon({ url: servers[name].url, connections: CONNECTIONS, duration: seconds, requests: servers[name].requests, pipelining: 1 });
      const row = { rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, p99_9: r.latency.p99_9, errors: r.non2xx + r.errors + r.timeouts };
      runs[name].push(row);
      console.log(`${name} ${JSON.stringify(row)}`);
    };
    for (let i = 0; i < pairs; i++) for (const name of i % 2 ? ["B", "A"] : ["A", "B"]) await measure(name);

    const summary = (name) => ({ rps: median(runs[name].map((r) => r.rps)), p50: median(runs[name].map((r) => r.p50)), p90: median(runs[name].map((r) => r.p90)), p99: median(runs[name].map((r) => r.p99)), p99_9: median(runs[name].map((r) => r.p99_9)), errors: runs[name].reduce((a, r) => a + r.errors, 0) });
    const A = summary("A");
    const B = summary("B");
    const fasterPairs = runs.A.filter((a, i) => runs.B[i].rps > a.rps).length;
    const lowerP99Pairs = runs.A.filter((a, i) => runs.B[i].p99 < a.p99).length;
    console.log(`\nPOST /api/v1/licenses/validate on PostgreSQL, ${CONNECTIONS} connections, ${pairs} pairs of ${seconds} s (medians)`);
    console.log("| server | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|");
    console.log(`| A: ${base.commit} | ${A.rps} | ${A.p50} | ${A.p90} | ${A.p99} | ${A.p99_9} | ${A.errors} |`);
    console.log(`| B: ${head} | ${B.rps} | ${B.p50} | ${B.p90} | ${B.p99} | ${B.p99_9} | ${B.errors} |`);
    console.log(`B: ${(((B.rps - A.rps) / A.rps) * 100).toFixed(1)}% req/s, faster in ${fasterPairs} of ${pairs} pairs; p99 lower in ${lowerP99Pairs} of ${pairs}`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/license-ab.json", JSON.stringify({ date: new Date().toISOString(), base: base.commit, head, pairs, seconds, A, B, runs, fasterPairs, lowerP99Pairs }, null, 2));
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    await admin.end();
  }
}
