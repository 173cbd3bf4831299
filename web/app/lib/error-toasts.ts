// Each action's toast for a failed call, with the spec's words (§5, §8): which codes have texts of
// their own, the title, the fallback. Loaded with the first failure a page toasts
// (lib/errors.ts showErrorToast), not with the page (issue #28 item 5); the errors namespace's words
// have come with the failure (lib/error-text.ts).
import { isApiError, type ApiError, type ApiErrorCode } from "~/lib/api";
import { errorsText as t, serverMessage } from "~/lib/error-text";
import { errorMessage } from "~/lib/error-message";

export type ErrorToast = { title: string; description: string };

/** A text of the errors namespace (made when the toast is). */
type Text = () => string;
type CodeText = { title: Text; description: Text } | ((error: ApiError) => ErrorToast);

interface ActionTexts {
  /** The toast title for any failure the codes below do not name. */
  title: Text;
  /** The description when the server said nothing usable. */
  fallback?: Text;
  /** Codes with texts of their own. */
  codes?: Partial<Record<ApiErrorCode, CodeText>>;
}

const text = (key: string): Text => () => t(key);
const ERROR = text("error");

/** Every action that toasts a failed call, with the spec's words (§5, §8). */
const ACTIONS = {
  "buy-gmail": {
    title: text("actions.buyGmail.title"),
    fallback: text("actions.buyGmail.fallback"),
    codes: {
      UNAUTHENTICATED: { title: ERROR, description: text("actions.buyGmail.loginFirst") },
      INSUFFICIENT_FUNDS: { title: text("actions.buyGmail.insufficientTitle"), description: text("actions.buyGmail.insufficient") },
      API_KEY_NOT_FOUND: { title: text("actions.buyGmail.apiKeyMissingTitle"), description: text("actions.buyGmail.apiKeyMissing") },
    },
  },
  "check-otp": { title: text("actions.checkOtp.title"), fallback: text("actions.checkOtp.fallback") },
  "adjust-balance": {
    // The admin's words (contracts/admin.ts BALANCE_MESSAGES; the errors namespace has them in each language).
    title: ERROR,
    codes: {
      // A subtraction below zero: the same code as an OTP purchase the balance cannot pay, the spec's admin words.
      INSUFFICIENT_FUNDS: { title: text("actions.adjustBalance.invalidOperationTitle"), description: text("actions.adjustBalance.negative") },
      VALIDATION_FAILED: (error) =>
        error.issues?.[0]?.path === "amountMills"
          ? { title: t("actions.adjustBalance.invalidTitle"), description: t("actions.adjustBalance.invalid") }
          : { title: t("error"), description: errorMessage(error) },
    },
  },
  "change-key": { title: ERROR, codes: { UNAUTHENTICATED: { title: ERROR, description: text("actions.changeKey.noSession") } } },
  "rename-license": { title: ERROR },
  "update-profile": { title: ERROR },
  "renewal-options": { title: text("actions.renewalOptions.title") },
  "regenerate-key": { title: ERROR },
  "update-role": { title: text("actions.updateRole.title") },
  // The reseller flag (decision 080): the server's 'User not found' in the reader's language.
  "update-reseller": {
    title: text("actions.updateReseller.title"),
    codes: { NOT_FOUND: { title: text("actions.updateReseller.title"), description: text("actions.updateReseller.notFound") } },
  },
  "reset-two-factor": { title: ERROR },
  "save-webhook": {
    title: text("actions.saveWebhook.title"),
    codes: { WEBHOOK_URL_NOT_ALLOWED: (error) => ({ title: t("actions.saveWebhook.urlNotAllowedTitle"), description: serverMessage(error.code, error.message) }) },
  },
  "change-webhook": { title: ERROR },
  // The Catalogue page (decision 074): PLAN_EXISTS, LAST_PLAN_ON_SALE, NOT_FOUND in the table's words.
  "save-plan": { title: ERROR },
  // The Discount codes page (decision 077): a name taken (DISCOUNT_EXISTS) in the table's words, under its title.
  "save-discount": {
    title: text("actions.saveDiscount.title"),
    codes: { DISCOUNT_EXISTS: (error) => ({ title: t("actions.saveDiscount.title"), description: serverMessage(error.code, error.message) }) },
  },
  "replay-delivery": {
    title: text("actions.replayDelivery.title"),
    codes: { CONFLICT: { title: text("actions.replayDelivery.conflictTitle"), description: text("actions.replayDelivery.conflict") } },
  },
} satisfies Record<string, ActionTexts>;

export type ErrorAction = keyof typeof ACTIONS;

/** The toast for a failed `action`: the spec's text for its code, else the title with the server's message. */
export function toastFor(error: unknown, action: ErrorAction): ErrorToast {
  const texts: ActionTexts = ACTIONS[action];
  if (isApiError(error)) {
    const code = texts.codes?.[error.code];
    if (code) return typeof code === "function" ? code(error) : { title: code.title(), description: code.description() };
  }
  return { title: texts.title(), description: errorMessage(error, texts.fallback?.()) };
}
