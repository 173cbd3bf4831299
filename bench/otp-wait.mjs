// 200 clients wait on 200 orders (GET /api/v1/otp/orders/{id}?wait=60), then 200 Facebook letters
// are delivered over SMTP. Reports: every client answered with its code, p50/p99 from the SMTP
// server accepting a letter (250 after DATA) to its client's answer (target p99 < 1 s), and the
// database's transactions while the clients wait compared with the same time idle (pg_stat_database
// xact_commit: waiting must cost no polling). `npm run bench -- otp-wait` (PostgreSQL).
import { mkdirSync, writeFileSync } from "node:fs";
import nodemailer from "nodemailer";
import pg from "pg";
import { testApi } from "./lib.mjs";
import { startOtpMarketServer } from "./otp-market-server.mjs";

const CLIENTS = Number(process.env.BENCH_WAITERS ?? 200);
const WINDOW_MS = 5_000;

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function commits(db, name) {
  const { rows } = await db.query("select xact_commit::bigint as n from pg_stat_database where datname = $1", [name]);
  return Number(rows[0].n);
}

export async function run() {
  const server = await startOtpMarketServer("keyshop_bench_otpwait", { PUBLIC_API_RATE_LIMIT: "1000000" });
  const db = new pg.Client({ connectionString: server.database.url });
  await db.connect();
  const dbName = new URL(server.database.url).pathname.slice(1);
  try {
    const { apiKeys } = await testApi(server.url, "/api-keys/bulk", { count: CLIENTS, balanceMills: 1_000 });
    const orders = await Promise.all(
      apiKeys.map(async (key) => {
        const res = await fetch(`${server.url}/api/v1/otp/orders`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
        const { order } = await res.json();
        return { key, order };
      }),
    );

    // The database idle for a window (workers, rate-limit flushes), then with every client waiting.
    await new Promise((r) => setTimeout(r, 1000));
    const idle0 = await commits(db, dbName);
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const idle = (await commits(db, dbName)) - idle0 - 1;

    const answeredAt = new Map();
    const answers = orders.map(({ key, order }, i) =>
      fetch(`${server.url}/api/v1/otp/orders/${order.id}?wait=60`, { headers: { authorization: `Bearer ${key}` } })
        .then((r) => r.json())
        .then((body) => {
          answeredAt.set(i, performance.now());
          return body.order;
        }),
    );
    await new Promise((r) => setTimeout(r, 1000)); // every request is in and waiting
    const waiting0 = await commits(db, dbName);
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const whileWaiting = (await commits(db, dbName)) - waiting0 - 1;
    const earlyAnswers = answeredAt.size;

    const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: server.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 10 });
    const acceptedAt = new Map();
    await Promise.all(
      orders.map(({ order }, i) =>
        smtp
          .sendMail({ from: "Facebook <security@facebookmail.com>", to: order.address, subject: `FB-${10000 + i} is your Facebook confirmation code`, text: "Confirm your account." })
          .then(() => acceptedAt.set(i, performance.now())),
      ),
    );
    const results = await Promise.all(answers);
    smtp.close();
    const right = results.filter((o, i) => o?.latestCode === String(10000 + i)).length;
    const latencies = orders.map((_, i) => Math.max(0, answeredAt.get(i) - acceptedAt.get(i)));
    const result = {
      clients: CLIENTS,
      answeredWithTheirCode: right,
      answeredBeforeMail: earlyAnswers,
      p50Ms: Math.round(pct(latencies, 50)),
      p99Ms: Math.round(pct(latencies, 99)),
      maxMs: Math.round(Math.max(...latencies)),
      transactionsIdle5s: idle,
      transactionsWhileWaiting5s: whileWaiting,
    };
    console.log(`\nOTP wait on PostgreSQL: ${CLIENTS} clients waiting, then ${CLIENTS} letters over SMTP`);
    console.log("| clients | answered with their code | p50 ms | p99 ms | max ms | DB transactions in 5 s idle | in 5 s with every client waiting |");
    console.log("|---|---|---|---|---|---|---|");
    console.log(`| ${CLIENTS} | ${right} | ${result.p50Ms} | ${result.p99Ms} | ${result.maxMs} | ${idle} | ${whileWaiting} |`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/otp-wait.json", JSON.stringify(result, null, 2));
    const passed = right === CLIENTS && earlyAnswers === 0 && result.p99Ms < 1000 && whileWaiting <= idle + 2;
    return { ...result, passed };
  } finally {
    await db.end();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => process.exit(r.passed ? 0 : 1), (err) => {
    console.error(err);
    process.exit(1);
  });
}
