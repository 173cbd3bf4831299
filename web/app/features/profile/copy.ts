// Profile's words, English and Khmer (namespace "profile"; the passkeys card has its own, and so has
// the two-factor card, "profileTwoFactor", registered by two-factor-card.tsx so that its words come
// with it, issue #28 item 5; the Khmer arrives with the rest of the Khmer copy when Khmer is chosen,
// lib/i18n.ts).
import { TOPUP_MESSAGES } from "../../../../contracts/order-rules";
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enProfile from "~/locales/en/profile.json";

import "~/components/data-table/copy";

registerNamespace("profile", { en: enProfile });

export const useProfileCopy = () => useTranslation("profile");

/** The English messages of Profile's own checks (contracts, forms) → their keys. */
export const PROFILE_FIELD_MESSAGES: Record<string, string> = {
  [TOPUP_MESSAGES.invalid]: "profile:topUp.invalid",
  [TOPUP_MESSAGES.min]: "profile:topUp.min",
  [TOPUP_MESSAGES.max]: "profile:topUp.max",
  "Name is too long (100 characters at most)": "profile:user.tooLong",
  "Enter your password": "profileTwoFactor:twoFactor.passwordRequired",
  "Enter the code": "profileTwoFactor:twoFactor.codeRequired",
  "That is not a code from your app or a backup code": "profileTwoFactor:twoFactor.codeInvalid",
};
