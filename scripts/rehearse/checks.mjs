// The rehearsal's end checks (npm run rehearse), asked of the database, of PayWay (the simulator's
// own record of every transaction) and of the mail sink: each returns { ok, detail }.
import pg from "pg";
import { waitUntil } from "./stack.mjs";

/** PayWay's status for each of the shop's order statuses. */
const PAYWAY_STATUS = { pending: ["PENDING"], paid: ["APPROVED"], refunded: ["REFUNDED"], failed: ["DECLINED"], cancelled: ["CANCELLED", "PENDING"] };
const dollarsToMills = (amount) => Math.round(Number(amount) * 1000);
const normalise = (text) => text.replace(/\r\n/g, "\n").trim();

/** Until no e-mail is waiting to be sent or to be recorded as sent (20 s at most). */
async function outboxDrained(db) {
  await waitUntil("the outbox to drain", 20_000, async () => (await db.query("select count(*)::int as n from email_outbox where status = 'pending'")).rows[0].n === 0);
}

/**
 * Waits until the outbox is drained, on a connection of its own: the moment to kill an instance
 * without interrupting a send (an e-mail accepted by the relay but not yet recorded as sent is
 * sent again once the dead instance's claim lapses, two minutes later: the outbox's documented
 * at-least-once case, which the crash drill covers and the rehearsal does not wait for).
 */
export async function waitForQuietOutbox(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await outboxDrained(db);
  } finally {
    await db.end();
  }
}

async function ledger(db) {
  const { rows: [totals] } = await db.query("select (select count(*) from api_keys)::int as keys, (select count(*) from balance_ledger)::int as rows");
  const { rows } = await db.query(`
    select k.id, k.balance_mills::text as balance, coalesce(sum(l.delta_mills), 0)::text as ledger
      from api_keys k left join balance_ledger l on l.api_key_id = k.id
     group by k.id, k.balance_mills having k.balance_mills <> coalesce(sum(l.delta_mills), 0)`);
  if (totals.keys === 0) return { ok: false, detail: "no balance at all: nothing was checked" };
  if (rows.length) return { ok: false, detail: `balances off their ledger: ${rows.map((r) => `${r.id} ${r.balance} ≠ ${r.ledger}`).join(", ")}` };
  return { ok: true, detail: `${totals.keys} balance(s) equal the sum of their ${totals.rows} ledger rows` };
}

async function ordersAgainstPayments(db, client, paywayUrl, expectedOrders) {
  const { transactions } = (await client.expect(200, "GET", `${paywayUrl}/__sim/transactions`)).json();
  const byTran = new Map(transactions.map((t) => [t.tranId, t]));
  const { rows: orders } = await db.query(`
    select o.id, o.tran_id, o.kind, o.status, o.amount_mills::int as amount, o.refunded_mills::int as refunded,
           (select count(*) from licenses l where l.order_id = o.id)::int as licences,
           (select count(*) from balance_ledger b where b.reference = o.id::text and b.reason = 'topup')::int as credits,
           (select coalesce(sum(r.amount_mills), 0) from refunds r where r.order_id = o.id)::int as refund_rows
      from orders o order by o.created_at`);
  const problems = [];
  if (orders.length !== expectedOrders) problems.push(`${orders.length} orders, the walk made ${expectedOrders}`);
  for (const o of orders) {
    const tx = byTran.get(o.tran_id);
    byTran.delete(o.tran_id);
    if (!tx) {
      problems.push(`order ${o.tran_id} (${o.status}) unknown to PayWay`);
      continue;
    }
    if (!PAYWAY_STATUS[o.status]?.includes(tx.status)) problems.push(`order ${o.tran_id} is ${o.status}, PayWay says ${tx.status}`);
    if (dollarsToMills(tx.amount) !== o.amount) problems.push(`order ${o.tran_id}: ${o.amount} mills, PayWay charged ${tx.amount}`);
    const refundedAtPayway = tx.refunds.reduce((n, r) => n + r.amountMills, 0);
    if (refundedAtPayway !== o.refunded || o.refund_rows !== o.refunded) problems.push(`order ${o.tran_id}: refunded ${o.refunded} mills (refund rows ${o.refund_rows}), PayWay refunded ${refundedAtPayway}`);
    const delivered = o.status === "paid" || o.status === "refunded" ? 1 : 0;
    if (o.kind === "plan" && o.licences !== delivered) problems.push(`plan order ${o.tran_id} (${o.status}) has ${o.licences} licences`);
    if (o.kind === "topup" && o.credits !== delivered) problems.push(`top-up ${o.tran_id} (${o.status}) credited ${o.credits} times`);
  }
  for (const tx of byTran.values()) problems.push(`PayWay transaction ${tx.tranId} (${tx.status}) has no order`);
  const summary = orders.map((o) => `${o.kind} ${o.status}`).join(", ");
  return problems.length ? { ok: false, detail: problems.join("; ") } : { ok: true, detail: `${orders.length} orders match PayWay's ${transactions.length} transactions (${summary}); goods once each` };
}

