// Second factor on a session that already exists: a session made by a magic link or an e-mailed
// code (or before the account enrolled) passes the second factor when its owner enters a code.
// Sessions made by the second factor itself (the sign-in's second step, enrolment) are marked as
// they are created (auth.ts, databaseHooks); this marks the session a code was entered in.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { session } from "../db/schema";

/** After a successful check, better-auth answers `{ token }`: the session it was made in. */
export async function markSecondFactor(db: Db, res: Response): Promise<void> {
  let token: unknown;
  try {
    token = ((await res.clone().json()) as { token?: unknown }).token;
  } catch {
    return;
  }
  if (typeof token !== "string" || !token) return;
  await db
    .update(session)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(session.token, token), isNull(session.secondFactorAt)));
}
