/**
 * The one place the web turns a failed call into words. The server's error table
 * (contracts/errors.ts) gives every failure a code; each action maps the codes it can meet to the
 * spec's toast texts (§8, lib/error-toasts.ts, loaded with the first toast) and falls back to the
 * server's own message. Callers branch on nothing: they call `showErrorToast(error, action)` (or
 * `toastFor`). Never on the HTTP status.
 * Every text is the errors namespace's (English as the spec words it, and Khmer; lib/error-text.ts),
 * in the language current when the toast is made; a server message the table knows is shown in
 * that language too, any other as the server sent it.
 * (Dashboard code: this file imports sonner. The landing's checkout reads VALIDATION_FAILED's text
 * with `validationMessage` in features/payments/api.ts.)
 */
import { toast } from "~/lib/toast";

import { isApiError, type ApiErrorCode } from "~/lib/api";
import { loadErrorWords } from "~/lib/error-text";
import type { ErrorAction } from "~/lib/error-toasts";

// A refused discount code (DISCOUNT_*) is said at its field, in the table's words (error-text.ts: no sonner there, for the landing's checkout).
export { discountRefusalText, isDiscountRefusal } from "~/lib/error-text";

// The text of a failed call (its own module: the toasts' texts use it too, without this file).
export { errorMessage } from "~/lib/error-message";

// The toasts' texts per action (lib/error-toasts.ts) load with the first failure toasted (issue #28 item 5).
export type { ErrorAction, ErrorToast } from "~/lib/error-toasts";

/** The code of a failed call, or null when it is not an API error (a bug, an aborted render). */
export function errorCode(error: unknown): ApiErrorCode | null {
  return isApiError(error) ? error.code : null;
}

/**
 * Shows `toastFor(error, action)` as an error toast (replacing the toast `id`, e.g. a loading one),
 * once the errors namespace is here: an ApiError brought it, any other failure may be the first.
 */
export function showErrorToast(error: unknown, action: ErrorAction, options: { id?: string | number } = {}) {
  void Promise.all([import("~/lib/error-toasts"), loadErrorWords()]).then(([{ toastFor }]) => {
    const { title, description } = toastFor(error, action);
    toast.error(title, { ...options, description });
  });
}
