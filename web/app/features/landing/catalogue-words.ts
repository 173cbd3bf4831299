// The words the static landing's script (web/enhance/catalogue.ts) needs to show the seller's
// plans in the page's language without the app (decision 076): rendered at build time into
// data-count-words on the pricing section, with COUNT_MARK / PRICE_MARK where a value goes. A
// plan added after the build is worded from these: its title and period from its length (as
// planTitle and planPeriod make them), its features by id, its hero button.
import type { Language, TFunction } from "~/lib/i18n";

import { MAX_PLAN_MONTHS, PLAN_FEATURES, planPeriod, planTitle } from "../../../../contracts/plan-catalogue";
import { COUNT_MARK, PRICE_MARK } from "./catalogue-marks";

/** Keys the script reads: `<key>` with the mark, or `<key>:<n>` where n's words are not the mark's. */
export type CatalogueWords = Record<string, string>;

/**
 * `key`'s words for any number (`word(COUNT_MARK)`), and apart each number up to `upTo` worded
 * otherwise ("1 Month", "per year"): the rule stays in contracts/plan-catalogue.ts and the locales.
 */
function wordsFor(words: CatalogueWords, key: string, word: (n: number) => string, upTo: number) {
  const any = word(COUNT_MARK);
  words[key] = any;
  for (let n = 1; n <= upTo; n += 1) {
    const own = word(n);
    if (own !== any.replace(String(COUNT_MARK), String(n))) words[`${key}:${n}`] = own;
  }
}

export function catalogueWords(t: TFunction, lng: Language): CatalogueWords {
  const words: CatalogueWords = {};
  // Counted features differ at most for 1 (a _one plural); the others have no number.
  for (const id of PLAN_FEATURES) wordsFor(words, id, (count) => t(`pricing.features.${id}`, { count }), 1);
  wordsFor(words, "title", (months) => planTitle(months, lng), MAX_PLAN_MONTHS);
  wordsFor(words, "period", (months) => planPeriod(months, lng), MAX_PLAN_MONTHS);
  words.featuresLabel = t("pricing.featuresLabel", { title: String(COUNT_MARK) });
  words.heroPlan = t("hero.planButton", { title: String(COUNT_MARK), price: PRICE_MARK });
  return words;
}
