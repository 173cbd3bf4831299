#!/usr/bin/env node
// `npm run bench -- guard`: a few minutes that say whether a change made Keyshop slower (issue #28).
// Short runs of the licence answer, the OTP purchase, the request path (GET /api/me) and a small
// set of admin lists on PostgreSQL, each expressed as Keyshop's throughput ÷ a bare Node server's
// with the same load shape, measured right before it in the same run: the machine's speed drifts,
// the ratio far less. The ratios are compared with bench/baselines.json (bench/guard-compare.mjs):
// the guard prints the table and exits 1 when one is more than 15% below its baseline.
//   BENCH_GUARD_SECONDS   seconds per measurement (default 8)
//   --record              write this run's ratios into bench/baselines.json (commit it saying why)
import { fork } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { createBenchDatabase, ensureServerBuilt, signIn, startKeyshop, testApi } from "./lib.mjs";
import { compareWithBaselines, formatTable } from "./guard-compare.mjs";
import { seed as listsSeed } from "./lists.mjs";
import { purchaseRequests } from "./otp-buy.mjs";

const SECONDS = Number(process.env.BENCH_GUARD_SECONDS ?? 8);
const BASELINES = "bench/baselines.json";
/** Enough that no licence nears its 60 validations a minute in one run (licence-validate.mjs seeds 20,000 for 10k req/s). */
const LICENCES = 6_000;
const API_KEYS = 1_000;
/** The small lists: a twentieth of the lists benchmark's data, seeded in seconds. */
const LISTS_SIZES = { users: 5_000, orders: 50_000, otpOrders: 50_000, history: 15_000, licences: 5_000 };

async function load(url, { connections, requests, headers }, duration = SECONDS) {
  const r = await autocannon({ url, connections, duration, requests, headers, pipelining: 1 });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
}

/** The bare Node server (a constant answer) under the same requests, then Keyshop: the ratio. */
async function paired(bareUrl, keyshopUrl, shape) {
  // Both warmed the same way (connections, JIT, plans), then measured one after the other.
  await load(bareUrl, shape, 2);
  await load(keyshopUrl, shape, 2);
  const bare = await load(bareUrl, shape);
  const keyshop = await load(keyshopUrl, shape);
  return { bare, keyshop, ratio: keyshop.rps / bare.rps };
}

