// The public pages' view of the better-auth session: one small GET after hydration, with no auth
// client library and no query cache on the first load (both stay with the dashboard and /auth).
// The dashboard's and /auth's session queries keep this store in step (features/session).
import { useEffect, useSyncExternalStore } from "react";

import { SIGNED_IN_HINT_COOKIE } from "../../../contracts/cookies";

/** What GET /api/auth/get-session answers when signed in (only the fields the web reads). */
export type PublicSession = {
  user: { id: string; email: string };
  session: { id: string };
};

/** Same freshness as the query client's default: re-checked on a page shown after 5 minutes. */
const STALE_MS = 5 * 60 * 1000;

let data: PublicSession | null | undefined; // undefined: not known (yet, or the check failed)
let fetchedAt = 0;
let inflight: Promise<PublicSession | null> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => data;
const getServerSnapshot = () => undefined;

/** better-auth answers 200 with `null` when nobody is signed in. */
export async function fetchPublicSession(): Promise<PublicSession | null> {
  const response = await fetch("/api/auth/get-session", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /api/auth/get-session answered ${response.status}`);
  const body: unknown = await response.json();
  return isPublicSession(body) ? body : null;
}

/** better-auth's answer, checked for the fields the web reads (anything else: nobody signed in). */
function isPublicSession(value: unknown): value is PublicSession {
  const v = value as { user?: { id?: unknown; email?: unknown }; session?: { id?: unknown } } | null;
  return typeof v?.user?.id === "string" && typeof v.user.email === "string" && typeof v.session?.id === "string";
}

/** Records a session read elsewhere (sign-in, sign-out, the dashboard's own check). */
export function setPublicSession(value: PublicSession | null) {
  // Signed out (or the session ended): drop the server's readable hint too, so the next public
  // page stays static instead of loading the app for nobody (server/auth/session-hint.ts).
  if (value === null && data !== null) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  data = value;
  fetchedAt = Date.now();
  for (const listener of listeners) listener();
}

/** The session changed somewhere this store did not see: ask again on the next public page. */
export function invalidatePublicSession() {
  fetchedAt = 0;
}

/** Asks the server now (one request at a time); resolves with the answer. */
export function refreshPublicSession(): Promise<PublicSession | null> {
  inflight ??= fetchPublicSession()
    .then((value) => {
      setPublicSession(value);
      return value;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * The current session for a public page: undefined until known, null when signed out. Checks
 * the server after hydration when the last answer is missing or stale.
 */
export function usePublicSession() {
  const session = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    if (Date.now() - fetchedAt > STALE_MS) {
      refreshPublicSession().catch(() => undefined); // unknown: the page shows Sign In
    }
  }, []);
  return session;
}
