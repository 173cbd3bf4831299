// The passkeys' words, English and Khmer (namespace "passkeys"; the Khmer arrives with the rest of
// the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, useTranslation, type TFunction } from "~/lib/i18n";
import enPasskeys from "~/locales/en/passkeys.json";

import { PasskeyError } from "./api";

registerNamespace("passkeys", { en: enPasskeys });

export const usePasskeyCopy = () => useTranslation("passkeys");

/** What to tell the person when a passkey action did not happen. */
export function passkeyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof PasskeyError) {
    if (error.reason !== "server") return t(`errors.${error.reason}`);
    if (error.message) return error.message;
  }
  return t("errors.generic");
}
