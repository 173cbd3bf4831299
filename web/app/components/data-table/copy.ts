// The dashboard lists' shared words, English and Khmer (namespace "table"): the table's states and
// paging, the date-range filter and its calendar, the copy toasts and the text rules' messages.
// The Khmer arrives with the rest of the Khmer copy when Khmer is chosen (lib/i18n.ts). Plan titles
// in the reader's language: `itemTitle` (features/payments/item-title.ts). A form's messages:
// `fieldMessage` (./field-message.ts, with the forms, not with the lists).
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enTable from "~/locales/en/table.json";

registerNamespace("table", { en: enTable });

export const useTableCopy = () => useTranslation("table");

/** The "table" words in the language current at the call, for code outside React (a toast after an await). */
export const tableText = translatorFor("table");
