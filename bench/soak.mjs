// Soak: ten minutes (BENCH_SOAK_MINUTES) of mixed valid and invalid traffic against the built
// server as `npm start` runs it (embedded PGlite), reporting every minute the server's resident
// memory and that minute's p99. Invalid traffic is what an outside test sent (issue #13): deeply
// nested JSON, NUL characters, wrong content types and oversized bodies, at the auth routes and the
// API, beside landing pages, the plan list, licence checks and failed sign-ins.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { TEST_TOKEN, testApi, waitFor } from "./lib.mjs";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const CONNECTIONS = 20;
const LICENCES = 2_000;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024);
}

async function startKeyshop() {
  if (!existsSync("dist/server.js")) throw new Error("build first: npm run build");
  const port = 4100 + Math.floor(Math.random() * 50);
  const dataDir = mkdtempSync(path.join(tmpdir(), "keyshop-soak-"));
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, PORT: String(port), DEV_SMTP_PORT: String(port + 100), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error", TRUST_PROXY: "on", DEV_TEST_API_TOKEN: TEST_TOKEN, NODE_ENV: "development" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return {
    url,
    // The shop's own address (BASE_URL's default), as its pages send it.
    origin: `http://localhost:${port}`,
    pid: child.pid,
    stop: async () => {
      await new Promise((r) => {
        child.once("exit", r);
        child.kill("SIGTERM");
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The mix: about half valid, half invalid, in a fixed rotation. */
function requests({ buyKeys, deviceKeys }, origin) {
  const deep = `${'{"a":'.repeat(40_000)}1${"}".repeat(40_000)}`;
  const nul = JSON.stringify({ email: `a${"\u0000".repeat(20_000)}@example.com`, password: "x".repeat(20_000) });
  const oversized = JSON.stringify({ email: "a@example.com", password: "y".repeat(300_000) });
  const json = { "content-type": "application/json", origin };
  let i = 0;
  const mix = [
    () => ({ method: "GET", path: "/" }),
    () => ({ method: "GET", path: "/api/plans" }),
    () => {
      const k = i % buyKeys.length;
      return { method: "POST", path: "/api/v1/licenses/validate", headers: { ...json, "x-forwarded-for": `10.5.${(k >> 8) & 255}.${k & 255}` }, body: JSON.stringify({ protocol: 2, buyKey: buyKeys[k], deviceKey: deviceKeys[k], nonce: `soak-nonce-${String(i).padStart(10, "0")}` }) };
    },
    () => ({ method: "POST", path: "/api/auth/sign-in/email", headers: { ...json, "x-forwarded-for": `10.6.${(i >> 8) & 255}.${i & 255}` }, body: JSON.stringify({ email: `nobody${i % 500}@example.com`, password: "wrong password!" }) }),
    () => ({ method: "POST", path: "/api/auth/sign-in/email", headers: json, body: deep }),
    () => ({ method: "POST", path: "/api/auth/sign-up/email", headers: json, body: nul }),
    () => ({ method: "POST", path: "/api/v1/licenses/validate", headers: { ...json, "content-type": "text/plain" }, body: "x".repeat(100_000) }),
    () => ({ method: "POST", path: "/api/auth/sign-in/email", headers: json, body: oversized }),
    () => ({ method: "POST", path: "/api/v1/licenses/validate", headers: json, body: deep }),
    () => ({ method: "GET", path: "/no-such-page" }),
  ];
  return [{ method: "GET", path: "/", setupRequest: (req) => ({ ...req, ...mix[i++ % mix.length]() }) }];
}

export async function run() {
  const server = await startKeyshop();
  try {
    const seeded = await testApi(server.url, "/licenses/bulk", { email: "soak@example.com", planId: "local-1m", count: LICENCES });
    const reqs = requests(seeded, server.origin);
    const rows = [];
    const start = rssMb(server.pid);
    console.log(`\nSoak: ${MINUTES} min, ${CONNECTIONS} connections, mixed valid and invalid requests; server RSS at start ${start} MB`);
    console.log("| minute | requests | req/s | p50 ms | p99 ms | 5xx | RSS MB |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    for (let minute = 1; minute <= MINUTES; minute++) {
      const r = await autocannon({ url: server.url, connections: CONNECTIONS, duration: 60, requests: reqs, pipelining: 1 });
      const row = { minute, requests: r.requests.total, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, fivexx: r["5xx"] ?? 0, errors: r.errors + r.timeouts, rss: rssMb(server.pid) };
      rows.push(row);
      console.log(`| ${minute} | ${row.requests} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.fivexx} | ${row.rss} |`);
    }
    const growth = rows.at(-1).rss - rows[0].rss;
    const summary = { date: new Date().toISOString(), minutes: MINUTES, connections: CONNECTIONS, startRssMb: start, rows, growthAfterFirstMinuteMb: growth, any5xx: rows.some((r) => r.fivexx > 0) };
    console.log(`RSS after minute 1: ${rows[0].rss} MB, after minute ${MINUTES}: ${rows.at(-1).rss} MB (${growth >= 0 ? "+" : ""}${growth} MB); 5xx: ${summary.any5xx ? "some" : "none"}`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/soak.json", JSON.stringify(summary, null, 2));
    return { targetsMet: !summary.any5xx };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
