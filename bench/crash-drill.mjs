// The crash drill (issue #32 item 4, decision 069): two built instances on one PostgreSQL
// database with the PayWay simulator, a storm of purchases (checkouts paid at the simulator, their
// callbacks sometimes lost), renewals, admin refunds and OTP orders through both, while one
// instance at a time is SIGKILLed at random moments and restarted. Then, with the reconciler left
// to run on its own timers: the ledger is exact, every payment and refund PayWay knows of is
// recorded in the shop (and how long that took), no e-mail or webhook arrived twice beyond the
// at-least-once rule, and a licence revoked, suspended or moved on one instance is never answered
// from the other's cache. `npm run bench -- crash-drill`; DRILL_SECONDS (default 90), DRILL_KILLS
// (default 4), DRILL_SETTLE_MINUTES (how long the checks may wait, default 6).
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createBenchDatabase, drillEnv, ensureServerBuilt, signIn, testApi } from "./lib.mjs";
import { DrillInstance, duplicates, startMailPeer, startSimulator, startWebhookReceiver } from "./crash-drill-parts.mjs";
import { checkLicenseCache, collectShop, compareWithPayway } from "./crash-drill-checks.mjs";

const SECONDS = Number(process.env.DRILL_SECONDS ?? 90);
const KILLS = Number(process.env.DRILL_KILLS ?? 4);
const SETTLE_MS = Number(process.env.DRILL_SETTLE_MINUTES ?? 6) * 60_000;
const BASE = Number(process.env.DRILL_PORT ?? 3510); // 3510–3561
const USERS = 12; // checkouts are limited to 30 a minute per customer
const WORKERS = 8;
const MERCHANT = "ec000drill";
const PAYWAY_KEY = "crash-drill-payway-key";
const PLANS = ["local-1m", "local-3m", "foreign-1m"];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

