// The crash drill's checks (bench/crash-drill.mjs): the shop's orders, goods and queues read from
// the database, compared with what the PayWay simulator knows; the licence cache across instances.
import pg from "pg";
import { mailKey } from "./crash-drill-parts.mjs";

/** Orders by tran_id, goods given per order, the e-mails queued (by what they say), and the queues still to send. */
export async function collectShop(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: orders } = await client.query(`
      select o.tran_id, o.kind, o.status, o.refunded_mills::int as refunded, o.renew_license_id is not null as renewal,
             (select count(*) from licenses l where l.order_id = o.id)::int as licences,
             (select count(*) from balance_ledger b where b.reference = o.id::text and b.reason = 'topup')::int as credits
        from orders o`);
    const pending = async (table) => Number((await client.query(`select count(*) as n from ${table} where status = 'pending'`)).rows[0].n);
    let paid = 0;
    let wrong = 0;
    const wrongExamples = [];
    for (const o of orders) {
      const given = o.status === "paid" || o.status === "refunded" ? 1 : 0;
      paid += given;
      // A new plan's licence and a top-up's credit exist once for a paid order, never for another.
      const got = o.kind === "topup" ? o.credits : o.renewal ? 0 : o.licences;
      const want = o.kind !== "topup" && o.renewal ? 0 : given;
      if (got !== want) {
        wrong++;
        if (wrongExamples.length < 5) wrongExamples.push(o);
      }
    }
    const { rows: mails } = await client.query("select to_address, subject, text from email_outbox");
    const queuedMail = new Map();
    for (const m of mails) {
      const key = mailKey(m.to_address, m.subject, m.text);
      queuedMail.set(key, (queuedMail.get(key) ?? 0) + 1);
    }
    return {
      queuedMail,
      byTran: new Map(orders.map((o) => [o.tran_id, o])),
      goods: { orders: orders.length, paid, wrong, wrongExamples },
      outboxPending: await pending("email_outbox"),
      deliveriesPending: await pending("deliveries"),
    };
  } finally {
    await client.end();
  }
}

/** Every payment approved at PayWay is paid in the shop, and every refund there is in its refunded total. */
export function compareWithPayway(transactions, shop) {
  const missing = [];
  let approved = 0;
  let refunds = 0;
  for (const tx of transactions) {
    if (tx.status !== "APPROVED" && tx.status !== "REFUNDED") continue;
    approved++;
    refunds += tx.refunds.length;
    const order = shop.byTran.get(tx.tranId);
    if (!order || (order.status !== "paid" && order.status !== "refunded")) missing.push({ tranId: tx.tranId, payment: tx.status, shop: order?.status ?? "none" });
    const refundedAtPayway = tx.refunds.reduce((s, r) => s + r.amountMills, 0);
    if (order && order.refunded !== refundedAtPayway) missing.push({ tranId: tx.tranId, refundedAtPayway, shopRefunded: order.refunded });
  }
  return { missing, counts: { transactions: transactions.length, approved, refunds } };
}

async function validate(instance, buyKey, deviceKey) {
  const res = await fetch(`${instance.url}/api/v1/licenses/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ buyKey, deviceKey }) });
  return (await res.json()).code;
}

/** How long the observer kept answering VALID (at most 5 s looked at). */
async function staleFor(ask) {
  const started = Date.now();
  while ((await ask()) === "VALID" && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 5));
  return Date.now() - started;
}

/**
 * Licences validated (and so cached) on `observer`, then revoked, suspended and moved to another
 * device key through `actor`: the observer's very next answer must show it. Instances killed
 * in the middle (the storm's killer) make the check skipped, not failed.
 */
export async function checkLicenseCache([actor, observer], testApi, adminCookie, tag) {
  const result = { tag, actor: actor.name, observer: observer.name, answers: {}, stale: [] };
  try {
    const made = {};
    for (const action of ["revoke", "suspend", "change-key"]) {
      const deviceKey = `LDREEL-CACHE-${tag}-${action}`;
      const { id, buyKey } = await testApi(actor.url, "/licenses", {
        email: `cache-${tag}@example.com`,
        planId: "local-1m",
        deviceKey,
        startDate: new Date(Date.now() - 86_400_000).toISOString(),
        expireDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      });
      made[action] = { id, buyKey, deviceKey };
      // Twice: the second answer comes from the observer's memory.
      for (let i = 0; i < 2; i++) if ((await validate(observer, buyKey, deviceKey)) !== "VALID") throw new Error(`${action}: not VALID before the change`);
    }
    for (const action of ["revoke", "suspend"]) {
      const res = await fetch(`${actor.url}/api/admin/licenses/${made[action].id}/actions`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: actor.url, cookie: adminCookie },
        body: JSON.stringify({ action, reason: "crash drill: cache check" }),
      });
      if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
      const code = await validate(observer, made[action].buyKey, made[action].deviceKey);
      result.answers[action] = code;
      if (code === "VALID") result.stale.push({ action, forMs: await staleFor(() => validate(observer, made[action].buyKey, made[action].deviceKey)) });
    }
    const m = made["change-key"];
    const moved = await fetch(`${actor.url}/api/v1/licenses/change-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buyKey: m.buyKey, oldDeviceKey: m.deviceKey, newDeviceKey: `${m.deviceKey}-NEW` }),
    });
    if (moved.status !== 200) throw new Error(`change-key: ${moved.status} ${await moved.text()}`);
    const oldKey = await validate(observer, m.buyKey, m.deviceKey);
    const newKey = await validate(observer, m.buyKey, `${m.deviceKey}-NEW`);
    result.answers["change-key"] = { oldKey, newKey };
    if (oldKey === "VALID" || newKey !== "VALID") result.stale.push({ action: "change-key", forMs: await staleFor(() => validate(observer, m.buyKey, m.deviceKey)) });
    return result;
  } catch (err) {
    if (!actor.running || !observer.running) return { tag, skipped: "an instance was killed during the check" };
    throw err;
  }
}
