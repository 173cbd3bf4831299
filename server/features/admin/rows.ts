// Raw SQL results from either driver (node-postgres and PGlite both answer `{ rows }`).
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";

export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** bigint and numeric columns arrive as text from node-postgres. */
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** LIKE patterns match the search text literally. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