function licenseRequests({ buyKeys, deviceKeys }) {
  const prebuilt = buyKeys.map((buyKey, i) => ({
    method: "POST",
    path: "/api/v1/licenses/validate",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.7` },
    body: JSON.stringify({ protocol: 2, buyKey, deviceKey: deviceKeys[i], nonce: `guard-nonce-${String(i).padStart(8, "0")}` }),
  }));
  let next = 0;
  return [{ method: "POST", path: "/api/v1/licenses/validate", setupRequest: (req) => ({ ...req, ...prebuilt[next++ % prebuilt.length] }) }];
}

const LIST_PATHS = [
  "/api/orders?pageSize=50",
  "/api/orders?pageSize=50&page=1000",
  "/api/admin/otp-orders?pageSize=50",
  "/api/admin/otp-orders?pageSize=50&search=nosuchmailbox",
  "/api/admin/users?pageSize=50",
  "/api/admin/balances?pageSize=50&sort=balance_desc",
  "/api/license-history?pageSize=50",
];

function listRequests() {
  let next = 0;
  return [{ method: "GET", path: LIST_PATHS[0], setupRequest: (req) => ({ ...req, path: LIST_PATHS[next++ % LIST_PATHS.length] }) }];
}

async function seedLists(url, databaseUrl) {
  await testApi(url, "/api-keys/bulk", { count: 1, balanceMills: 0 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query("select key_encrypted from api_keys limit 1");
    for (const statement of listsSeed(rows[0].key_encrypted, LISTS_SIZES)) await db.query(statement);
  } finally {
    await db.end();
  }
}

export async function run({ record = false } = {}) {
  ensureServerBuilt();
  const bareChild = fork("bench/bare-server.mjs", [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const barePort = await new Promise((resolve) => bareChild.once("message", (m) => resolve(m.port)));
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const database = await createBenchDatabase("keyshop_bench_guard");
  const started = performance.now();
  let server;
  try {
    server = await startKeyshop({ DATABASE_URL: database.url, TRUST_PROXY: "on", PUBLIC_API_RATE_LIMIT: "1000000" }, { basePort: 4150 });
    const results = {};

    // The request path first, on an empty database.
    const customer = await signIn(server.url, { email: `guard-${Date.now()}@example.com`, role: "user" });
    results["request-path"] = await paired(bareUrl, server.url, { connections: 20, requests: [{ method: "GET", path: "/api/me" }], headers: { cookie: customer } });

    const keys = await testApi(server.url, "/licenses/bulk", { email: "guard@example.com", planId: "local-1m", count: LICENCES });
    const licenseLoad = { connections: 50, requests: licenseRequests(keys) };
    await autocannon({ url: server.url, connections: 50, amount: LICENCES, requests: licenseRequests(keys), pipelining: 1 }); // every licence seen once
    results.license = await paired(bareUrl, server.url, licenseLoad);

    const { apiKeys } = await testApi(server.url, "/api-keys/bulk", { count: API_KEYS, balanceMills: 1_000_000 });
    const runId = Date.now();
    results.otp = await paired(bareUrl, server.url, { connections: 50, requests: purchaseRequests(apiKeys, `${runId}-guard`) });
    const { mismatches } = await testApi(server.url, "/ledger-check");
    if (mismatches.length) throw new Error(`ledger check failed after the purchases: ${mismatches.length} balances differ`);

    await seedLists(server.url, database.url);
    const admin = await signIn(server.url, { email: `guard-admin-${Date.now()}@example.com`, role: "admin", superAdmin: true });
    results.lists = await paired(bareUrl, server.url, { connections: 10, requests: listRequests(), headers: { cookie: admin } });

    const measured = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.ratio]));
    const baselines = JSON.parse(readFileSync(BASELINES, "utf8"));
    const { ok, rows } = compareWithBaselines(measured, baselines);
    console.log(`\nGuard, PostgreSQL, ${SECONDS} s per measurement, load ${loadavg().map((n) => n.toFixed(2)).join(" ")}, ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
    console.log("| benchmark | keyshop req/s | bare req/s | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.keyshop.rps} | ${r.bare.rps} | ${r.keyshop.p99} | ${r.keyshop.errors} |`);
    console.log(`\n${formatTable(rows)}`);
    const errors = Object.values(results).reduce((n, r) => n + r.keyshop.errors, 0);
    if (errors) console.log(`${errors} requests failed: the guard fails.`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/guard.json", JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, loadavg: loadavg(), results, rows, ok: ok && !errors }, null, 2));
    if (record) {
      const note = process.env.BENCH_GUARD_NOTE ?? "recorded by npm run bench -- guard --record";
      const entries = Object.fromEntries(Object.entries(measured).map(([name, ratio]) => [name, { ratio: Math.round(ratio * 10_000) / 10_000, note: `${new Date().toISOString().slice(0, 16)}Z: ${note}` }]));
      writeFileSync(BASELINES, `${JSON.stringify({ ...baselines, entries }, null, 2)}\n`);
      console.log(`Baselines written to ${BASELINES}: commit them saying why.`);
    }
    console.log(ok && !errors ? "Guard: pass" : "Guard: FAIL (a ratio more than 15% below its baseline, one not measured, or failed requests)");
    return { targetsMet: ok && !errors };
  } finally {
    bareChild.kill();
    await server?.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { targetsMet } = await run({ record: process.argv.includes("--record") });
  process.exitCode = targetsMet ? 0 : 1;
}
