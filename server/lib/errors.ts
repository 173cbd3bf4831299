// One error taxonomy: a code maps to an HTTP status; clients branch on the code.
import type { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface ErrorBody {
  code: string;
  message: string;
  issues?: ErrorIssue[];
}

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly status: number = ERROR_STATUS[code as keyof typeof ERROR_STATUS] ?? 400,
    public readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export function issuesFromZod(error: ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

export function validationError(error: ZodError): AppError {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid input";
  return new AppError("VALIDATION_FAILED", message, 422, issues);
}

/** The body for a 4xx Hono raised itself (a request body that is not JSON, or not JSON at all). */
export function httpExceptionBody(err: HTTPException): ErrorBody {
  const code = Object.entries(ERROR_STATUS).find(([, status]) => status === err.status)?.[0] ?? "BAD_REQUEST";
  const message = err.status === 415 ? "Send the body as JSON (Content-Type: application/json)." : err.message || "Bad request.";
  return { code, message };
}
