// The dashboard lists' shared words, English and Khmer (namespace "table"): the table's states and
// paging, the date-range filter and its calendar, the copy toasts and the text rules' messages.
// The Khmer arrives with the rest of the Khmer copy when Khmer is chosen (lib/i18n.ts). Plan titles
// in the reader's language: `itemTitle` (features/payments/copy.ts).
import { TEXT_MESSAGES, type TextProblem } from "../../../../contracts/text-rules";
import { registerNamespace, translatorFor, useTranslation, type TFunction } from "~/lib/i18n";
import enTable from "~/locales/en/table.json";

registerNamespace("table", { en: enTable });

export const useTableCopy = () => useTranslation("table");

/** The "table" words in the language current at the call, for code outside React (a toast after an await). */
export const tableText = translatorFor("table");

const TEXT_KEYS = new Map(Object.entries(TEXT_MESSAGES).map(([key, message]) => [message as string, key as TextProblem]));

/**
 * A field's message in the reader's language: the words a form checked itself (`known`: the
 * English message → its key) and the text rules' messages (decision 034); anything else (the
 * server's own words) as it is.
 */
export function fieldMessage(t: TFunction, message: string | null | undefined, known: Record<string, string> = {}): string | undefined {
  if (!message) return undefined;
  const key = known[message];
  if (key) return t(key);
  const problem = TEXT_KEYS.get(message);
  return problem ? t(`table:text.${problem}`) : message;
}
