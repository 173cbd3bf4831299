// The customer's page and the header's customer search, English and Khmer (namespace
// "adminCustomer"; the Khmer arrives with the rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { REASON_MESSAGES } from "../../../../../contracts/customers";
import { fieldMessage } from "~/components/data-table/field-message";
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import { knownText } from "~/lib/error-text";
import enAdminCustomer from "~/locales/en/adminCustomer.json";


registerNamespace("adminCustomer", { en: enAdminCustomer });

export const useAdminCustomerCopy = () => useTranslation("adminCustomer");

/** The namespace's t() in the language current at the call (toasts, texts made outside React). */
export const adminCustomerText = translatorFor("adminCustomer");

/** The first of `keys` whose English is `message` (its values read back), in the current language; else the message. */
function known(keys: string[], message: string): string {
  for (const key of keys) {
    const text = knownText("adminCustomer", key, message);
    if (text !== null) return text;
  }
  return message;
}

const SERVER_KEYS = ["extended", "extendedTerm", "suspended", "resumed", "revoked", "changesSet", "released", "resent", "issued", "unknownPlan", "noPlanChanges"].map((k) => `server.${k}`);
const NOTE_KEYS = ["extended", "extendedTerm", "releasedBySupport", "released", "firstKey", "activated", "refunded"].map((k) => `historyNotes.${k}`);

/** What the server says a licence action or issue did (its English, server/features/licenses/admin-actions.ts), in the reader's language. */
export const serverText = (message: string) => known(SERVER_KEYS, message);

/** A licence history note the server writes (the support's and the licence service's), in the reader's language. */
export const historyNote = (notes: string) => known(NOTE_KEYS, notes);

const FIELD_KEYS: Record<string, string> = {
  [REASON_MESSAGES.short]: "adminCustomer:form.reasonShort",
  [REASON_MESSAGES.long]: "adminCustomer:form.reasonLong",
  "Name is too long (100 characters at most)": "adminCustomer:issue.nameTooLong",
};

/** A field's message (the contracts' and the text rules' English, or the server's) in the reader's language. */
export function fieldText(message: string | null | undefined): string | undefined {
  const text = fieldMessage(adminCustomerText, message, FIELD_KEYS);
  return text !== undefined && text === message ? serverText(text) : text;
}