export async function run() {
  ensureServerBuilt();
  const keys = generateKeyPairSync("rsa", { modulusLength: 1024, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  const database = await createBenchDatabase("keyshop_crash_drill");
  const sim = await startSimulator(BASE + 10, { [MERCHANT]: { apiKey: PAYWAY_KEY, currencies: ["USD"], whitelist: ["127.0.0.1"], rsaPrivateKey: keys.privateKey } });
  const peers = [await startMailPeer(BASE + 20), await startMailPeer(BASE + 21)];
  const hooks = await startWebhookReceiver(BASE + 30);
  const env = (i) => ({
    ...drillEnv(database.url),
    DEV_SMTP_PORT: String(BASE + 40 + i),
    SMTP_URL: `smtp://127.0.0.1:${peers[i].port}`,
    PAYWAY_BASE_URL: sim.url,
    PAYWAY_MERCHANT_ID: MERCHANT,
    PAYWAY_API_KEY: PAYWAY_KEY,
    PAYWAY_RSA_PUBLIC_KEY: keys.publicKey,
  });
  const instances = [new DrillInstance("A", BASE, env(0)), new DrillInstance("B", BASE + 1, env(1))];
  const [a, b] = instances;
  const stats = { checkouts: 0, approved: 0, callbacksLost: 0, renewals: 0, refunds: 0, refundsRefused: 0, otpOrders: 0, otpReplays: 0, cutByKill: 0, serverErrors: 0, restartMs: [] };
  try {
    const firstStartMs = [await a.start(), await b.start()]; // migrations by the first

    const live = () => instances.filter((i) => i.running);
    const admin = await signIn(a.url, { email: "drill-admin@example.com", role: "admin", superAdmin: true });
    const hook = await fetch(`${a.url}/api/admin/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url, cookie: admin },
      body: JSON.stringify({ url: hooks.url, description: "crash drill", events: ["order.paid", "order.refunded", "licence.created", "licence.extended"] }),
    });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const email = `drill-${i}@example.com`;
      const cookie = await signIn(pick(instances).url, { email });
      const { id } = await testApi(a.url, "/licenses", { email, planId: "local-1m", deviceKey: `LDREEL-DRILL-${i}`, startDate: new Date(Date.now() - 86_400_000).toISOString(), expireDate: new Date(Date.now() + 5 * 86_400_000).toISOString() });
      users.push({ email, cookie, licenceId: id });
    }
    const { apiKeys } = await testApi(a.url, "/api-keys/bulk", { count: 4, balanceMills: 50_000_000 });

    /** A request through a live instance, as a proxy sends it; a connection cut by a kill is counted, not retried. */
    const call = async (path, { method = "POST", body, cookie, headers = {} } = {}) => {
      const via = pick(live());
      if (!via) return null;
      try {
        const res = await fetch(`${via.url}${path}`, {
          method,
          headers: { "content-type": "application/json", origin: via.url, ...(cookie ? { cookie } : {}), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (res.status >= 500) stats.serverErrors++;
        return { status: res.status, body: await res.json().catch(() => null) };
      } catch {
        stats.cutByKill++;
        return null;
      }
    };
    /** Opens the checkout at PayWay and pays it; a third of the callbacks are lost (left to the reconciler). */
    const pay = async (checkout) => {
      if (!checkout) return;
      const opened = await fetch(checkout.action, { method: "POST", body: new URLSearchParams({ ...checkout.fields, is_plugin_js: "true" }) });
      await opened.body?.cancel();
      if (Math.random() < 0.2) return; // abandoned at PayWay
      const lose = Math.random() < 0.33;
      const res = await fetch(`${sim.url}/__sim/transactions/${checkout.fields.tran_id}/approve`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(lose ? { callback: { mode: "lose" } } : {}) });
      if (res.ok) {
        stats.approved++;
        if (lose) stats.callbacksLost++;
      }
    };
    const paidOrders = [];
    const actions = {
      async purchase() {
        const u = pick(users);
        const body = Math.random() < 0.3 ? { kind: "topup", amountMills: 1000 + Math.floor(Math.random() * 100) * 10 } : { kind: "plan", planId: pick(PLANS) };
        const res = await call("/api/orders/checkout", { body, cookie: u.cookie });
        if (res?.status !== 201) return;
        stats.checkouts++;
        await pay(res.body.checkout);
        paidOrders.push(res.body.order.id);
      },
      async renewal() {
        const u = pick(users);
        const res = await call(`/api/licenses/${u.licenceId}/renew`, { body: { planId: "local-1m" }, cookie: u.cookie });
        if (res?.status !== 201) return;
        stats.renewals++;
        await pay(res.body.checkout);
        paidOrders.push(res.body.order.id);
      },
      async refund() {
        const id = paidOrders.length > 5 ? paidOrders.splice(Math.floor(Math.random() * (paidOrders.length - 3)), 1)[0] : undefined;
        if (!id) return;
        const res = await call(`/api/admin/orders/${id}/refunds`, { body: { reason: "crash drill" }, cookie: admin });
        if (res?.status === 201) stats.refunds++;
        else if (res) stats.refundsRefused++; // not paid (yet, or at all), or already refunded
      },
      async otp() {
        const key = pick(apiKeys);
        const idem = `drill-${Date.now()}-${Math.random()}`;
        const headers = { authorization: `Bearer ${key}`, "idempotency-key": idem };
        let res = await call("/api/v1/otp/orders", { headers });
        if (!res) {
          stats.otpReplays++; // cut off by a kill: the client sends it again with the same key
          res = await call("/api/v1/otp/orders", { headers });
        }
        if (res?.status === 201 || res?.status === 200) stats.otpOrders++;
      },
    };
    const weights = [["purchase", 4], ["renewal", 2], ["refund", 2], ["otp", 3]];
    const deck = weights.flatMap(([name, n]) => Array(n).fill(name));

    // The killer: KILLS times at random moments, one instance at a time, restarted 1–3 s later.
    const killAt = Array.from({ length: KILLS }, () => 5_000 + Math.random() * (SECONDS * 1000 - 15_000)).sort((x, y) => x - y);
    const stormEnds = Date.now() + SECONDS * 1000;
    const killer = (async () => {
      const t0 = Date.now();
      for (const at of killAt) {
        await sleep(Math.max(0, t0 + at - Date.now()));
        while (live().length < 2) await sleep(200);
        const victim = pick(instances);
        await victim.kill();
        await sleep(1000 + Math.random() * 2000);
        stats.restartMs.push(await victim.start());
      }
    })();
    const cacheChecks = [];
    let nextCacheCheck = 0;
    const storm = Array.from({ length: WORKERS }, async (_, w) => {
      while (Date.now() < stormEnds) {
        if (w === 0 && live().length === 2 && Date.now() >= nextCacheCheck) {
          nextCacheCheck = Date.now() + 10_000;
          const pair = Math.random() < 0.5 ? [a, b] : [b, a];
          cacheChecks.push(await checkLicenseCache(pair, testApi, admin, `storm-${cacheChecks.length}`).catch((err) => ({ error: err.message })));
        }
        await actions[pick(deck)]().catch(() => stats.cutByKill++);
      }
    });
    const stormStarted = Date.now();
    await Promise.all([...storm, killer]);
    const stormSeconds = (Date.now() - stormStarted) / 1000;

    // After the storm: the last kill's restart is in; the surviving instance is checked once more.
    const survivor = pick(instances);
    const other = instances.find((i) => i !== survivor);
    await other.kill();
    stats.restartMs.push(await other.start());
    cacheChecks.push(await checkLicenseCache([other, survivor], testApi, admin, "after-restart"));

    // Let the reconciler and the outboxes run on their own timers until the shop agrees with PayWay.
    const settleStarted = Date.now();
    let comparison;
    let shop;
    for (;;) {
      shop = await collectShop(database.url);
      comparison = compareWithPayway((await (await fetch(`${sim.url}/__sim/transactions`)).json()).transactions, shop);
      const drained = shop.outboxPending === 0 && shop.deliveriesPending === 0;
      if ((comparison.missing.length === 0 && drained) || Date.now() - settleStarted > SETTLE_MS) break;
      await sleep(2000);
    }
    const settleSeconds = Math.round((Date.now() - settleStarted) / 1000);
    const ledger = await testApi(a.url, "/ledger-check");
    const kills = instances.flatMap((i) => i.kills);
    const mail = duplicates(peers.flatMap((p, i) => p.received.map((m) => ({ ...m, sender: i }))), (m) => m.key, (m) => instances[m.sender].kills, { rowsOf: (key) => shop.queuedMail.get(key) ?? 0 });
    const webhooks = duplicates(hooks.received, (h) => h.id, () => kills);
    const stale = cacheChecks.flatMap((c) => c.stale ?? []);
    const staleAnswers = stale.length;
    const cacheErrors = cacheChecks.filter((c) => c.error);

    const report = {
      date: new Date().toISOString(),
      stormSeconds: Math.round(stormSeconds),
      kills: { total: kills.length, A: a.kills.length, B: b.kills.length, firstStartMs, restartMs: stats.restartMs, killedAt: kills.map((k) => new Date(k).toISOString()) },
      traffic: stats,
      payway: comparison.counts,
      recordedWithinSeconds: settleSeconds,
      missing: comparison.missing.slice(0, 10),
      ledgerMismatches: ledger.mismatches.length,
      goods: shop.goods,
      mail: { received: peers.reduce((n, p) => n + p.received.length, 0), ...mail },
      webhooks: { received: hooks.received.length, ...webhooks },
      licenceCache: { checks: cacheChecks.filter((c) => !c.skipped).length, staleAnswers, staleForMsMax: Math.max(0, ...stale.map((x) => x.forMs)), errors: cacheErrors.length, sample: cacheChecks.at(-1) },
    };
    const ok =
      kills.length >= KILLS &&
      comparison.missing.length === 0 &&
      ledger.mismatches.length === 0 &&
      shop.goods.wrong === 0 &&
      mail.unexplained === 0 &&
      webhooks.unexplained === 0 &&
      staleAnswers === 0 &&
      cacheErrors.length === 0 &&
      stats.serverErrors === 0;
    printReport(report, ok);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/crash-drill.json", JSON.stringify({ ...report, ok }, null, 2));
    return { targetsMet: ok };
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await sim.close();
    await Promise.all([...peers.map((p) => p.close()), hooks.close()]);
    await database.drop();
  }
}

function printReport(r, ok) {
  const t = r.traffic;
  console.log(`\nCrash drill: ${r.stormSeconds} s of storm on two instances, ${r.kills.total} SIGKILLs (A ${r.kills.A}, B ${r.kills.B}), restarts took ${r.kills.restartMs.join(", ")} ms (first starts ${r.kills.firstStartMs.join(", ")} ms)`);
  console.log(`  traffic: ${t.checkouts} checkouts + ${t.renewals} renewals (${t.approved} paid at PayWay, ${t.callbacksLost} callbacks lost), ${t.refunds} admin refunds (${t.refundsRefused} refused), ${t.otpOrders} OTP orders (${t.otpReplays} replayed after a cut), ${t.cutByKill} requests cut by a kill, ${t.serverErrors} 5xx`);
  console.log(`  PayWay vs shop: ${r.payway.approved} payments, ${r.payway.refunds} refunds at PayWay; all recorded after ${r.recordedWithinSeconds} s; missing ${r.missing.length}`);
  console.log(`  ledger: ${r.ledgerMismatches} mismatches; goods: ${r.goods.paid} paid orders, ${r.goods.wrong} with goods not exactly once`);
  console.log(`  e-mail: ${r.mail.received} received, ${r.mail.distinct} distinct, ${r.mail.explained} repeated by the at-least-once rule, ${r.mail.unexplained} beyond it`);
  console.log(`  webhooks: ${r.webhooks.received} received, ${r.webhooks.distinct} distinct, ${r.webhooks.explained} repeated by the rule, ${r.webhooks.unexplained} beyond it`);
  console.log(`  licence cache: ${r.licenceCache.checks} revoke/suspend/change-key checks across instances, ${r.licenceCache.staleAnswers} stale answers (stale for ≤ ${r.licenceCache.staleForMsMax} ms), ${r.licenceCache.errors} errors`);
  if (r.missing.length) console.log(`  missing: ${JSON.stringify(r.missing)}`);
  if (r.mail.unexplained || r.webhooks.unexplained) console.log(`  repeated beyond the rule: ${JSON.stringify({ mail: r.mail.examples, webhooks: r.webhooks.examples, kills: r.kills.killedAt })}`);
  if (r.goods.wrong) console.log(`  goods not exactly once: ${JSON.stringify(r.goods.wrongExamples)}`);
  console.log(`All checks: ${ok ? "passed" : "FAILED"}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
