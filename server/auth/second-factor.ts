// The second factor around better-auth's own endpoints (decisions 018, 037).
//
// better-auth's two-factor endpoints accept any session with the password. A password is no
// barrier to whoever reads the mailbox (reset it), and a magic link or an e-mailed code makes a
// session from the mailbox alone. So, before better-auth runs:
//   - a session of an account with a second factor that has not passed it can change nothing that
//     guards the account (the endpoints marked "passed" in edge.ts): 403 SECOND_FACTOR_REQUIRED;
//   - a session is stamped as having passed only by a check of a factor that existed before the
//     request (a code checked while enrolling a new factor proves that factor, not the account);
//   - each authenticator code is accepted once per account (a code seen over a shoulder or in a
//     proxy's log cannot be replayed within its 30 seconds);
//   - wrong codes are throttled per pending sign-in and per address (account-limits.ts), never per
//     account, so knowing the password cannot lock the owner out; after repeated failures the owner
//     is e-mailed (they know someone has the password).
// And after it answered: what changed the account's protection is e-mailed to its owner at once.
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { PROFILE_TWO_FACTOR } from "../../contracts/app-routes";
import type { Db } from "../db/client";
import { session } from "../db/schema";
import { AppError } from "../lib/errors";
import { hitRateLimit } from "../lib/rate-limit";
import { enqueueEmail } from "../providers/email/outbox";
import type { SecurityNoticeKind } from "../providers/email/templates/security-notice";
import { hasSecondFactor, SECOND_FACTOR_PATHS, type ReadSession } from "./factors";
import { NEEDS_PASSED_SECOND_FACTOR } from "./edge";

export { SECOND_FACTOR_PATHS };

/** Wrong codes after which the owner hears of it (once per window). */
export const FAILURE_NOTICE = { limit: 5, windowSeconds: 60 * 60 } as const;
/** An authenticator code is valid for its 30 s step and one on either side: kept a little longer. */
const USED_CODE_SECONDS = 120;

const PENDING_COOKIE = /(?:^|;\s*)(?:__Secure-)?keyshop\.two_factor=([^;]+)/;

type SessionAnswer = { user: { id: string; email: string; twoFactorEnabled?: boolean | null; passkeyEnabled?: boolean | null }; session: { token: string; secondFactorAt?: Date | string | null } } | null;

export interface GateState {
  endpoint: string;
  /** The account the request acts on (its session's, or its pending sign-in's). */
  account?: { id: string; email: string; factorBefore: boolean };
  /** The rate-limit key that holds this code as used, released if the code is refused. */
  usedCodeKey?: string;
}

/** An account has a second factor when it has an authenticator app or a passkey (context.ts, decision 038). */
export { hasSecondFactor };

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");

