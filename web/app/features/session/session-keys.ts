// Query keys of the session and the helper that drops a user's cached answers. No runtime import
// of the query library, so the public pages' sign-out can use it without loading it.
import type { QueryClient } from "@tanstack/react-query";

export const sessionKeys = {
  /** better-auth's own session read: is anybody signed in? (null when not) */
  session: ["session"] as const,
  /** GET /api/me: the signed-in user with role and flags (null when not signed in) */
  me: ["me"] as const,
  config: ["config"] as const,
};

/** Drops every cached answer that belongs to a user (after sign-in or sign-out). */
export function clearUserQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== sessionKeys.config[0] && query.queryKey[0] !== sessionKeys.session[0],
  });
}

let leaving = false;
/** True while a sign-out is taking the user home: the dashboard's guard then leaves the way to it alone. */
export function isSigningOut() {
  return leaving;
}
export function markSigningOut(value: boolean) {
  leaving = value;
}
