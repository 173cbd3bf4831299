#!/usr/bin/env node
// `npm run bench -- request-path`: the ordinary request path on PostgreSQL, beside the bare Node
// ceiling in the same run (issue #19, item 4). GET /api/me with a session cookie, once with the
// cookie cache off (SESSION_CACHE_SECONDS=0: every request reads the session from the database,
// as before issue #19) and once with the shop's default; GET /api/plans. Each 20 connections,
// BENCH_DURATION seconds (default 10) after a 2-second warm-up; no data beyond one customer.
// BENCH_SERVER_ARGS passes node flags to the server (e.g. a CPU profile).
import { fork } from "node:child_process";
import autocannon from "autocannon";
import { createBenchDatabase, ensureServerBuilt, signIn, startKeyshop } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
/** The issue's figure for GET /api/me before the work (640 req/s at a 26,000 req/s bare ceiling). */
const ISSUE_ME_RPS = 640;
const ISSUE_BARE_RPS = 26_000;

async function load(url, path, cookie, duration = DURATION) {
  const result = await autocannon({ url: `${url}${path}`, connections: CONNECTIONS, duration, headers: cookie ? { cookie } : {}, pipelining: 1 });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

async function bare() {
  const child = fork("bench/bare-server.mjs", [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise((resolve) => child.once("message", (m) => resolve(m.port)));
  try {
    await load(`http://127.0.0.1:${port}`, "/", undefined, 2);
    return await load(`http://127.0.0.1:${port}`, "/");
  } finally {
    child.kill();
  }
}

async function measure(env, paths) {
  const db = await createBenchDatabase("keyshop_bench_path");
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startKeyshop({ DATABASE_URL: db.url, ...env }, { nodeArgs });
  try {
    const cookie = await signIn(server.url, { email: `path-${Date.now()}@example.com`, role: "user" });
    const results = {};
    for (const [label, path, withCookie] of paths) {
      await load(server.url, path, withCookie ? cookie : undefined, 2);
      results[label] = await load(server.url, path, withCookie ? cookie : undefined);
    }
    return results;
  } finally {
    await server.stop();
    await db.drop();
  }
}

export async function run() {
  ensureServerBuilt();
  const ceiling = await bare();
  const off = await measure({ SESSION_CACHE_SECONDS: "0" }, [["GET /api/me, cookie cache off (a database read per request)", "/api/me", true]]);
  const on = await measure({}, [
    ["GET /api/me (session cookie)", "/api/me", true],
    ["GET /api/plans", "/api/plans", false],
  ]);
  const rows = { "bare node (ceiling)": ceiling, ...off, ...on };
  console.log(`\nGET requests, ${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL`);
  console.log("| request | req/s | % of bare | p50 ms | p99 ms | non-2xx/errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name, r] of Object.entries(rows)) console.log(`| ${name} | ${r.rps.toLocaleString("en-US")} | ${((100 * r.rps) / ceiling.rps).toFixed(1)}% | ${r.p50} | ${r.p99} | ${r.errors} |`);
  const me = on["GET /api/me (session cookie)"];
  const meShare = me.rps / ceiling.rps;
  const target = (3 * ISSUE_ME_RPS) / ISSUE_BARE_RPS;
  const met = me.errors === 0 && meShare >= target && me.rps >= 3 * off["GET /api/me, cookie cache off (a database read per request)"].rps;
  console.log(
    `/api/me: ${(100 * meShare).toFixed(1)}% of bare; target ≥ ${(100 * target).toFixed(1)}% (3 × the issue's 640 of 26,000 req/s) and ≥ 3 × the cookie cache off in this run: ${met ? "met" : "NOT met"}`,
  );
  return { targetsMet: met, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
