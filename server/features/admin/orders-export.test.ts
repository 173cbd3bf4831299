// The admin CSV export of the transactions history: the same filters as GET /api/orders, every
// matching row (across keyset batches), safe cells.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderList } from "../../../contracts/orders";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { CSV_BATCH, CSV_COLUMNS, csvCell } from "./orders-export";
import { insertOrders } from "./test-seed";

let t: TestContext;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signedInUser({ role: "admin" })).client;
  const db = t.database.db;
  await insertOrders(db, [
    { kind: "plan", planId: "local-3m", email: "dara@example.com", buyKey: "BUY-DARA-1", createdAt: new Date("2026-03-10T08:00:00Z") },
    { kind: "topup", amountMills: 12_340, email: "dara@example.com", status: "pending", createdAt: new Date("2026-03-11T08:00:00Z") },
    { kind: "plan", planId: "local-1m", email: '=HYPERLINK("http://x"),"a"@example.com', createdAt: new Date("2026-03-12T08:00:00Z") },
    { kind: "tool", planId: "local-12m", email: "tool@example.com", status: "failed", createdAt: new Date("2026-02-01T08:00:00Z") },
  ]);
  // More than one batch, all at the same instant, so the keyset cursor must use the id too.
  const same = new Date("2025-12-31T23:59:59.123Z");
  await insertOrders(db, Array.from({ length: CSV_BATCH + 7 }, () => ({ kind: "topup" as const, amountMills: 1_000, email: "bulk@example.com", createdAt: same })));
});
afterAll(() => t.close());

async function csv(query = "") {
  const res = await admin.request(`/api/admin/orders.csv${query ? `?${query}` : ""}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const dataLines = (text: string) => text.split("\r\n").slice(1, -1);

describe("orders CSV export", () => {
  it("exports every row of the filter, newest first, with a header and a file name", async () => {
    const res = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines.at(-1)).toBe("");
    const rows = dataLines(res.text);
    expect(rows).toHaveLength(4 + CSV_BATCH + 7);
    expect(rows[0]).toMatch(/^2026-03-12T08:00:00.000Z,/);
    // The batch boundary neither drops nor repeats a row.
    const tranIds = rows.map((r) => r.split(",")[7]);
    expect(new Set(tranIds).size).toBe(rows.length);
  });

  it("applies the history's filters (search on e-mail or buy key, dates, status) exactly like GET /api/orders", async () => {
    const filters = [
      "search=DARA",
      "search=buy-dara",
      "status=pending",
      `from=${encodeURIComponent("2026-03-10T00:00:00Z")}&to=${encodeURIComponent("2026-03-11T23:59:59Z")}`,
      "search=tool&status=failed",
      "search=nobody",
    ];
    for (const filter of filters) {
      const api = await admin.json<OrderList>(`/api/orders?${filter}&pageSize=100`);
      const rows = dataLines((await csv(filter)).text);
      expect(rows.map((r) => r.split(",")[7]), filter).toEqual(api.body.orders.map((o) => o.tranId));
    }
    const dara = dataLines((await csv("search=dara")).text);
    expect(dara).toEqual([
      expect.stringMatching(/^2026-03-11T08:00:00.000Z,dara@example.com,Balance Top Up,12.34,USD,pending,,T\w+,topup,,,$/),
      expect.stringMatching(/^2026-03-10T08:00:00.000Z,dara@example.com,3 Months,29.99,USD,paid,BUY-DARA-1,T\w+,plan,2026-03-10T08:00:00.000Z,,$/),
    ]);
    expect((await csv("status=lost")).status).toBe(422);
  });

  it("quotes and defuses cells a spreadsheet would run as formulas", async () => {
    const rows = dataLines((await csv("search=hyperlink")).text);
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://x""),""a""@example.com"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
  });
});
