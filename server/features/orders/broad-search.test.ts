// An admin's search that matches more than EXACT_COUNT_LIMIT orders (decision 059): its exact count
// and 'Total Amount Paid' come from order_email_totals plus the orders matched only by their buy key
// or payment reference, and must equal a plain SQL sum over the same matches, after inserts, status
// changes, refunds, e-mail changes and deletes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { EXACT_COUNT_LIMIT } from "../../db/paging";
import { queryRows } from "../../db/sql-array";
import { createTestDatabase } from "../../test/db";
import { SUPER_ADMIN_CALLER } from "../admin/test-seed";
import { listOrders } from "./queries";

let database: Database;
const admin = SUPER_ADMIN_CALLER;
const WIDE = EXACT_COUNT_LIMIT + 300;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // 10,300 orders of 250 customers (some e-mails in capitals), every status, some refunded.
  await db.execute(sql`
    insert into orders (tran_id, kind, email, amount_mills, refunded_mills, status, created_at, updated_at, paid_at, fulfilment)
    select 'W' || i, 'topup', case when i % 7 = 0 then 'Wide' || (i % 250) || '@Broad.Test' else 'wide' || (i % 250) || '@broad.test' end,
      1000 + i % 97, case when i % 11 = 0 then 300 else 0 end,
      (array['paid','paid','pending','failed','cancelled','refunded'])[1 + i % 6],
      timestamptz '2026-01-01' + i * interval '1 minute', now(), timestamptz '2026-01-01' + i * interval '1 minute',
      case when i % 3 = 0 then jsonb_build_object('buyKey', 'KS-' || lpad(i::text, 5, '0')) end
    from generate_series(1, ${WIDE}) i`);
  // Orders of other customers found only by their buy key ("…BROAD…") or payment reference.
  await db.execute(sql`
    insert into orders (tran_id, kind, email, amount_mills, status, created_at, updated_at, paid_at, fulfilment)
    select 'BROADREF' || i, 'topup', 'other' || i || '@example.com', 5000 + i, case when i % 2 = 0 then 'paid' else 'pending' end,
      timestamptz '2026-02-01' + i * interval '1 minute', now(), timestamptz '2026-02-01' + i * interval '1 minute',
      jsonb_build_object('buyKey', 'KS-BROAD-' || i)
    from generate_series(1, 40) i`);
  // The rollup follows changes: paid → refunded in part, a moved e-mail, a deleted order.
  await db.execute(sql`update orders set refunded_mills = 500 where tran_id in ('W2', 'W8')`);
  await db.execute(sql`update orders set status = 'paid', paid_at = created_at where tran_id = 'W3'`);
  await db.execute(sql`update orders set email = 'moved@elsewhere.test' where tran_id = 'W14'`);
  await db.execute(sql`update orders set email = 'Wide1@broad.test' where tran_id = 'BROADREF1'`);
  await db.execute(sql`delete from orders where tran_id in ('W20', 'BROADREF2')`);
}, 120_000);
afterAll(() => database.close());

const escape = (term: string) => term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`);

async function truth(term: string, status?: string) {
  const pattern = `%${escape(term)}%`;
  const [row] = await queryRows<{ n: string; paid: string }>(
    database.db,
    sql`select count(*) as n, coalesce(sum(amount_mills - refunded_mills) filter (where status = 'paid'), 0) as paid from orders
        where (email ilike ${pattern} or (fulfilment ->> 'buyKey') ilike ${pattern} or tran_id in (${term.trim()}, ${term.trim().toUpperCase()}))
          and (${status ?? null}::text is null or status = ${status ?? null})`,
  );
  const ids = await queryRows<{ id: string }>(
    database.db,
    sql`select id from orders where (email ilike ${pattern} or (fulfilment ->> 'buyKey') ilike ${pattern} or tran_id in (${term.trim()}, ${term.trim().toUpperCase()}))
          and (${status ?? null}::text is null or status = ${status ?? null}) order by created_at desc, id desc limit 25`,
  );
  return { n: Number(row!.n), paid: Number(row!.paid), ids: ids.map((r) => r.id) };
}

describe("a search matching more than EXACT_COUNT_LIMIT orders", () => {
  it("totals exactly, any case, with or without a status, and lists the newest matches first", async () => {
    for (const term of ["broad", "BROAD", "broad.test", "@Broad.", "ide1", "road"]) {
      for (const status of [undefined, "paid", "refunded", "pending"] as const) {
        const want = await truth(term, status);
        const got = await listOrders(database.db, admin, { search: term, status, page: 1, pageSize: 25 });
        expect([got.total, got.totalIsEstimate, got.totalPaidMills], `"${term}" ${status ?? "all"}`).toEqual([want.n, false, want.paid]);
        expect(got.orders.map((o) => o.id), `"${term}" ${status ?? "all"}`).toEqual(want.ids);
      }
    }
    // The wide terms really are past the exact-collection limit: the rollup path answered them.
    expect((await truth("broad")).n).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("a whole payment reference among the matches is counted once", async () => {
    const want = await truth("BROADREF12");
    const got = await listOrders(database.db, admin, { search: "broadref12", page: 1, pageSize: 25 });
    expect([got.total, got.totalPaidMills]).toEqual([want.n, want.paid]);
    expect(want.n).toBe(1);
  });
});
