// What the benchmarks share: waiting for a server, timed GETs, the test API, a throw-away PostgreSQL database.
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_TOKEN = "bench-token";

/**
 * GETs `url` `warmUps` times unmeasured (connections, plans, caches), then `samples` times, each
 * timed until its whole body is read (`read`: "text" or "json"); a non-2xx answer throws.
 */
export async function timedGets(url, { headers, warmUps, samples, read = "text" }) {
  const get = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res[read]();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(read === "json" ? JSON.stringify(body) : body).slice(0, 300)}`);
    return { ms: performance.now() - started, body };
  };
  for (let i = 0; i < warmUps; i++) await get();
  const times = [];
  let last;
  for (let i = 0; i < samples; i++) {
    const { ms, body } = await get();
    times.push(ms);
    last = body;
  }
  return { times, last };
}

export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** POST (with a body) or GET the server's /dev/test-api (DEV_TEST_API_TOKEN=TEST_TOKEN). */
export async function testApi(url, path, body) {
  const res = await fetch(`${url}/dev/test-api${path}`, {
    method: body ? "POST" : "GET",
    headers: { "content-type": "application/json", "x-test-token": TEST_TOKEN },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A fresh database on the PostgreSQL server; `drop()` removes it (connections and all). */
export async function createBenchDatabase(prefix) {
  // Loaded here: the benchmarks without PostgreSQL (dashboard) need none of it.
  const { default: pg } = await import("pg");
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** The API needs only the server bundle; rebuilt when any server or contract source is newer. */
export function ensureServerBuilt() {
  const built = existsSync("dist/server.js") ? statSync("dist/server.js").mtimeMs : 0;
  if (built < Math.max(newestMtime("server"), newestMtime("contracts"))) {
    const r = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("server build failed");
  }
}

/** The built server on a port from `basePort` (+0–39), workers off, the test API on TEST_TOKEN. */
export async function startKeyshop(env, { basePort = 3950, nodeArgs = [] } = {}) {
  const port = basePort + Math.floor(Math.random() * 40);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    env: { ...process.env, PORT: String(port), BASE_URL: url, DEV_SMTP_PORT: String(port + 100), LOG_LEVEL: "error", WORKERS: "off", DEV_TEST_API_TOKEN: TEST_TOKEN, NODE_ENV: "development", AUTH_RATE_LIMIT: "off", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`${url}/healthz`, 120_000);
  return { url, pid: child.pid, stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }) };
}

/** The environment of a drill's instance (crash and upgrade drills): workers on, the test API, no rate limits in the way. */
export function drillEnv(databaseUrl) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    LOG_LEVEL: "error",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    WORKERS: "on",
    AUTH_RATE_LIMIT: "off",
    PUBLIC_API_RATE_LIMIT: "1000000",
    DEV_TEST_API_TOKEN: TEST_TOKEN,
  };
}

/** RFC 6238 code for a base32 secret (the admin console needs a second factor; the screenshot scripts use it too). */
export function totpCode(secret, at = Date.now()) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const key = [];
  for (const ch of secret.replace(/=+$/, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", Buffer.from(key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const cookiesOf = (res) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

/** Signs in (creating the user through the test API), passing an admin's second factor: the cookie header. */
export async function signIn(url, { email, role, superAdmin }) {
  const password = "correct horse battery 9";
  // A kept database already has the customer.
  const created = await testApi(url, "/users", { email, password, role, superAdmin }).catch((err) => {
    if (role === "admin") throw err;
    return null;
  });
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  if (!body.twoFactorRedirect) return cookiesOf(res).join("; ");
  const verified = await fetch(`${url}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie: cookiesOf(res).join("; ") },
    body: JSON.stringify({ code: totpCode(created.totpSecret) }),
  });
  if (!verified.ok) throw new Error(`second factor failed: ${verified.status} ${await verified.text()}`);
  return cookiesOf(verified).join("; ");
}
