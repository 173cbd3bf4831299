// The text for a failed call, in the reader's language (lib/error-text.ts): lib/errors.ts re-exports
// it for every caller, and lib/error-toasts.ts words its toasts with it.
import { isApiError } from "~/lib/api";
import { errorsText as t, serverMessage } from "~/lib/error-text";

/** The text for a failed call: the first field issue when there is one, else the message. */
export function errorMessage(error: unknown, fallback?: string): string {
  // English until the namespace has come (a failure that did not come through the API client).
  const otherwise = fallback ?? t("somethingWentWrong", { defaultValue: "Something went wrong. Please try again." });
  if (isApiError(error)) {
    const issue = error.issues?.[0]?.message;
    if (issue) return issue;
    return error.message ? serverMessage(error.code, error.message) : otherwise;
  }
  if (error instanceof Error && error.message) return error.message;
  return otherwise;
}
