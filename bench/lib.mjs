// What the benchmarks share: waiting for a server, the test API, a throw-away PostgreSQL database.
import pg from "pg";

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_TOKEN = "bench-token";

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
