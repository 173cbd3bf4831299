// Raw SQL results for the admin queries.
export { queryRows } from "../../db/sql-array";

/** bigint and numeric columns arrive as text from node-postgres. */
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

