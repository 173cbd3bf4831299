// Raw SQL helpers shared by features: arrays as one parameter, rows from either driver.
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";

/** A PostgreSQL array literal ({"a","b"}) passed as one text parameter: works on pg and PGlite alike. */
export function pgArray(values: Array<string | number>): string {
  return `{${values.map((v) => (typeof v === "number" ? String(v) : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}

/** Raw SQL results from either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
