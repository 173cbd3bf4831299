// The dashboard lists' shared words, English and Khmer (namespace "table"): the table's states and
// paging, the date-range filter and its calendar, the copy toasts, plan titles and the text rules'
// messages. The Khmer arrives with the rest of the Khmer copy when Khmer is chosen (lib/i18n.ts).
import { TEXT_MESSAGES, type TextProblem } from "../../../../contracts/text-rules";
import i18n, { getFixedT, registerNamespace, useTranslation, type TFunction } from "~/lib/i18n";
import enTable from "~/locales/en/table.json";

registerNamespace("table", { en: enTable });

export const useTableCopy = () => useTranslation("table");

/** The "table" words in the current language, for code outside React (a toast after an await). */
export const tableT = (): TFunction => getFixedT(i18n.language, "table");

const MONTHS = /^(\d+) Months?$/;
/** The server's English top-up title (contracts/orders.ts TOP_UP_TITLE). */
const TOP_UP = "Balance Top Up";

/**
 * A plan's title in the reader's language, from its length: the server names plans "3 Months"
 * (and a top-up "Balance Top Up"); anything else is shown as it is.
 */
export function planTitleText(t: TFunction, title: string | null | undefined): string {
  if (!title) return "";
  const months = MONTHS.exec(title.trim());
  if (months) return t("table:plans.months", { count: Number(months[1]) });
  if (title === TOP_UP) return t("table:plans.topUp");
  return title;
}

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
