// Load benchmark for POST /api/v1/licenses/validate (the call thousands of desktop tools make):
// requests per second and p99 at 50 connections on PostgreSQL and on PGlite, beside a bare Node
// server answering a constant in the same run (the ceiling).
import { fork, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureServerBuilt, waitFor } from "./lib.mjs";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
// Enough licences that no key reaches its per-minute validate limit even at 10k requests/s.
const LICENCES = 20_000;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TOKEN = "bench-token";

/** The whole build the first time; afterwards the server bundle again whenever its sources changed. */
function ensureBuilt() {
  if (!existsSync("dist/server.js")) {
    const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("build failed");
  }
  ensureServerBuilt();
}

async function startKeyshop(env) {
  const port = 3900 + Math.floor(Math.random() * 50);
  // BENCH_SERVER_ARGS: extra node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    env: { ...process.env, PORT: String(port), DEV_SMTP_PORT: String(port + 100), LOG_LEVEL: "error", TRUST_PROXY: "on", DEV_TEST_API_TOKEN: TOKEN, NODE_ENV: "development", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { url, stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }) };
}

export async function seed(url) {
  const res = await fetch(`${url}/dev/test-api/licenses/bulk`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-token": TOKEN },
    body: JSON.stringify({ email: "bench@example.com", planId: "local-1m", count: LICENCES }),
  });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return await res.json();
}

/**
 * Each request: the next licence and client address in turn (as thousands of tools would be).
 * Requests are built once up front so the load generator, which shares the machine, spends its
 * time sending rather than serialising; the bare server gets the very same requests.
 */
export function requests({ buyKeys, deviceKeys }) {
  const prebuilt = buyKeys.map((buyKey, i) => ({
    method: "POST",
    path: "/api/v1/licenses/validate",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.7` },
    // Protocol 2 (docs/licence-api.md): every request with its own nonce, as a tool sends it.
    body: JSON.stringify({ protocol: 2, buyKey, deviceKey: deviceKeys[i], nonce: `bench-nonce-${String(i).padStart(8, "0")}` }),
  }));
  let next = 0;
  return [{ method: "POST", path: "/api/v1/licenses/validate", setupRequest: (req) => ({ ...req, ...prebuilt[next++ % prebuilt.length] }) }];
}

/** Steady state: every licence has been validated once (desktop tools validate periodically). */
export async function warmUp(url, reqs) {
  await autocannon({ url, connections: CONNECTIONS, amount: LICENCES, requests: reqs, pipelining: 1 });
}

async function load(url, reqs) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests: reqs, pipelining: 1 });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const { p50, p90, p97_5, p99, p99_9, max } = result.latency;
  return { rps: Math.round(result.requests.average), p50, p99, p90, p97_5, p99_9, max, requests: result.requests.total, errors: non2xx };
}

/** The ceiling: the same requests, answered with a constant. */
async function bare(reqs) {
  const child = fork("bench/bare-server.mjs", [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise((resolve) => child.once("message", (m) => resolve(m.port)));
  try {
    return await load(`http://127.0.0.1:${port}`, reqs);
  } finally {
    child.kill();
  }
}

const fakeKeys = {
  buyKeys: Array.from({ length: LICENCES }, (_, i) => `KS-BENCH-${String(i).padStart(5, "0")}-XXXXX-YYYYY`),
  deviceKeys: Array.from({ length: LICENCES }, (_, i) => `LDREEL-BENCH-00000000-${i}`),
};

/** Keyshop started with `env`, seeded, warmed up, then measured; `cleanUp` runs once it has stopped. */
async function measure(env, cleanUp) {
  const server = await startKeyshop(env);
  try {
    const keys = await seed(server.url);
    await warmUp(server.url, requests(keys));
    return await load(server.url, requests(keys));
  } finally {
    await server.stop();
    await cleanUp();
  }
}

async function onPostgres() {
  const name = `keyshop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return measure({ DATABASE_URL: url.toString() }, async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
}

async function onPglite() {
  const dir = mkdtempSync(path.join(tmpdir(), "keyshop-bench-"));
  return measure({ DATA_DIR: dir, DATABASE_URL: "" }, () => rmSync(dir, { recursive: true, force: true }));
}

export async function run() {
  ensureBuilt();
  // Two ceilings: one request sent over and over (the load generator's best case), and the same
  // varied requests Keyshop gets. The target is measured against the second: same client work.
  const constant = await bare([{ method: "POST", path: "/api/v1/licenses/validate", headers: { "content-type": "application/json" }, body: JSON.stringify({ protocol: 2, buyKey: fakeKeys.buyKeys[0], deviceKey: fakeKeys.deviceKeys[0], nonce: "bench-nonce-00000000" }) }]);
  const ceiling = await bare(requests(fakeKeys));
  // BENCH_LICENSE_SERVERS=postgres: only the PostgreSQL run (quicker, while profiling).
  const servers = (process.env.BENCH_LICENSE_SERVERS ?? "postgres,pglite").split(",");
  const postgres = await onPostgres();
  const pglite = servers.includes("pglite") ? await onPglite() : undefined;
  const rows = { "bare node, one repeated request": constant, "bare node, same requests (ceiling)": ceiling, "keyshop on PostgreSQL": postgres, ...(pglite && { "keyshop on PGlite": pglite }) };
  console.log(`\nPOST /api/v1/licenses/validate, ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log("| server | req/s | % of bare | p50 ms | p99 ms | non-2xx/errors |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, r] of Object.entries(rows)) {
    console.log(`| ${name} | ${r.rps} | ${((100 * r.rps) / ceiling.rps).toFixed(1)}% | ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
  // #28's target for the licence answer: a quarter of the same-run ceiling, p99 under 10 ms.
  const targetsMet = postgres.rps >= 0.25 * ceiling.rps && postgres.p99 < 10 && postgres.errors === 0;
  console.log(`Target on PostgreSQL (≥ 25% of bare, p99 < 10 ms, no errors): ${targetsMet ? "met" : "NOT met"}`);
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/license-validate.json", JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, licences: LICENCES, ...rows, targetsMet }, null, 2));
  return { targetsMet };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
