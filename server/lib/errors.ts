// One error taxonomy (contracts/errors.ts): a code has one HTTP status and a default message;
// AppError accepts only the table's codes and takes its status from the table. Clients branch
// on the code.
import type { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { codeForStatus, ERRORS, isErrorCode, type ErrorBody, type ErrorCode, type ErrorIssue, type StatusOf } from "../../contracts/errors";

export type { ErrorBody, ErrorCode, ErrorIssue };

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  /** The code's status from the table, never chosen by the thrower. */
  readonly status: StatusOf<C>;

  constructor(
    public readonly code: C,
    message?: string,
    public readonly issues?: ErrorIssue[],
  ) {
    // A cast that slips an unknown code past the compiler fails loudly (a 500), never a silent 400.
    if (!isErrorCode(code)) throw new TypeError(`${String(code)} is not in the error table (contracts/errors.ts)`);
    super(message ?? ERRORS[code].message);
    this.name = "AppError";
    this.status = ERRORS[code].status as StatusOf<C>;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

/** The `{ code, message }` body for a response built by hand (a route that answers without throwing). */
export function errorBody(code: ErrorCode, message: string = ERRORS[code].message): ErrorBody {
  return { code, message };
}

export function issuesFromZod(error: ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

export function validationError(error: ZodError): AppError<"VALIDATION_FAILED"> {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : ERRORS.VALIDATION_FAILED.message;
  return new AppError("VALIDATION_FAILED", message, issues);
}

/** The body for a 4xx Hono raised itself (a request body that is not JSON, or not JSON at all). */
export function httpExceptionBody(err: HTTPException): ErrorBody {
  const code = codeForStatus(err.status);
  return { code, message: code === "UNSUPPORTED_MEDIA_TYPE" ? ERRORS.UNSUPPORTED_MEDIA_TYPE.message : err.message || ERRORS.BAD_REQUEST.message };
}
