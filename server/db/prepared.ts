// A statement run on every request with the same text (the OTP purchase): on PostgreSQL a named
// prepared statement, so each pooled connection parses, analyses and plans it once instead of on
// every call, which was a quarter of the purchase's database time (decision 048). PGlite (one
// process, no pool) runs it as any other statement.
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./sql-array";

interface PgPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface WithDialect {
  $client?: Partial<PgPool>;
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/** Statement text → its name: the same text always gets the same name, another text another one. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `keyshop_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Rows of `query`, prepared once per connection on PostgreSQL. Only for statements whose text is fixed (values as parameters). */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { $client: pool, dialect } = db as unknown as WithDialect;
  if (typeof pool?.totalCount !== "number" || !pool.query) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await pool.query({ name: nameOf(text), text, values: params });
  return result.rows as T[];
}
