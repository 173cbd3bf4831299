/**
 * Typed client for the Keyshop JSON API (same origin; the session cookie is httpOnly and
 * sent by the browser). Every non-2xx answer becomes an ApiError carrying the server's
 * `{ code, message, issues? }` so callers branch on `code`, never on message text.
 */

import type { ErrorBody } from "../../../contracts/errors";
import type { Me, MeResponse, PublicConfig } from "../../../contracts/me";

export type ApiIssue = NonNullable<ErrorBody["issues"]>[number];

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly issues?: ApiIssue[];

  constructor(code: string, message: string, status: number, issues?: ApiIssue[]) {
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

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ErrorBody).code === "string" &&
    typeof (value as ErrorBody).message === "string"
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type RequestOptions = Omit<RequestInit, "body"> & { body?: unknown };

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      "NETWORK_ERROR",
      "Unable to reach the server. Check your connection and try again.",
      0,
    );
  }

  const data = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(data.code, data.message, response.status, data.issues);
    }
    throw new ApiError(
      "HTTP_ERROR",
      `The server answered ${response.status} ${response.statusText}`.trim(),
      response.status,
    );
  }
  return data as T;
}

// ---- Endpoints (shapes from contracts/, shared with the server) ----------------------------

export type AppConfig = PublicConfig;
export type CurrentUser = Me;

export const api = {
  getConfig: () => apiFetch<AppConfig>("/api/config"),

  /** The signed-in user, or null when there is no session (401 UNAUTHENTICATED). */
  getMe: async (): Promise<CurrentUser | null> => {
    try {
      const { user } = await apiFetch<MeResponse>("/api/me");
      return user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
};
