// The Gmail OTP list's search (decision 059): a term matches the mailbox (before the '@'), the
// domain or the site, and one that matches more than EXACT_COUNT_LIMIT orders is totalled from the
// otp_totals rollup plus the orders matched through their mailbox alone. Every answer must equal a
// plain SQL sum over `address ILIKE term OR service ILIKE term`, after inserts, status changes,
// moved addresses and deletes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { EXACT_COUNT_LIMIT } from "../../db/paging";
import { queryRows } from "../../db/sql-array";
import { createTestDatabase } from "../../test/db";
import { ensureApiKey } from "../balance/service";
import { listOtpTransactions } from "./otp-transactions";
import { insertUser } from "./test-seed";

let database: Database;
const WIDE = EXACT_COUNT_LIMIT + 3000;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const u = await insertUser(db);
  const key = await ensureApiKey({ db, secret: "x".repeat(32), userId: u.id });
  // 13,000 orders on three domains (most on gmail.com) and three sites, every status; a few
  // mailboxes hold "gmail" themselves (found through the mailbox, not the rollup).
  await db.execute(sql`
    insert into otp_mail_orders (user_id, api_key_id, address, supplier, supplier_ref, service, price_mills, cost_mills, codes, status, balance_before_mills, balance_after_mills, created_at, expires_at)
    select ${u.id}, ${key.id}::uuid,
      case when i % 97 = 0 then 'gmailfan' || i else 'box' || i end || '@' || case when i % 10 < 8 then 'gmail.com' when i % 10 = 8 then 'Outlook.com' else 'otp.keyshop.local' end,
      'test', 'R' || i, (array['facebook','instagram','tiktok'])[1 + i % 3], 40 + i % 9, 38,
      '', (array['success','success','failed','pending'])[1 + i % 4], 1000, 955,
      timestamptz '2026-03-01' + i * interval '1 minute', timestamptz '2026-03-01' + i * interval '1 minute' + interval '20 minutes'
    from generate_series(1, ${WIDE}) i`);
  await db.execute(sql`update otp_mail_orders set status = 'success', cost_mills = 41 where supplier_ref in ('R4', 'R8')`);
  await db.execute(sql`update otp_mail_orders set address = 'moved7@elsewhere.test', service = 'telegram' where supplier_ref = 'R7'`);
  await db.execute(sql`delete from otp_mail_orders where supplier_ref in ('R10', 'R194')`);
}, 120_000);
afterAll(() => database.close());

const escape = (term: string) => term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`);

async function truth(term: string) {
  const pattern = `%${escape(term)}%`;
  const [row] = await queryRows<{ n: string; spent: string; revenue: string; successes: string }>(
    database.db,
    sql`select count(*) as n,
          coalesce(sum(price_mills) filter (where status <> 'failed'), 0) as spent,
          coalesce(sum(price_mills - cost_mills) filter (where status = 'success'), 0) as revenue,
          count(*) filter (where status = 'success') as successes
        from otp_mail_orders where address ilike ${pattern} or service ilike ${pattern}`,
  );
  const ids = await queryRows<{ id: string }>(
    database.db,
    sql`select id from otp_mail_orders where address ilike ${pattern} or service ilike ${pattern} order by created_at desc, id desc limit 20`,
  );
  return { n: Number(row!.n), spent: Number(row!.spent), revenue: Number(row!.revenue), successes: Number(row!.successes), ids: ids.map((r) => r.id) };
}

describe("Gmail OTP search", () => {
  it("totals exactly whether the term names a site, a domain or a mailbox, few matches or most", async () => {
    for (const term of ["gmail", "GMAIL.COM", "box", "outlook", "keyshop", "mail", "facebook", "TOK", "box12", "gmailfan", "moved7", "elsewhere", "nothing-here", "box1@gm", "@outlook.com", "x12@"]) {
      const want = await truth(term);
      const got = await listOtpTransactions(database.db, { search: term, page: 1, pageSize: 20 });
      expect([got.total, got.totalSpentMills, got.totalRevenueMills, got.successCount], term).toEqual([want.n, want.spent, want.revenue, want.successes]);
      expect(got.orders.map((o) => o.id), term).toEqual(want.ids);
    }
    // Some of them are past the exact-collection limit: the rollup answered those.
    for (const term of ["gmail", "mail", "box"]) expect((await truth(term)).n, term).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("a term without an '@' is served by the mailbox and site indexes (sequential scans forbidden)", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select 1 from otp_mail_orders where split_part(address, '@', 1) ilike '%nosuchbox%' or service ilike '%nosuchbox%'`,
      );
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("otp_mail_orders_mailbox_trgm_idx");
    expect(plan).toContain("otp_mail_orders_service_trgm_idx");
  });
});
