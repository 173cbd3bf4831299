// Admin Overview on a large shop: GET /api/admin/overview on PostgreSQL with 1,000,000 orders and
// 100,000 users, beside the spec's original statistics method measured in the same run against
// the same database: counts, paid amounts since today and since the month start fetched and added
// up in the client, and every paid amount fetched in pages of 1,000 (PostgREST's range = LIMIT /
// OFFSET) and added up in the client.
//
// The data is written with generate_series straight into a throw-away database (the server has
// created the schema and the plan catalogue first; bench/seed-sql.mjs), so seeding takes seconds.
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { ensureServerBuilt, signIn, startKeyshop, timedGets } from "./lib.mjs";
import { seedLicenses, seedOrders, seedUsers } from "./seed-sql.mjs";

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LICENCES = Math.round(USERS * 1.5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PAGE = 1000;
const TARGET_MS = 150;
const TARGET_SPEEDUP = 50;


const SEED = [
  seedUsers(USERS),
  seedOrders(ORDERS, USERS, `'BK' || i`),
  seedLicenses(LICENCES, USERS),
  `vacuum analyze "user"`,
  `vacuum analyze orders`,
  `vacuum analyze licenses`,
  `vacuum analyze sales_daily`,
];


function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { samples: sorted.length, min: sorted[0], median: at(0.5), p95: at(0.95), max: sorted.at(-1) };
}
const round = (n) => Math.round(n * 10) / 10;

async function measureOverview(url, cookie) {
  const { times, last } = await timedGets(`${url}/api/admin/overview?tz=UTC`, { headers: { cookie, "accept-encoding": "gzip" }, warmUps: 5, samples: SAMPLES, read: "json" });
  return { ...stats(times), cards: last.cards };
}

/** The spec's statistics calls, one after the other as its page made them, adding up in the client. */
async function originalMethod(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const started = performance.now();
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const users = Number((await client.query(`select count(*) as n from "user"`)).rows[0].n);
  const activeLicenses = Number((await client.query(`select count(*) as n from licenses where expire_date > $1`, [today])).rows[0].n);
  const sum = (rows) => rows.reduce((s, r) => s + Number(r.amount_mills), 0);
  const salesToday = sum((await client.query(`select amount_mills from orders where status = 'paid' and created_at >= $1`, [today])).rows);
  const salesMonth = sum((await client.query(`select amount_mills from orders where status = 'paid' and created_at >= $1`, [month])).rows);
  let allTime = 0;
  let pages = 0;
  for (let offset = 0; ; offset += PAGE) {
    const { rows } = await client.query(`select amount_mills from orders where status = 'paid' limit ${PAGE} offset ${offset}`);
    pages++;
    allTime += sum(rows);
    if (rows.length < PAGE) break;
  }
  const recent = (await client.query(`select * from orders order by created_at desc limit 40`)).rows.length;
  const ms = performance.now() - started;
  await client.end();
  return { ms, pages, figures: { users, licences: activeLicenses, salesToday, salesMonth, allTime, recent } };
}

export async function run() {
  ensureServerBuilt();
  const name = `keyshop_bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  let server;
  try {
    server = await startKeyshop({ DATABASE_URL: dbUrl.toString() });
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const seedStarted = performance.now();
    for (const statement of SEED) await db.query(statement);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const truth = (await db.query(`select sum(amount_mills) as total, count(*) as n from orders where status = 'paid'`)).rows[0];
    await db.end();
    console.log(`seeded ${USERS.toLocaleString("en-US")} users, ${ORDERS.toLocaleString("en-US")} orders (${Number(truth.n).toLocaleString("en-US")} paid), ${LICENCES.toLocaleString("en-US")} licences in ${seedSeconds.toFixed(1)} s`);

    const cookie = await signIn(server.url, { email: `bench-admin-${Date.now()}@example.com`, role: "admin" });
    const overview = await measureOverview(server.url, cookie);
    if (overview.cards.allTimeRevenueMills !== Number(truth.total)) {
      throw new Error(`overview all-time revenue ${overview.cards.allTimeRevenueMills} ≠ sum of paid orders ${truth.total}`);
    }
    console.log(`overview: median ${round(overview.median)} ms, p95 ${round(overview.p95)} ms over ${overview.samples} requests`);
    console.log(`original method: running (${Math.ceil(Number(truth.n) / PAGE)} pages of ${PAGE})…`);
    const original = await originalMethod(dbUrl.toString());
    if (original.figures.allTime !== Number(truth.total)) throw new Error(`original method summed ${original.figures.allTime} ≠ ${truth.total}`);

    const speedup = original.ms / overview.median;
    const targetsMet = overview.median < TARGET_MS && speedup >= TARGET_SPEEDUP;
    console.log(`\nAdmin overview, PostgreSQL, ${USERS.toLocaleString("en-US")} users, ${ORDERS.toLocaleString("en-US")} orders`);
    console.log("| method | median ms | p95 ms | min ms | max ms | requests |");
    console.log("|---|---:|---:|---:|---:|---:|");
    console.log(`| GET /api/admin/overview (HTTP, ${overview.samples} sequential) | ${round(overview.median)} | ${round(overview.p95)} | ${round(overview.min)} | ${round(overview.max)} | 1 |`);
    console.log(`| spec's method (SQL directly, pages of ${PAGE}) | ${round(original.ms)} | — | — | — | ${original.pages + 5} |`);
    console.log(`Speed-up: ${round(speedup)}× · all-time revenue equal in both: $${(Number(truth.total) / 1000).toFixed(2)}`);
    console.log(`Targets (overview < ${TARGET_MS} ms, ≥ ${TARGET_SPEEDUP}× faster): ${targetsMet ? "met" : "NOT met"}`);

    mkdirSync("bench/results", { recursive: true });
    writeFileSync(
      "bench/results/admin-overview.json",
      JSON.stringify(
        {
          date: new Date().toISOString(),
          users: USERS,
          orders: ORDERS,
          paidOrders: Number(truth.n),
          licences: LICENCES,
          seedSeconds: round(seedSeconds),
          overview,
          original: { ms: round(original.ms), pages: original.pages, figures: original.figures },
          speedup: round(speedup),
          targets: { overviewMs: TARGET_MS, speedup: TARGET_SPEEDUP },
          targetsMet,
        },
        null,
        2,
      ),
    );
    return { targetsMet };
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { targetsMet } = await run();
  process.exitCode = targetsMet ? 0 : 1;
}
