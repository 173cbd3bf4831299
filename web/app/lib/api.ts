/**
 * Typed client for the Keyshop JSON API (same origin; the session cookie is httpOnly and
 * sent by the browser). Every non-2xx answer becomes an ApiError carrying the server's
 * `{ code, message, issues? }` so callers branch on `code` (one of the error table's codes,
 * contracts/errors.ts), never on the status or the message text. Failures are put into words in
 * one place: ~/lib/errors.ts.
 */

import createClient from "openapi-fetch";

import type { paths } from "../../../contracts/api-types";
// The table's codes and statuses, without zod or the English messages (this client is on every page).
import { ERROR_STATUS, isErrorCode, type ErrorCode, type ErrorIssue } from "../../../contracts/error-statuses";
import type { Me, PublicConfig } from "../../../contracts/me";
import { takeEarly } from "~/lib/early-requests";
import { loadErrorWords } from "~/lib/error-text";

export type ApiIssue = ErrorIssue;
/**
 * The table's codes, plus the client's own: NETWORK_ERROR (no answer at all) and HTTP_ERROR (an
 * answer without a code from the table, e.g. a proxy's 502 page).
 */
export type ApiErrorCode = ErrorCode | "NETWORK_ERROR" | "HTTP_ERROR";

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** For logs; decisions go by `code`. */
  readonly status: number;
  readonly issues?: ApiIssue[];

  constructor(code: ApiErrorCode, message: string, status: number, issues?: ApiIssue[]) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Worth one more try: no answer, or the server's side (a 5xx code); never a refusal of the request. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  // Without a code from the table, only the status says whose side failed.
  if (error.code === "NETWORK_ERROR" || error.code === "HTTP_ERROR") return error.status === 0 || error.status >= 500;
  return ERROR_STATUS[error.code] >= 500;
}

type ErrorAnswer = { code: ErrorCode; message: string; issues?: ApiIssue[] };

function isErrorBody(value: unknown): value is ErrorAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    isErrorCode((value as ErrorAnswer).code) &&
    typeof (value as ErrorAnswer).message === "string"
  );
}

/**
 * The typed client (openapi-fetch over contracts/api-types.ts, generated from the server's OpenAPI
 * document: decision 028). Paths, parameters, bodies and answers are the server's own types; query
 * strings are built by the client. Call `unwrap(client.GET(…))` for the answer or an ApiError.
 */
export const client = createClient<paths>({
  baseUrl: "",
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  // Looked up on each call (not captured once), so a page's or a test's fetch is the one used. A
  // request the first load already sent (lib/early-requests.ts) takes that answer.
  fetch: (request) => takeEarly(request) ?? globalThis.fetch(request),
});

type Result<D, E> = { data?: D; error?: E; response: Response };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** A 2xx answer's body; anything else an ApiError with the error table's code (never decided by status). */
export async function unwrap<D, E>(pending: Promise<Result<D, E>>): Promise<D> {
  let result: Result<D, E>;
  try {
    result = await pending;
  } catch (error) {
    if (isAbort(error)) throw error; // a cancelled query, not a failure
    await loadErrorWords();
    throw new ApiError("NETWORK_ERROR", "Unable to reach the server. Check your connection and try again.", 0);
  }
  const { response } = result;
  if (response.ok) return result.data as D;
  // The words of failures come with the first one (lib/error-text.ts), before anyone words it.
  await loadErrorWords();
  const body: unknown = result.error;
  if (isErrorBody(body)) throw new ApiError(body.code, body.message, response.status, body.issues);
  throw new ApiError("HTTP_ERROR", `The server answered ${response.status} ${response.statusText}`.trim(), response.status);
}

// ---- Endpoints (shapes from contracts/, shared with the server) ----------------------------

export type AppConfig = PublicConfig;
export type CurrentUser = Me;

export const api = {
  getConfig: (): Promise<AppConfig> => unwrap(client.GET("/api/config")),

  /** The signed-in user, or null when there is no session (401 UNAUTHENTICATED). */
  getMe: async (): Promise<CurrentUser | null> => {
    try {
      const { user } = await unwrap(client.GET("/api/me"));
      return user;
    } catch (error) {
      if (isApiError(error) && error.code === "UNAUTHENTICATED") return null;
      throw error;
    }
  },
};
