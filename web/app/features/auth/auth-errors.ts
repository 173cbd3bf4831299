// better-auth's refusals in the reader's language: a code whose message is better-auth's own (or
// one the server is known to send) gets the auth namespace's text; any other message is shown as
// the server sent it (the spec: "the auth provider's own text").
import { authText as t } from "~/features/auth/copy";
import { knownText } from "~/lib/error-text";
import i18n, { registerNamespace } from "~/lib/i18n";
import enAuth from "~/locales/en/auth.json";
import enErrors from "~/locales/en/errors.json";

// better-auth's answers do not come through the API client, which brings the errors namespace
// with a failure (lib/error-text.ts): the sign-in forms carry its English themselves.
registerNamespace("errors", { en: enErrors });

type ProviderError = { message?: string; status?: number; statusText?: string; code?: string };

const KNOWN_MESSAGES = Object.keys(enAuth.errors.messages).map((key) => `errors.messages.${key}`);

/** A message the server sent, in the reader's language when it is one these texts know. */
function translated(code: string | undefined, message: string): string {
  const candidates = code ? [`errors.codes.${code}`, ...KNOWN_MESSAGES] : KNOWN_MESSAGES;
  for (const key of candidates) {
    const text = knownText("auth", key, message);
    if (text !== null) return text;
  }
  // The shop's own codes (RATE_LIMITED, VALIDATION_FAILED, ...) from the edge in front of better-auth.
  return (code && knownText("errors", `codes.${code}`, message)) || message;
}

/** The auth provider's own text where it has one, otherwise a plain fallback. */
export function providerErrorMessage(error: ProviderError | null | undefined): string {
  if (error?.message) return translated(error.code, error.message);
  if (error?.code === "RATE_LIMITED") return t("errors.rateLimited");
  // No answer at all (no code to go by).
  if (error?.status === 0 || error?.status === undefined) return t("errors.network");
  // An answer without a body: its HTTP reason in English, or the general text in other languages.
  return (i18n.language === "en" && error.statusText) || t("errors.generic");
}

/** Texts for the `error` query parameter better-auth adds when a link fails. */
export function linkErrorMessage(code: string): string {
  switch (code.toUpperCase()) {
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
    case "EXPIRED_TOKEN":
      return t("errors.link.expired");
    case "USER_NOT_FOUND":
      return t("errors.link.userNotFound");
    default:
      return t("errors.link.generic");
  }
}