async function emailsOnce(db, mailbox) {
  // Whatever the outbox still had to send is sent within seconds by the surviving instance.
  await outboxDrained(db).catch(() => undefined);
  const { rows: outbox } = await db.query("select to_address, subject, text, status from email_outbox order by created_at");
  const received = await mailbox.all();
  const keyOf = (to, subject, text) => `${to.toLowerCase()}\n${subject}\n${normalise(text)}`;
  const copies = new Map();
  for (const m of received) copies.set(keyOf(m.to, m.subject, m.text), (copies.get(keyOf(m.to, m.subject, m.text)) ?? 0) + 1);
  const problems = [];
  for (const row of outbox) {
    const n = copies.get(keyOf(row.to_address, row.subject, row.text)) ?? 0;
    if (row.status !== "sent") problems.push(`"${row.subject}" to ${row.to_address} is ${row.status}`);
    if (n !== 1) problems.push(`"${row.subject}" to ${row.to_address} arrived ${n} times`);
  }
  const queued = new Set(outbox.map((r) => keyOf(r.to_address, r.subject, r.text)));
  for (const m of received) if (!queued.has(keyOf(m.to, m.subject, m.text))) problems.push(`"${m.subject}" to ${m.to} arrived but was never queued`);
  const bySubject = new Map();
  for (const m of received) bySubject.set(`${m.to}: ${m.subject}`, (bySubject.get(`${m.to}: ${m.subject}`) ?? 0) + 1);
  const list = [...bySubject].map(([k, n]) => `    ${n}× ${k}`).join("\n");
  return problems.length
    ? { ok: false, detail: `${problems.join("; ")}\n${list}` }
    : { ok: true, detail: `${outbox.length} queued, ${received.length} received, each exactly once:\n${list}` };
}

function noServerErrors(seen) {
  const bad = seen.filter((r) => r.status === null || r.status >= 500);
  if (bad.length) return { ok: false, detail: bad.map((r) => `${r.step}: ${r.method} ${r.path} → ${r.status ?? r.error}`).join("; ") };
  return { ok: true, detail: `${seen.length} requests, none answered 5xx or left unanswered` };
}

/** Every check, in order; a check that throws is a failed check. */
export async function runChecks({ stack, client, mailbox, expectedOrders }) {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const checks = [
    ["ledger: every balance equals its ledger rows", () => ledger(db)],
    ["orders vs payments: the shop's orders against PayWay's record", () => ordersAgainstPayments(db, client, stack.paywayUrl, expectedOrders)],
    ["e-mails: each queued e-mail received once, nothing else", () => emailsOnce(db, mailbox)],
    ["no 5xx: every answer the walk saw", () => noServerErrors(client.seen)],
  ];
  const results = [];
  try {
    for (const [name, check] of checks) {
      client.setStep(`check: ${name}`);
      const result = await Promise.resolve().then(check).catch((err) => ({ ok: false, detail: err.message }));
      results.push({ name, ...result });
    }
  } finally {
    await db.end();
  }
  return results;
}
