type ProviderError = { message?: string; status?: number; statusText?: string; code?: string };

/** The auth provider's own text where it has one, otherwise a plain fallback. */
export function providerErrorMessage(error: ProviderError | null | undefined): string {
  if (error?.message) return error.message;
  if (error?.code === "RATE_LIMITED") return "Too many attempts. Please wait a moment and try again.";
  // No answer at all (no code to go by).
  if (error?.status === 0 || error?.status === undefined) {
    return "Unable to reach the server. Check your connection and try again.";
  }
  return error.statusText || "Something went wrong. Please try again.";
}

/** Texts for the `error` query parameter better-auth adds when a link fails. */
export function linkErrorMessage(code: string): string {
  switch (code.toUpperCase()) {
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
    case "EXPIRED_TOKEN":
      return "This link is invalid or has expired. Please request a new one.";
    case "USER_NOT_FOUND":
      return "We could not find an account for this link.";
    default:
      return "Something went wrong with that link. Please try again.";
  }
}
