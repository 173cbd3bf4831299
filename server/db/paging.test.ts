// A page found by walking the time index, from the start or from its day, and a page found by
// collecting a filter's matches equal one SQL sort (decision 033), for every page, ties at one
// instant included; and the bounded count says when it is exact.
import { desc, ilike, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/db";
import type { Database } from "./client";
import { boundedCount, collectMatches, dayAnchor, EXACT_COUNT_LIMIT, pageIdsOf } from "./paging";
import { licenseHistory, licenseHistoryDayCounts } from "./schema";
import { queryRows } from "./sql-array";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const base = Date.UTC(2026, 2, 1);
  await database.db.insert(licenseHistory).values(
    Array.from({ length: 45 }, (_, i) => ({
      buykey: `LBK${i}`,
      email: i % 3 === 0 ? `match${i}@example.com` : `other${i}@example.com`,
      // Three hours apart over six UTC days; every fifth entry shares its instant with the one
      // before: the id breaks the tie.
      changeDate: new Date(base + (i - (i % 5 === 4 ? 1 : 0)) * 3 * 3_600_000),
    })),
  );
});
afterAll(() => database.close());

describe("pageIdsOf", () => {
  it("walking the index, from the start or from the page's day, gives the pages of one SQL sort", async () => {
    const { db } = database;
    for (const where of [ilike(licenseHistory.email, "%match%"), undefined]) {
      const want = await queryRows<{ id: string }>(
        db,
        sql`select id from license_history ${where ? sql`where ${where}` : sql``} order by change_date desc, id desc`,
      );
      const { total } = await boundedCount(db, licenseHistory, where);
      expect(total).toBe(want.length);
      for (const pageSize of [4, 7]) {
        for (let page = 1; page <= Math.ceil(want.length / pageSize) + 1; page++) {
          const expected = want.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
          const offset = (page - 1) * pageSize;
          // The day rollup counts the whole list, so only the unfiltered list starts at its day.
          const anchors = where ? [undefined] : [undefined, await dayAnchor(db, { table: licenseHistoryDayCounts, day: licenseHistoryDayCounts.day, n: licenseHistoryDayCounts.n }, offset)];
          for (const anchor of anchors) {
            const ids = pageIdsOf({ table: licenseHistory, id: licenseHistory.id, at: licenseHistory.changeDate, where, limit: pageSize, offset, anchor });
            const rows = await db
              .select({ id: licenseHistory.id })
              .from(licenseHistory)
              .where(inArray(licenseHistory.id, ids))
              .orderBy(desc(licenseHistory.changeDate), desc(licenseHistory.id));
            expect(rows.map((r) => r.id), `page ${page} of ${pageSize}, ${anchor ? "from its day" : "walked"}`).toEqual(expected);
          }
        }
      }
    }
  });
});

describe("collectMatches", () => {
  it("gives the exact count, the same pages as one SQL sort and the totals, in one pass", async () => {
    const { db } = database;
    const where = ilike(licenseHistory.email, "%match%");
    const want = await queryRows<{ id: string }>(db, sql`select id from license_history where ${where} order by change_date desc, id desc`);
    const [truth] = await queryRows<{ low: string }>(db, sql`select count(*) filter (where buykey < 'LBK2') as low from license_history where ${where}`);
    for (let page = 1; page <= Math.ceil(want.length / 4) + 1; page++) {
      const got = await collectMatches(db, {
        table: licenseHistory,
        id: licenseHistory.id,
        at: licenseHistory.changeDate,
        where,
        limit: 4,
        offset: (page - 1) * 4,
        totals: { low: sql`count(*) filter (where ${licenseHistory.buykey} < 'LBK2')` },
      });
      expect(got).toEqual({ total: want.length, ids: want.slice((page - 1) * 4, page * 4).map((r) => r.id), totals: { low: Number(truth!.low) } });
    }
    const none = await collectMatches(db, { table: licenseHistory, id: licenseHistory.id, at: licenseHistory.changeDate, where: ilike(licenseHistory.email, "%nobody%"), limit: 4, offset: 0 });
    expect(none).toEqual({ total: 0, ids: [], totals: {} });
  });

  it("gives up past EXACT_COUNT_LIMIT matches, so the caller estimates and walks instead", async () => {
    const { db } = database;
    await db.execute(
      sql`insert into license_history (buykey, email, change_date) select 'BULK' || i, 'bulk' || i || '@example.com', now() from generate_series(1, ${EXACT_COUNT_LIMIT + 1}) i`,
    );
    const slice = { table: licenseHistory, id: licenseHistory.id, at: licenseHistory.changeDate, limit: 10, offset: 0 };
    expect(await collectMatches(db, { ...slice, where: ilike(licenseHistory.email, "%bulk%") })).toBeUndefined();
    expect((await collectMatches(db, { ...slice, where: ilike(licenseHistory.email, "%bulk100_@%") }))?.total).toBe(10);
  });
});
