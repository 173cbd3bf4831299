// The Change Key and Rename dialogs' words, English and Khmer (namespace "licenseDialogs"). Apart
// from License Keys' words (./copy.ts), so that they come with the dialogs, not with the page
// (issue #28 item 5).
import { DEVICE_KEY_MESSAGES } from "../../../../contracts/device-key";
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enLicenseDialogs from "~/locales/en/licenseDialogs.json";

registerNamespace("licenseDialogs", { en: enLicenseDialogs });

export const useLicenseDialogsCopy = () => useTranslation("licenseDialogs");

/** The English messages of the licence forms' own checks (contracts) → their keys. */
export const LICENCE_FIELD_MESSAGES: Record<string, string> = {
  [DEVICE_KEY_MESSAGES.empty]: "licenseDialogs:changeKey.empty",
  [DEVICE_KEY_MESSAGES.format]: "licenseDialogs:changeKey.format",
  [DEVICE_KEY_MESSAGES.noSession]: "licenseDialogs:changeKey.noSession",
  "License key is too long": "licenseDialogs:changeKey.tooLong",
  "Name is too long (100 characters at most)": "licenseDialogs:rename.tooLong",
};
