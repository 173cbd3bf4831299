// Passkeys (WebAuthn) as a second factor, for everyone, recommended for admins (decision 038).
//
// better-auth's passkey plugin runs the ceremonies; around it:
//   - only user-verifying passkeys count (a PIN, fingerprint or face on the authenticator): the
//     options ask for it and both verifications refuse an answer without it, so a passkey is
//     possession and a check of the person at once;
//   - an account "has a second factor" when it has an authenticator app OR a passkey
//     (user.passkey_enabled, kept by a trigger on the passkey table);
//   - a passkey sign-in makes a new session that has passed the second factor (auth.ts marks it
//     as it is created, by its path); the session it replaces in that browser (a password or
//     e-mail sign-in still waiting for its second factor) is ended;
//   - adding, renaming and removing passkeys needs a session that passed the account's second
//     factor, or an account with none yet (its first passkey then stamps that session, as a first
//     authenticator does): a magic link alone can change no factor;
//   - the owner is e-mailed when a passkey is added or removed.
import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { pageLanguage } from "../lib/page-language";
import { singleLineText } from "../../contracts/text";
import type { Db } from "../db/client";
import { passkey as passkeyTable, session } from "../db/schema";
import { AppError } from "../lib/errors";
import { enqueueEmail } from "../providers/email/outbox";
import { hasSecondFactor, type ReadSession } from "./factors";

/** Where a passkey signs in (a new session, marked as past the second factor). */
export const PASSKEY_SIGN_IN_PATH = "/passkey/verify-authentication";
/** The passkey endpoints that change an account's factors: a session past its second factor only (or an account with none). */
export const PASSKEY_CHANGES = new Set(["/passkey/generate-register-options", "/passkey/verify-registration", "/passkey/update-passkey", "/passkey/delete-passkey"]);
/** A session's own passkeys (any session: a sign-in waiting for its second factor may see them). */
export const PASSKEY_LIST_PATH = "/passkey/list-user-passkeys";
/** Profile's passkey list: where the security notices point. */
export const PROFILE_PASSKEYS = "/profile#passkeys";

const NOT_VERIFIED = {
  code: "USER_NOT_VERIFIED",
  message: "This passkey did not check that it is you (a PIN, fingerprint or face). Use a passkey that does.",
};

/** The plugin, configured: rpID from BASE_URL's host, its origin the only one, user verification required. */
export function passkeyPlugin(baseUrl: string) {
  const site = new URL(baseUrl);
  return passkey({
    rpID: site.hostname,
    rpName: "Keyshop",
    origin: site.origin,
    // Discoverable (a passkey signs in without typing the e-mail) and user-verifying.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    registration: {
      afterVerification: async ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw APIError.from("BAD_REQUEST", NOT_VERIFIED);
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw APIError.from("BAD_REQUEST", NOT_VERIFIED);
      },
    },
  });
}

