// The sign-in's words, English and Khmer (namespace "auth"; the Khmer arrives with the rest of the
// Khmer copy when Khmer is chosen, lib/i18n.ts). The spec's English texts are kept word for word.
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enAuth from "~/locales/en/auth.json";

registerNamespace("auth", { en: enAuth });

export const useAuthCopy = () => useTranslation("auth");

/** The auth namespace's t() in the language current at the call (validation messages, toasts). */
export const authText = translatorFor("auth");
