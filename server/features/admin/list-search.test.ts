// The lists' search boxes at scale (decision 030): 3+ characters match anywhere, served by trigram
// indexes; 1–2 characters match the beginning of an e-mail, served by prefix btrees; a whole buy
// key or payment reference is looked up exactly.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import { textSearch } from "../../db/text-search";
import { orders, user } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { listOrders } from "../orders/queries";
import { SUPER_ADMIN_CALLER, insertOrders, insertUser } from "./test-seed";
import { listUsers } from "./users";

let database: Database;
const admin = SUPER_ADMIN_CALLER;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await insertUser(db, { email: "anna@example.com", name: "Anna Lee" });
  await insertUser(db, { email: "joanna@example.com", name: "Jo" });
  await insertUser(db, { email: "bob@example.com", name: "Banner" });
  await insertOrders(db, [
    { kind: "plan", planId: "local-1m", email: "anna@example.com", buyKey: "KS-AAAAA-BBBBB-CCCCC-DDDDD" },
    { kind: "plan", planId: "local-1m", email: "joanna@example.com", buyKey: "KS-EEEEE-FFFFF-GGGGG-HHHHH" },
    { kind: "topup", email: "bob@example.com" },
  ]);
});
afterAll(() => database.close());

const page = { page: 1, pageSize: 50 };
const emails = (rows: Array<{ email: string }>) => rows.map((r) => r.email).sort();

describe("list search", () => {
  it("a term of 3 characters or more matches anywhere in an e-mail or a name, any case", async () => {
    const res = await listUsers({ db: database.db, query: { search: "ANNA", ...page } });
    expect(emails(res.users)).toEqual(["anna@example.com", "joanna@example.com"]);
    expect((await listUsers({ db: database.db, query: { search: "lee", ...page } })).users.map((u) => u.email)).toEqual(["anna@example.com"]);
  });

  it("1 or 2 characters match the beginning of the e-mail only", async () => {
    expect(emails((await listUsers({ db: database.db, query: { search: "An", ...page } })).users)).toEqual(["anna@example.com"]);
    // 'b' begins bob's e-mail; 'Banner' (a name) and 'joanna' do not count for a short term.
    expect(emails((await listUsers({ db: database.db, query: { search: "b", ...page } })).users)).toEqual(["bob@example.com"]);
    expect((await listOrders(database.db, admin, { search: "jo", ...page })).orders.map((o) => o.email)).toEqual(["joanna@example.com"]);
  });

  it("a whole buy key in any case, or a whole payment reference, finds its order", async () => {
    const byKey = await listOrders(database.db, admin, { search: "ks-eeeee-fffff-ggggg-hhhhh", ...page });
    expect(byKey.orders.map((o) => o.email)).toEqual(["joanna@example.com"]);
    const tranId = byKey.orders[0]!.tranId;
    const byTran = await listOrders(database.db, admin, { search: tranId.toLowerCase(), ...page });
    expect(byTran.orders.map((o) => o.id)).toEqual([byKey.orders[0]!.id]);
    expect((await listOrders(database.db, admin, { search: "KS-AAAAA", ...page })).orders.map((o) => o.email)).toEqual(["anna@example.com"]);
  });

  it("LIKE's wildcards in a term are plain characters", async () => {
    expect((await listUsers({ db: database.db, query: { search: "a%a", ...page } })).users).toEqual([]);
    expect((await listUsers({ db: database.db, query: { search: "_", ...page } })).users).toEqual([]);
  });

  it("the searches can be served by their indexes (sequential scans forbidden)", async () => {
    const plan = (where: ReturnType<typeof textSearch>, table: typeof orders | typeof user) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain select 1 from ${table} where ${where}`);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    const long = await plan(textSearch("anna", { anywhere: [orders.email], prefix: [orders.email] }), orders);
    expect(long).toContain("orders_email_trgm_idx");
    const short = await plan(textSearch("an", { anywhere: [orders.email], prefix: [orders.email] }), orders);
    expect(short).toContain("orders_email_prefix_idx");
    const names = await plan(textSearch("lee", { anywhere: [user.email, user.name], prefix: [user.email] }), user);
    expect(names).toContain("user_name_trgm_idx");
  });
});
