// Mixed load against one and then two instances on one PostgreSQL database, all kinds at once:
// the landing page's HTML, the session API (GET /api/me with a session cookie), licence validate
// and OTP purchases. Reports throughput and p99 per kind, and errors (the target is zero).
// Instances are separate processes on their own ports; the load is split evenly between them (as
// a reverse proxy would), so the two-instance figures show how the product scales out.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { TEST_TOKEN, createBenchDatabase, testApi, waitFor } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const LICENCES = 20_000;
const API_KEYS = 500;
const USERS = 100;
const PASSWORD = "bench password 12345";
// Connections per kind (shared out over the instances).
const MIX = { landing: 10, session: 10, validate: 20, otpBuy: 10 };

function startInstance(databaseUrl, port) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      BASE_URL: url,
      PORT: String(port),
      DEV_SMTP_PORT: String(port + 100),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      NODE_ENV: "development",
      DEV_TEST_API_TOKEN: TEST_TOKEN,
      TRUST_PROXY: "on",
      AUTH_RATE_LIMIT: "off", // the benchmark signs in its users in a burst
      PUBLIC_API_RATE_LIMIT: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return {
    url,
    ready: waitFor(`${url}/healthz`),
    stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }),
  };
}

async function seed(url) {
  const { buyKeys, deviceKeys } = await testApi(url, "/licenses/bulk", { email: "bench@example.com", planId: "local-1m", count: LICENCES });
  const { apiKeys } = await testApi(url, "/api-keys/bulk", { count: API_KEYS, balanceMills: 1_000_000 });
  const cookies = [];
  for (let i = 0; i < USERS; i++) {
    const email = `mixed-${Date.now()}-${i}@example.com`;
    await testApi(url, "/users", { email, password: PASSWORD });
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status}`);
    cookies.push(res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "));
  }
  return { buyKeys, deviceKeys, apiKeys, cookies };
}

/** One request generator per kind; `run` keeps idempotency keys unique across runs. */
function requestsFor(kind, data, run) {
  let next = 0;
  const cycle = (build) => [{ method: "GET", path: "/", setupRequest: (req) => ({ ...req, ...build(next++) }) }];
  switch (kind) {
    case "landing":
      return [{ method: "GET", path: "/", headers: { "accept-encoding": "br, gzip" } }];
    case "session":
      return cycle((i) => ({ method: "GET", path: "/api/me", headers: { cookie: data.cookies[i % data.cookies.length] } }));
    case "validate": {
      const bodies = data.buyKeys.map((buyKey, i) => JSON.stringify({ protocol: 2, buyKey, deviceKey: data.deviceKeys[i], nonce: `bench-nonce-${String(i).padStart(8, "0")}` }));
      return cycle((i) => {
        const k = i % bodies.length;
        return { method: "POST", path: "/api/v1/licenses/validate", headers: { "content-type": "application/json", "x-forwarded-for": `10.${(k >> 8) & 255}.${k & 255}.9` }, body: bodies[k] };
      });
    }
    case "otpBuy":
      return cycle((i) => ({
        method: "POST",
        path: "/api/v1/otp/orders",
        headers: { authorization: `Bearer ${data.apiKeys[i % data.apiKeys.length]}`, "idempotency-key": `${run}-purchase-${process.pid}-${i}` },
      }));
  }
}

async function mixedRun(instances, data, label) {
  const runs = [];
  for (const [kind, connections] of Object.entries(MIX)) {
    instances.forEach((instance, n) => {
      const share = Math.round(connections / instances.length);
      runs.push(
        autocannon({ url: instance.url, connections: share, duration: DURATION, requests: requestsFor(kind, data, `${label}-${n}`) }).then((r) => ({ kind, r })),
      );
    });
  }
  const results = await Promise.all(runs);
  const byKind = {};
  for (const { kind, r } of results) {
    const k = (byKind[kind] ??= { rps: 0, p99: 0, errors: 0, requests: 0 });
    k.rps += Math.round(r.requests.average);
    k.p99 = Math.max(k.p99, r.latency.p99); // the worse instance's p99
    k.errors += r.non2xx + r.errors + r.timeouts;
    k.requests += r.requests.total;
  }
  return byKind;
}

export async function run() {
  if (!existsSync("build/client/index.html")) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("build failed");
  } else {
    const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("server build failed");
  }
  const database = await createBenchDatabase("keyshop_bench_mixed");
  const base = 4300 + Math.floor(Math.random() * 40);
  const first = startInstance(database.url, base);
  let second;
  try {
    await first.ready;
    const data = await seed(first.url);
    // Warm-up: every licence validated once, some of everything.
    await autocannon({ url: first.url, connections: 20, amount: LICENCES, requests: requestsFor("validate", data, "warm") });
    const one = await mixedRun([first], data, "one");
    second = startInstance(database.url, base + 1);
    await second.ready;
    await autocannon({ url: second.url, connections: 20, amount: LICENCES, requests: requestsFor("validate", data, "warm2") });
    const two = await mixedRun([first, second], data, "two");

    console.log(`\nMixed load on PostgreSQL, ${DURATION} s, connections per kind: ${JSON.stringify(MIX)}`);
    console.log("| kind | 1 instance req/s | p99 ms | errors | 2 instances req/s | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const kind of Object.keys(MIX)) {
      const a = one[kind];
      const b = two[kind];
      console.log(`| ${kind} | ${a.rps} | ${a.p99} | ${a.errors} | ${b.rps} | ${b.p99} | ${b.errors} |`);
    }
    const total = (r) => Object.values(r).reduce((s, k) => s + k.rps, 0);
    const errors = (r) => Object.values(r).reduce((s, k) => s + k.errors, 0);
    console.log(`| all | ${total(one)} | | ${errors(one)} | ${total(two)} | | ${errors(two)} |`);
    const ok = errors(one) === 0 && errors(two) === 0;
    console.log(`Zero errors: ${ok ? "yes" : "NO"}`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/mixed.json", JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, mix: MIX, one, two, ok }, null, 2));
    return { targetsMet: ok };
  } finally {
    await Promise.all([first.stop(), second?.stop()]);
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
