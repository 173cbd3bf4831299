// What an order, a payment, a licence or a renewal names, in the reader's language. Apart from the
// payments namespace (./copy.ts: the checkout's and the return's words), so that the lists naming
// what was bought (License Keys, Transactions History) carry neither those words nor the plan
// catalogue on their first load (issue #28 item 5).
import i18n from "~/lib/i18n";
import { planTitle, TOP_UP_WORDS } from "../../../../contracts/plan-words";
import { textsIn } from "../../../../contracts/languages";

/** What an order, a payment, a licence or a renewal names: the server's English title and the plan's length. */
export interface TitledItem {
  /** The server's English title ("3 Months", "Balance Top Up"). */
  planTitle: string | null;
  /** The plan's length in months (null: a top-up, or a plan no longer known). */
  planMonths: number | null;
}

/**
 * What was bought, in the reader's language: a plan's title is made from its length by the one
 * function every plan title comes from (contracts/plan-words.ts planTitle: 3 → "3 ខែ"), so a new
 * length or a new language needs nothing here; so is the top-up's ("Balance Top Up"); a plan no
 * longer known keeps the title the server stored.
 */
export function itemTitle(item: TitledItem): string {
  if (item.planMonths) return planTitle(item.planMonths, i18n.language);
  // The server names a top-up with the English title (contracts/order-rules.ts TOP_UP_TITLE).
  if (item.planTitle === TOP_UP_WORDS.en.title) return textsIn(TOP_UP_WORDS, i18n.language).title;
  return item.planTitle ?? "";
}
