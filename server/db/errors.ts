// PostgreSQL errors the code expects and answers (pg and PGlite report them alike; Drizzle may
// wrap them, with the driver's error as `cause`).
interface PgError {
  code?: string;
  constraint?: string;
  cause?: PgError;
}

/** A unique violation (23505), optionally of one named constraint or unique index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as PgError | undefined; e; e = e.cause) {
    if (e.code === "23505") return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
