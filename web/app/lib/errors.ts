/**
 * The one place the web turns a failed call into words. The server's error table
 * (contracts/errors.ts) gives every failure a code; here each action maps the codes it can meet
 * to the spec's toast texts (§8) and falls back to the server's own message. Callers branch on
 * nothing: they call `toastFor(error, action)` (or `showErrorToast`). Never on the HTTP status.
 * (Dashboard code: this file imports the contracts' message lists and sonner. The landing's
 * checkout reads VALIDATION_FAILED's text with `validationMessage` in features/payments/api.ts.)
 */
import { toast } from "sonner";

import { BALANCE_MESSAGES, ROLE_MESSAGES } from "../../../contracts/admin";
import { DEVICE_KEY_MESSAGES } from "../../../contracts/licenses";
import { isApiError, type ApiError, type ApiErrorCode } from "~/lib/api";

export type ErrorToast = { title: string; description: string };

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** The code of a failed call, or null when it is not an API error (a bug, an aborted render). */
export function errorCode(error: unknown): ApiErrorCode | null {
  return isApiError(error) ? error.code : null;
}

/** The text for a failed call: the first field issue when there is one, else the message. */
export function errorMessage(error: unknown, fallback = SOMETHING_WENT_WRONG): string {
  if (isApiError(error)) return error.issues?.[0]?.message || error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type CodeText = ErrorToast | ((error: ApiError) => ErrorToast);

interface ActionTexts {
  /** The toast title for any failure the codes below do not name. */
  title: string;
  /** The description when the server said nothing usable. */
  fallback?: string;
  /** Codes with texts of their own. */
  codes?: Partial<Record<ApiErrorCode, CodeText>>;
}

/** Every action that toasts a failed call, with the spec's words (§5, §8). */
const ACTIONS = {
  "buy-gmail": {
    title: "Purchase Failed",
    fallback: "Failed to purchase Gmail service",
    codes: {
      UNAUTHENTICATED: { title: "Error", description: "Please login first" },
      INSUFFICIENT_FUNDS: { title: "Insufficient Funds", description: "Please top up your balance to purchase Gmail service." },
      API_KEY_NOT_FOUND: { title: "API Key Missing", description: "Please generate your API key first in the Profile section." },
    },
  },
  "check-otp": { title: "Check Failed", fallback: "Failed to check OTP" },
  "adjust-balance": {
    title: BALANCE_MESSAGES.errorTitle,
    codes: {
      // A subtraction below zero: the same code as an OTP purchase the balance cannot pay, the spec's admin words.
      INSUFFICIENT_FUNDS: { title: BALANCE_MESSAGES.invalidOperationTitle, description: BALANCE_MESSAGES.negative },
      VALIDATION_FAILED: (error) =>
        error.issues?.[0]?.path === "amountMills"
          ? { title: BALANCE_MESSAGES.invalidTitle, description: BALANCE_MESSAGES.invalid }
          : { title: BALANCE_MESSAGES.errorTitle, description: errorMessage(error) },
    },
  },
  "change-key": { title: "Error", codes: { UNAUTHENTICATED: { title: "Error", description: DEVICE_KEY_MESSAGES.noSession } } },
  "rename-license": { title: "Error" },
  "update-profile": { title: "Error" },
  "renewal-options": { title: "Could not open the renewal" },
  "regenerate-key": { title: "Error" },
  "update-role": { title: ROLE_MESSAGES.errorTitle },
  "reset-two-factor": { title: "Error" },
  "save-webhook": {
    title: "Could not save the endpoint",
    codes: { WEBHOOK_URL_NOT_ALLOWED: (error) => ({ title: "URL not allowed", description: error.message }) },
  },
  "change-webhook": { title: "Error" },
  "replay-delivery": {
    title: "Replay failed",
    codes: { CONFLICT: { title: "Being sent right now", description: "This delivery is being attempted right now. Replay it once the attempt is over." } },
  },
} satisfies Record<string, ActionTexts>;

export type ErrorAction = keyof typeof ACTIONS;

/** The toast for a failed `action`: the spec's text for its code, else the title with the server's message. */
export function toastFor(error: unknown, action: ErrorAction): ErrorToast {
  const texts: ActionTexts = ACTIONS[action];
  if (isApiError(error)) {
    const text = texts.codes?.[error.code];
    if (text) return typeof text === "function" ? text(error) : text;
  }
  return { title: texts.title, description: errorMessage(error, texts.fallback) };
}

/** Shows `toastFor(error, action)` as an error toast (replacing the toast `id`, e.g. a loading one). */
export function showErrorToast(error: unknown, action: ErrorAction, options: { id?: string | number } = {}) {
  const { title, description } = toastFor(error, action);
  toast.error(title, { ...options, description });
}
