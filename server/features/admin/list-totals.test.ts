// The lists' totals from rollups and indexes (decision 030) equal a plain SQL sum over the same
// rows, after inserts, status changes, refunds and deletes; deep pages come in the same order.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import { licenseHistory, orders, otpMailOrders } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { ensureApiKey } from "../balance/service";
import { listLicenseHistory } from "../licenses/service";
import { listOrders } from "../orders/queries";
import { listBalances } from "./balances";
import { listOtpTransactions } from "./otp-transactions";
import { SUPER_ADMIN_CALLER, insertOrders, insertOtpOrder, insertUser } from "./test-seed";

let database: Database;
const admin = SUPER_ADMIN_CALLER;
const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const statuses = ["paid", "paid", "pending", "failed", "cancelled"] as const;
  await insertOrders(
    db,
    Array.from({ length: 40 }, (_, i) => ({ kind: "topup" as const, amountMills: 1000 + i * 7, status: statuses[i % 5], createdAt: day(1 + (i % 20)) })),
  );
  // A status change, a partial refund, a delete: the rollups follow them.
  const [first] = await db.select().from(orders).where(eq(orders.status, "pending")).limit(1);
  await db.update(orders).set({ status: "paid", paidAt: first!.createdAt }).where(eq(orders.id, first!.id));
  const [paid] = await db.select().from(orders).where(eq(orders.status, "paid")).limit(1);
  await db.update(orders).set({ refundedMills: 300 }).where(eq(orders.id, paid!.id));
  const [gone] = await db.select().from(orders).where(eq(orders.status, "failed")).limit(1);
  await db.delete(orders).where(eq(orders.id, gone!.id));
  // Orders on the edges of a UTC day, two at the same instant, and e-mails whose beginnings differ
  // only in case or length: the day and prefix rollups (decision 033) must place them right.
  const edge = Date.UTC(2026, 0, 3);
  await insertOrders(db, [
    { kind: "topup", amountMills: 2001, createdAt: new Date(edge) },
    { kind: "topup", amountMills: 2002, createdAt: new Date(edge) },
    { kind: "topup", amountMills: 2003, createdAt: new Date(edge - 1) },
    { kind: "topup", amountMills: 2004, createdAt: new Date(edge + 86_400_000 - 1), email: "Anna@example.com" },
    { kind: "topup", amountMills: 2005, status: "pending", createdAt: new Date(edge + 5), email: "an@example.com" },
    { kind: "topup", amountMills: 2006, createdAt: day(7), email: "a" },
    { kind: "topup", amountMills: 2007, createdAt: day(8), email: "BU_x@example.com" },
  ]);
  // A moved order (another day, another e-mail) and a refund in full: the rollups follow.
  const [moved] = await db.select().from(orders).where(eq(orders.amountMills, 2002));
  await db.update(orders).set({ createdAt: day(15), email: "joanna@example.com" }).where(eq(orders.id, moved!.id));
  const [refunded] = await db.select().from(orders).where(eq(orders.amountMills, 2004));
  await db.update(orders).set({ status: "refunded", refundedMills: 2004 }).where(eq(orders.id, refunded!.id));

  const u = await insertUser(db);
  const key = await ensureApiKey({ db, secret: "x".repeat(32), userId: u.id });
  const otpStatuses = ["success", "success", "failed", "pending"] as const;
  for (let i = 0; i < 24; i++) {
    await insertOtpOrder(db, { apiKeyId: key.id, userId: u.id, status: otpStatuses[i % 4], priceMills: 45 + i, costMills: 40, createdAt: day(1 + (i % 12)) });
  }
  const [pending] = await db.select().from(otpMailOrders).where(eq(otpMailOrders.status, "pending")).limit(1);
  await db.update(otpMailOrders).set({ status: "success" }).where(eq(otpMailOrders.id, pending!.id));
  // OTP orders and licence-history entries on the edges of a UTC day and at one instant, one moved
  // to another day and one deleted: the day rollups (decision 033) follow them.
  const otpEdge = Date.UTC(2026, 0, 5);
  for (const at of [otpEdge, otpEdge, otpEdge - 1, otpEdge + 86_400_000 - 1]) {
    await insertOtpOrder(db, { apiKeyId: key.id, userId: u.id, status: "success", priceMills: 50, costMills: 40, createdAt: new Date(at) });
  }
  const [movedOtp] = await db.select().from(otpMailOrders).where(eq(otpMailOrders.createdAt, new Date(otpEdge - 1)));
  await db.update(otpMailOrders).set({ createdAt: day(20) }).where(eq(otpMailOrders.id, movedOtp!.id));
  await db.insert(licenseHistory).values(
    [...Array.from({ length: 23 }, (_, i) => day(1 + (i % 9))), new Date(otpEdge), new Date(otpEdge), new Date(otpEdge - 1), new Date(otpEdge + 86_400_000 - 1)].map((changeDate, i) => ({
      buykey: `LBK-T${i}`,
      email: `h${i}@example.com`,
      changeDate,
    })),
  );
  const [movedEntry] = await db.select().from(licenseHistory).where(eq(licenseHistory.buykey, "LBK-T3"));
  await db.update(licenseHistory).set({ changeDate: day(25) }).where(eq(licenseHistory.id, movedEntry!.id));
  await db.delete(licenseHistory).where(eq(licenseHistory.buykey, "LBK-T4"));
});
afterAll(() => database.close());

