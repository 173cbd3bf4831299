// Load benchmark for buying OTP mail addresses through the public API (POST /api/v1/otp/orders)
// on PostgreSQL: purchases per second and p99 with many concurrent clients, spread over many API
// keys and all on one key (one balance row: every purchase waits for the one before). Each request
// carries its own Idempotency-Key, as a careful client would. At the end the ledger check must
// pass (every balance equals the sum of its ledger rows) and the orders must match the successes.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { TEST_TOKEN, createBenchDatabase, testApi, waitFor } from "./lib.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const KEYS = 1000;
const TARGET = { rps: 1500, p99: 50, oneKeyRps: 1000 };
const PACED_RPS = 500;

async function startKeyshop(databaseUrl) {
  const port = 4000 + Math.floor(Math.random() * 50);
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "dist/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DEV_SMTP_PORT: String(port + 100),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      DEV_TEST_API_TOKEN: TEST_TOKEN,
      NODE_ENV: "development",
      // The benchmark measures purchases, not the per-key request limit (120 a minute by default).
      PUBLIC_API_RATE_LIMIT: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { url, stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }) };
}

/** Purchases for autocannon: each request the next key in turn and a fresh Idempotency-Key (`<idempotencyPrefix>-<n>`); the guard's too. */
export function purchaseRequests(apiKeys, idempotencyPrefix) {
  const auth = apiKeys.map((k) => `Bearer ${k}`);
  let next = 0;
  return [
    {
      method: "POST",
      path: "/api/v1/otp/orders",
      setupRequest: (req) => {
        const i = next++;
        return { ...req, headers: { authorization: auth[i % auth.length], "idempotency-key": `${idempotencyPrefix}-${i}` } };
      },
    },
  ];
}

const requests = (apiKeys, run) => purchaseRequests(apiKeys, `${run}-purchase`);

/** Closed loop (each client sends its next request when the last is answered), or paced to `rate` per second overall. */
async function load(url, reqs, rate) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests: reqs, pipelining: 1, ...(rate ? { overallRate: rate } : {}) });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, ok: r["2xx"], failed: r.non2xx + r.errors + r.timeouts };
}

export async function run() {
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("server build failed");
  const database = await createBenchDatabase("keyshop_bench_otp");
  const server = await startKeyshop(database.url);
  try {
    // $1,000 each: far more than a run can spend, so every purchase is a real debit.
    const { apiKeys } = await testApi(server.url, "/api-keys/bulk", { count: KEYS, balanceMills: 1_000_000 });
    await load(server.url, requests(apiKeys.slice(0, 50), "warm")); // connections, JIT, plans
    const manyKeys = await load(server.url, requests(apiKeys, "many"));
    // The target's question: at 500 purchases a second, how long does a purchase take?
    const paced = await load(server.url, requests(apiKeys, "paced"), PACED_RPS);
    const oneKey = await load(server.url, requests([apiKeys[0]], "one"));
    const { mismatches } = await testApi(server.url, "/ledger-check");
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query("select count(*)::int as orders, (select count(*)::int from balance_ledger where reason = 'otp_purchase') as debits from otp_mail_orders");
    await db.end();

    console.log(`\nPOST /api/v1/otp/orders on PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log("| run | purchases/s | p50 ms | p99 ms | purchases | refused/errors |");
    console.log("|---|---|---|---|---|---|");
    const runs = [[`${KEYS} API keys, as fast as answered`, manyKeys], [`${KEYS} API keys, paced at ${PACED_RPS}/s`, paced], ["one API key, as fast as answered", oneKey]];
    for (const [label, r] of runs) {
      console.log(`| ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.failed} |`);
    }
    const ledgerOk = mismatches.length === 0 && rows[0].orders === rows[0].debits;
    console.log(`Ledger check: ${mismatches.length} balances differ from their ledger; ${rows[0].orders} orders, ${rows[0].debits} purchase debits: ${ledgerOk ? "pass" : "FAIL"}`);
    // #28's target: as fast as answered, ≥ 1,500/s over many keys with p99 under 50 ms and ≥ 1,000/s
    // on one key, nothing failed and the ledger exact. The paced run is shown, not judged: its p99 is
    // mostly autocannon's, which releases the paced requests in bursts (docs/benchmarks.md).
    const targetsMet =
      manyKeys.rps >= TARGET.rps && manyKeys.p99 < TARGET.p99 && oneKey.rps >= TARGET.oneKeyRps && manyKeys.failed + paced.failed + oneKey.failed === 0 && ledgerOk;
    console.log(`Target (≥ ${TARGET.rps}/s over many keys with p99 < ${TARGET.p99} ms, ≥ ${TARGET.oneKeyRps}/s on one key, no errors, ledger check): ${targetsMet ? "met" : "NOT met"}`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(
      "bench/results/otp-buy.json",
      JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, keys: KEYS, manyKeys, paced, oneKey, ledger: { mismatches: mismatches.length, ...rows[0] }, targetsMet }, null, 2),
    );
    return { targetsMet };
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