export function createSecondFactorGate({ db, readSession: readFresh, baseUrl, shopTimeZone, onEmailQueued }: { db: Db; readSession: ReadSession; baseUrl: string; shopTimeZone: string; onEmailQueued?: () => void }) {
  const readSession = async (c: Context) => ((await readFresh(c.req.raw.headers))?.response ?? null) as SessionAnswer;

  /** The account of a password sign-in waiting for its second step (better-auth's signed cookie names it). */
  async function pendingAccount(c: Context): Promise<{ id: string; email: string } | undefined> {
    const raw = PENDING_COOKIE.exec(c.req.header("cookie") ?? "")?.[1];
    if (!raw) return undefined;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // "identifier.signature": better-auth checks the signature; this only finds whose it claims to be.
    const identifier = value.slice(0, value.lastIndexOf("."));
    if (!identifier) return undefined;
    const rows = await db.execute<{ id: string; email: string }>(sql`
      select u.id, u.email from verification v join "user" u on u.id = v.value
      where v.identifier = ${identifier} and v.expires_at > now() limit 1`);
    const row = (rows as unknown as { rows: Array<{ id: string; email: string }> }).rows[0];
    return row ? { id: String(row.id), email: String(row.email) } : undefined;
  }

  async function notify(to: string, kind: SecurityNoticeKind, extra: { passkeyName?: string } = {}) {
    await enqueueEmail(db, {
      to,
      template: "security-notice",
      props: { kind, at: new Date().toISOString(), securityUrl: new URL(PROFILE_TWO_FACTOR, baseUrl).toString(), ...extra },
      timeZone: shopTimeZone,
    });
    onEmailQueued?.();
  }

  return {
    notify,

    /** Before better-auth runs: refuses what the session may not do, and a code used before. */
    async before(c: Context, endpoint: string, body: Record<string, unknown> | undefined): Promise<GateState> {
      const state: GateState = { endpoint };
      const checksFactor = SECOND_FACTOR_PATHS.has(endpoint);
      if (!checksFactor && !NEEDS_PASSED_SECOND_FACTOR.has(endpoint)) return state;
      const current = await readSession(c);
      if (current) {
        const factorBefore = hasSecondFactor(current.user);
        state.account = { id: String(current.user.id), email: String(current.user.email), factorBefore };
        if (NEEDS_PASSED_SECOND_FACTOR.has(endpoint) && factorBefore && !current.session.secondFactorAt) {
          throw new AppError("SECOND_FACTOR_REQUIRED", "Enter the code from your authenticator app (or use a passkey) first: this session has not passed your second factor.");
        }
      } else if (checksFactor) {
        const pending = await pendingAccount(c);
        // A pending sign-in exists only for an account whose second factor was asked for.
        if (pending) state.account = { ...pending, factorBefore: true };
      }
      if (endpoint === "/two-factor/verify-totp" && state.account && typeof body?.code === "string") {
        const code = body.code.replace(/\s/g, "");
        const key = `auth:totp-used:${hash(`${state.account.id}:${code}`)}`;
        const claim = await hitRateLimit(db, key, { limit: 1, windowSeconds: USED_CODE_SECONDS });
        if (!claim.allowed) throw new CodeAlreadyUsed();
        state.usedCodeKey = key;
      }
      return state;
    },

    /** After better-auth answered: stamp the session, release a refused code, tell the owner. */
    async after(state: GateState, res: Response): Promise<void> {
      const { endpoint, account } = state;
      const ok = res.status === 200;
      if (SECOND_FACTOR_PATHS.has(endpoint)) {
        if (!ok && state.usedCodeKey) await db.execute(sql`delete from api_rate_limits where key = ${state.usedCodeKey}`);
        if (ok && account?.factorBefore) await markSecondFactor(db, res);
        // The code that finished enrolling a new authenticator (its session is stamped as it is made).
        if (ok && account && !account.factorBefore) await notify(account.email, "two-factor-enabled");
        if (!ok && res.status !== 429 && account) {
          const failures = await hitRateLimit(db, `auth:2fa-failures:${account.id}`, FAILURE_NOTICE);
          // Exactly once a window: on the failure that reaches the limit.
          if (failures.allowed && failures.remaining === 0) await notify(account.email, "two-factor-failures");
        }
        return;
      }
      if (!ok || !account) return;
      if (endpoint === "/two-factor/disable") await notify(account.email, "two-factor-disabled");
      if (endpoint === "/two-factor/generate-backup-codes") await notify(account.email, "backup-codes-regenerated");
    },
  };
}
export type SecondFactorGate = ReturnType<typeof createSecondFactorGate>;

/** A code accepted once already: better-auth's own shape for a wrong code, with why. */
export class CodeAlreadyUsed extends Error {
  response() {
    return new Response(JSON.stringify({ code: "INVALID_CODE", message: "This code was already used. Wait for the next code in your authenticator app." }), {
      status: 401,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }
}

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
    .where(and(eq(session.token, token), isNull(session.secondFactorAt), gt(session.expiresAt, new Date())));
}