const page = { search: "", page: 1, pageSize: 10 };

describe("list totals", () => {
  it("transactions: the total and Total Amount Paid equal plain SQL, unfiltered and for a date range", async () => {
    const [truth] = await queryRows<{ n: string; paid: string }>(
      database.db,
      sql`select count(*) as n, coalesce(sum(amount_mills - refunded_mills) filter (where status = 'paid'), 0) as paid from orders`,
    );
    const all = await listOrders(database.db, admin, page);
    expect([all.total, all.totalIsEstimate, all.totalPaidMills]).toEqual([Number(truth!.n), false, Number(truth!.paid)]);
    const [ranged] = await queryRows<{ n: string; paid: string }>(
      database.db,
      sql`select count(*) as n, coalesce(sum(amount_mills - refunded_mills) filter (where status = 'paid'), 0) as paid from orders where created_at >= ${day(5).toISOString()}::timestamptz and created_at <= ${day(9).toISOString()}::timestamptz`,
    );
    const range = await listOrders(database.db, admin, { ...page, from: day(5), to: day(9) });
    expect([range.total, range.totalPaidMills]).toEqual([Number(ranged!.n), Number(ranged!.paid)]);
    const paidOnly = await listOrders(database.db, admin, { ...page, status: "paid" });
    expect(paidOnly.totalPaidMills).toBe(Number(truth!.paid));
  });

  it("transactions: every page in turn lists every order once, newest first (each page starts at the day that holds it)", async () => {
    for (const [status, pageSize] of [[undefined, 10], [undefined, 7], ["paid", 3], ["cancelled", 4]] as const) {
      const rows = await queryRows<{ id: string }>(
        database.db,
        status ? sql`select id from orders where status = ${status} order by created_at desc, id desc` : sql`select id from orders order by created_at desc, id desc`,
      );
      const seen: string[] = [];
      const pages = Math.ceil(rows.length / pageSize);
      for (let p = 1; p <= pages; p++) {
        const got = (await listOrders(database.db, admin, { ...page, status, pageSize, page: p })).orders.map((o) => o.id);
        expect(got, `page ${p} of ${pages}, ${status ?? "all"}`).toEqual(rows.slice((p - 1) * pageSize, p * pageSize).map((r) => r.id));
        seen.push(...got);
      }
      expect(seen).toEqual(rows.map((r) => r.id));
      expect((await listOrders(database.db, admin, { ...page, status, pageSize, page: pages + 1 })).orders).toEqual([]);
      expect((await listOrders(database.db, admin, { ...page, status, pageSize, page: pages + 50 })).orders).toEqual([]);
    }
  });

  it("transactions: a 1–2 character search's exact total and Total Amount Paid equal plain SQL (the prefix rollup)", async () => {
    for (const term of ["bu", "BU", "b", "a", "an", "An ", "jo", "zz", "_", "b_"]) {
      for (const status of [undefined, "paid", "pending", "refunded"] as const) {
        const pattern = `${term.trim().toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        const [truth] = await queryRows<{ n: string; paid: string }>(
          database.db,
          sql`select count(*) as n, coalesce(sum(amount_mills - refunded_mills) filter (where status = 'paid'), 0) as paid
              from orders where lower(email) like ${pattern} and (${status ?? null}::text is null or status = ${status ?? null})`,
        );
        const got = await listOrders(database.db, admin, { ...page, search: term, status });
        expect([got.total, got.totalIsEstimate, got.totalPaidMills], `"${term}" ${status ?? "all"}`).toEqual([Number(truth!.n), false, Number(truth!.paid)]);
        expect(got.orders.length).toBe(Math.min(10, Number(truth!.n)));
      }
    }
  });

  it("Gmail OTP and licence history: every page in turn lists every row once, newest first (each page starts at the day that holds it)", async () => {
    const { db } = database;
    const otp = await queryRows<{ id: string }>(db, sql`select id from otp_mail_orders order by created_at desc, id desc`);
    const history = await queryRows<{ id: string }>(db, sql`select id from license_history order by change_date desc, id desc`);
    for (const pageSize of [5, 7]) {
      const otpSeen: string[] = [];
      for (let p = 1; p <= Math.ceil(otp.length / pageSize) + 1; p++) {
        const got = await listOtpTransactions(db, { ...page, pageSize, page: p, from: undefined, to: undefined });
        expect(got.orders.map((o) => o.id), `OTP page ${p} of ${pageSize}`).toEqual(otp.slice((p - 1) * pageSize, p * pageSize).map((r) => r.id));
        otpSeen.push(...got.orders.map((o) => o.id));
      }
      expect(otpSeen).toHaveLength(otp.length);
      const historySeen: string[] = [];
      for (let p = 1; p <= Math.ceil(history.length / pageSize) + 1; p++) {
        const got = await listLicenseHistory({ db, user: { email: "admin@example.com" }, isAdmin: true, search: "", page: p, pageSize });
        expect([got.total, got.totalIsEstimate]).toEqual([history.length, false]);
        expect(got.entries.map((e) => e.id), `history page ${p} of ${pageSize}`).toEqual(history.slice((p - 1) * pageSize, p * pageSize).map((r) => r.id));
        historySeen.push(...got.entries.map((e) => e.id));
      }
      expect(historySeen).toHaveLength(history.length);
    }
  });

  it("Gmail OTP: Total Spent, Total Revenue and counts equal plain SQL, unfiltered and for a date range", async () => {
    const truth = async (where = sql`true`) =>
      (
        await queryRows<Record<string, string>>(
          database.db,
          sql`select count(*) as n,
                coalesce(sum(price_mills) filter (where status <> 'failed'), 0) as spent,
                coalesce(sum(price_mills - cost_mills) filter (where status = 'success'), 0) as revenue,
                count(*) filter (where status = 'success') as successes
              from otp_mail_orders where ${where}`,
        )
      )[0]!;
    const all = await listOtpTransactions(database.db, { ...page, from: undefined, to: undefined });
    const t = await truth();
    expect([all.total, all.totalSpentMills, all.totalRevenueMills, all.successCount]).toEqual([Number(t.n), Number(t.spent), Number(t.revenue), Number(t.successes)]);
    const from = day(3).toISOString();
    const to = day(6).toISOString();
    const ranged = await listOtpTransactions(database.db, { ...page, from, to });
    const r = await truth(sql`created_at >= ${from}::timestamptz and created_at <= ${to}::timestamptz`);
    expect([ranged.total, ranged.totalSpentMills, ranged.totalRevenueMills, ranged.successCount]).toEqual([Number(r.n), Number(r.spent), Number(r.revenue), Number(r.successes)]);
  });

  it("Manage Balances sorted by balance, page by page, equals one SQL sort (users without a key last)", async () => {
    const { db } = database;
    for (let i = 0; i < 7; i++) {
      const u = await insertUser(db);
      if (i % 3 === 2) continue;
      const key = await ensureApiKey({ db, secret: "x".repeat(32), userId: u.id });
      await db.execute(sql`update api_keys set balance_mills = ${(i % 2) * 500 + i} where id = ${key.id}`);
    }
    for (const [sort, dir] of [["balance_desc", sql`desc`], ["balance_asc", sql`asc`]] as const) {
      const want = await queryRows<{ id: string }>(db, sql`select u.id from "user" u left join api_keys k on k.user_id = u.id order by k.balance_mills ${dir} nulls last, u.id asc`);
      const got: string[] = [];
      for (let p = 1; got.length < want.length; p++) {
        const res = await listBalances({ db, secret: "x".repeat(32), query: { search: "", sort, page: p, pageSize: 10 } });
        if (!res.users.length) break;
        got.push(...res.users.map((u) => u.id));
      }
      expect(got).toEqual(want.map((r) => r.id));
    }
  });
});
