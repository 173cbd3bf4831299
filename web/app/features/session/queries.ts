import { useQuery } from "@tanstack/react-query";

import { sessionKeys } from "~/features/session/session-keys";
import { api } from "~/lib/api";
import { setPublicSession } from "~/lib/session";

export { clearUserQueries, sessionKeys } from "~/features/session/session-keys";

export class SessionCheckError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = "SessionCheckError";
    this.status = status;
    this.code = code;
  }
}

async function fetchAuthSession() {
  // better-auth's client (about 12 KB gzip) comes with the first call, not with the dashboard (decision 049).
  const { authClient } = await import("~/lib/auth-client");
  const { data, error } = await authClient.getSession();
  if (error) {
    throw new SessionCheckError(
      error.message || error.statusText || "Could not read the session",
      error.status,
      error.code,
    );
  }
  // The public pages' header reads the same answer.
  setPublicSession(data ?? null);
  return data ?? null;
}

/** The raw better-auth session; answers 200 with null when signed out (no console noise). */
export function useAuthSession(options: { refetchOnMount?: boolean | "always" } = {}) {
  return useQuery({
    queryKey: sessionKeys.session,
    queryFn: fetchAuthSession,
    retry: false,
    ...options,
  });
}

/** The signed-in user from GET /api/me; `data` is null when there is no session. */
export function useMe() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: api.getMe });
}

export function useAppConfig() {
  return useQuery({
    queryKey: sessionKeys.config,
    queryFn: api.getConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
