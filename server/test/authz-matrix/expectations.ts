// The statuses a row of the authorization matrix expects per caller, by the kind of route, and the
// shape of a row.
import { type Caller, CALLERS, type Expectation, type Owner } from "./world";

// ---- Expectations ----
export const everyone = (status: number): Expectation => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expectation;
/** A session route: 401 without a session (an API key is not a session); 403 before the second factor. */
export const signedIn = (ok: number, over: Partial<Expectation> = {}): Expectation => ({ anonymous: 401, user: ok, otherUser: ok, admin: ok, superAdmin: ok, adminNo2fa: ok, adminPending: 403, apiKey: 401, apiKeyOther: 401, reseller: ok, ...over });
/** A route on one row of the caller's: another user's id is 404; admins too unless they see all. */
export const ownRow = (ok: number, adminsSeeAll: boolean) => signedIn(ok, { otherUser: 404, admin: adminsSeeAll ? ok : 404, superAdmin: adminsSeeAll ? ok : 404, adminNo2fa: 404 });
/** A super-admin's route (webhooks): refused to everyone else, an admin without a second factor told why. */
export const superAdminOnly = (ok: number): Expectation => ({ anonymous: 401, user: 403, otherUser: 403, admin: 403, superAdmin: ok, adminNo2fa: 403, adminPending: 403, apiKey: 401, apiKeyOther: 401, reseller: 403 });
/** A reseller's route (decision 080): every other account is refused (NOT_A_RESELLER) before any input is read. */
export const resellerOnly = (ok: number): Expectation => ({ anonymous: 401, user: 403, otherUser: 403, admin: 403, superAdmin: 403, adminNo2fa: 403, adminPending: 403, apiKey: 401, apiKeyOther: 401, reseller: ok });
/** The public API: only a Bearer API key; another user's ids are 404. */
export const bearer = (ok: number, other = ok): Expectation => ({ anonymous: 401, user: 401, otherUser: 401, admin: 401, superAdmin: 401, adminNo2fa: 401, adminPending: 401, apiKey: ok, apiKeyOther: other, reseller: 401 });

export interface Row {
  url: (rows: Owner) => string;
  method?: string;
  json?: (rows: Owner) => unknown;
  expect: Expectation;
  /** Server-Sent Events: the status is read and the stream closed. */
  sse?: boolean;
  /** What the answer to the row's owner (user, API key) must contain, so the leak checks are not vacuous. */
  shows?: (rows: Owner) => string;
  /** What the admins' answer about Bob must contain. */
  showsAdmins?: () => string;
  /** Any further check of the answer. */
  check?: (caller: Caller, text: string) => void;
  /** A refusal's code where it is not the status's own. */
  code?: string;
  /** A refusal's code per caller, where they differ (better-auth's own codes). */
  codes?: Partial<Record<Caller, string>>;
  /** A foreign shape kept for compatibility (the spec's functions): code and message besides. */
  extraKeys?: boolean;
  /** A refusal in another protocol's shape (Kopeechka's { status, value }), which check() reads instead of ours. */
  foreignRefusal?: true;
  /** An admin console route: its refusal of an admin without a second factor says so. */
  adminConsole?: true;
}