/** The plugin asks authenticators for user verification only when "preferred": ask for it, required. */
export const passkeyPolicy = {
  id: "keyshop-passkey-policy",
  hooks: {
    after: [
      {
        matcher: (ctx) => ctx.path === "/passkey/generate-authenticate-options",
        handler: createAuthMiddleware(async (ctx) => {
          const options = ctx.context.returned;
          if (options && typeof options === "object" && !(options instanceof Response) && "challenge" in options) {
            return ctx.json({ ...options, userVerification: "required" });
          }
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;

// ---- The edge's bodies (edge.ts): WebAuthn's JSON, every string base64url and bounded ----------

const B64 = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, "Must be base64url");
const CredentialId = z.string().min(1).max(1_400).regex(/^[A-Za-z0-9_-]+$/, "Must be base64url");
// Stored joined (passkey.transports): the names WebAuthn defines are lower-case words.
const Transport = z.string().regex(/^[a-z][a-z-]{0,31}$/, "Must be a WebAuthn transport");
const Extensions = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/), z.unknown()).optional();
const Attachment = z.enum(["platform", "cross-platform"]).optional();
/** A passkey's id (better-auth's, opaque). */
const PasskeyId = singleLineText(undefined, { trim: false }).min(1).max(64);
/** A passkey's name, as Profile shows it: one line of text (decision 034), trimmed. */
export const PasskeyName = singleLineText().min(1, "Give the passkey a name").max(64, "At most 64 characters");

/** A public-key credential as the browser sends it (PublicKeyCredential's JSON), around its authenticator's `response`. */
const credential = <R extends z.ZodType>(response: R) =>
  z.strictObject({
    id: CredentialId,
    rawId: CredentialId,
    type: z.literal("public-key"),
    response,
    clientExtensionResults: Extensions,
    authenticatorAttachment: Attachment,
  });

export const PASSKEY_BODIES = {
  "/passkey/verify-registration": z.strictObject({
    response: credential(
      z.strictObject({
        clientDataJSON: B64,
        attestationObject: B64,
        authenticatorData: B64.optional(),
        transports: z.array(Transport).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: B64.optional(),
      }),
    ),
    name: PasskeyName.optional(),
  }),
  "/passkey/verify-authentication": z.strictObject({
    response: credential(
      z.strictObject({
        clientDataJSON: B64,
        authenticatorData: B64,
        signature: B64,
        userHandle: B64.optional(),
      }),
    ),
  }),
  "/passkey/update-passkey": z.strictObject({ id: PasskeyId, name: PasskeyName }),
  "/passkey/delete-passkey": z.strictObject({ id: PasskeyId }),
} satisfies Record<string, z.ZodType>;

/** GETs: authentication options for anyone; registration options and the list for a session. */
export const PASSKEY_GET_PATHS = [/^\/passkey\/generate-authenticate-options$/, /^\/passkey\/generate-register-options$/, /^\/passkey\/list-user-passkeys$/];

// ---- Around better-auth (app.ts) ------------------------------------------------------------------

type SessionAnswer = {
  user: { id: string; email: string; twoFactorEnabled?: boolean | null; passkeyEnabled?: boolean | null };
  session: { id: string; token: string; secondFactorAt?: Date | string | null };
} | null;

export interface PasskeyGateState {
  endpoint: string;
  account?: { id: string; email: string; factorBefore: boolean; sessionToken: string };
  /** The passkey a removal names (for the owner's e-mail). */
  passkeyName?: string | null;
  /** The session token this browser held before a passkey sign-in (unverified: only matched). */
  previousToken?: string;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?keyshop\.session_token=([^;]+)/;

function tokenFromCookie(cookie: string | undefined): string | undefined {
  const raw = cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined;
  if (!raw) return undefined;
  try {
    const value = decodeURIComponent(raw);
    return value.slice(0, value.indexOf(".")) || undefined;
  } catch {
    return undefined;
  }
}

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await res.clone().json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function createPasskeyGate({ db, readSession: readFresh, baseUrl, shopTimeZone, onEmailQueued }: { db: Db; readSession: ReadSession; baseUrl: string; shopTimeZone: string; onEmailQueued?: () => void }) {
  const readSession = async (headers: Headers) => ((await readFresh(headers))?.response ?? null) as SessionAnswer;

  async function notify(c: Context, to: string, kind: "passkey-added" | "passkey-removed", passkeyName: string) {
    // In the account's language (decision 040); the page's only if the account were gone.
    await enqueueEmail(db, {
      to,
      template: "security-notice",
      props: { kind, at: new Date().toISOString(), securityUrl: new URL(PROFILE_PASSKEYS, baseUrl).toString(), passkeyName },
      timeZone: shopTimeZone,
      fallbackLanguage: pageLanguage(c.req.header("cookie")),
    });
    onEmailQueued?.();
  }

  /** The cached session cookie (session_data) renewed from the database: the change shows at once. */
  async function withFreshSessionCookie(c: Context, res: Response): Promise<Response> {
    const fresh = await readFresh(c.req.raw.headers);
    const cookies = fresh?.headers?.getSetCookie?.() ?? [];
    if (!cookies.length) return res;
    const headers = new Headers(res.headers);
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }

  return {
    /**
     * Before better-auth runs (after second-factor.ts's gate has refused a session that has not
     * passed the account's factor): a session for the passkeys' own endpoints, another account's
     * passkey not found, a credential registered once.
     */
    async before(c: Context, endpoint: string, body: Record<string, unknown> | undefined): Promise<PasskeyGateState | undefined> {
      if (endpoint === PASSKEY_SIGN_IN_PATH) return { endpoint, previousToken: tokenFromCookie(c.req.header("cookie")) };
      if (!PASSKEY_CHANGES.has(endpoint) && endpoint !== PASSKEY_LIST_PATH) return undefined;
      const current = await readSession(c.req.raw.headers);
      // The shop's own 401 (better-auth's would say UNAUTHORIZED).
      if (!current) throw new AppError("UNAUTHENTICATED");
      if (endpoint === PASSKEY_LIST_PATH) return undefined;
      // A session that has not passed the account's factor was refused already (second-factor.ts:
      // these endpoints are in edge.ts's NEEDS_PASSED_SECOND_FACTOR).
      const factorBefore = hasSecondFactor(current.user);
      const state: PasskeyGateState = { endpoint, account: { id: String(current.user.id), email: String(current.user.email), factorBefore, sessionToken: current.session.token } };
      if (endpoint === "/passkey/verify-registration") {
        // One credential, one account: a second registration of an id is refused before the
        // plugin would fail on the unique index (a 500).
        const id = (body?.response as { id?: unknown } | undefined)?.id;
        if (typeof id === "string") {
          const [taken] = await db.select({ id: passkeyTable.id }).from(passkeyTable).where(eq(passkeyTable.credentialID, id)).limit(1);
          if (taken) throw new AppError("CONFLICT", "This passkey is registered already.");
        }
      }
      if ((endpoint === "/passkey/delete-passkey" || endpoint === "/passkey/update-passkey") && typeof body?.id === "string") {
        // Another account's passkey is "not found", exactly as one that does not exist (better-auth
        // would tell them apart: 401 for another's, 404 for none).
        const [row] = await db
          .select({ name: passkeyTable.name })
          .from(passkeyTable)
          .where(and(eq(passkeyTable.id, body.id), eq(passkeyTable.userId, state.account!.id)));
        if (!row) throw new AppError("NOT_FOUND", "Passkey not found");
        state.passkeyName = row.name ?? "";
      }
      return state;
    },

    /** After better-auth answered: stamp a first factor's session, tell the owner, tidy the replaced session. */
    async after(c: Context, state: PasskeyGateState | undefined, res: Response): Promise<Response> {
      if (!state) return res;
      const { endpoint, account } = state;
      if (endpoint === "/passkey/verify-registration") {
        // The plugin answers any failure to verify a client's registration as a 500 (its catch-all):
        // it is the client's answer that did not verify.
        if (res.status === 500 && (await jsonOf(res))?.code === "FAILED_TO_VERIFY_REGISTRATION") {
          return new Response(JSON.stringify({ code: "FAILED_TO_VERIFY_REGISTRATION", message: "This passkey could not be verified. Try again." }), {
            status: 400,
            headers: { "content-type": "application/json; charset=utf-8" },
          });
        }
        if (res.status !== 200 || !account) return res;
        const created = await jsonOf(res);
        // The account's first factor: the session that registered it has passed it (as enrolling
        // a first authenticator does). With a factor already, the session had passed it to get here.
        if (!account.factorBefore) {
          await db.update(session).set({ secondFactorAt: new Date() }).where(and(eq(session.token, account.sessionToken), isNull(session.secondFactorAt)));
        }
        await notify(c, account.email, "passkey-added", typeof created?.name === "string" ? created.name : "");
        return withFreshSessionCookie(c, res);
      }
      if (endpoint === "/passkey/delete-passkey") {
        if (res.status !== 200 || !account) return res;
        await notify(c, account.email, "passkey-removed", state.passkeyName ?? "");
        return withFreshSessionCookie(c, res);
      }
      if (endpoint === PASSKEY_SIGN_IN_PATH && res.status === 200 && state.previousToken) {
        // This browser's earlier session of the same account (waiting for its second factor) is
        // replaced by the passkey's: end it rather than leave it behind.
        const signedIn = (await jsonOf(res))?.session as { id?: unknown; userId?: unknown } | undefined;
        if (typeof signedIn?.id === "string" && typeof signedIn.userId === "string") {
          await db.delete(session).where(and(eq(session.token, state.previousToken), eq(session.userId, signedIn.userId), ne(session.id, signedIn.id)));
        }
      }
      return res;
    },
  };
}
export type PasskeyGate = ReturnType<typeof createPasskeyGate>;
