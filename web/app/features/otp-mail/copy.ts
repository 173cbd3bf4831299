// OTP Gmail's words, English and Khmer (namespace "otp"; the Khmer arrives with the rest of the
// Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enOtp from "~/locales/en/otp.json";

import "~/components/data-table/copy";

registerNamespace("otp", { en: enOtp });

export const useOtpCopy = () => useTranslation("otp");
