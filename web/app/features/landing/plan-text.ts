import type { TFunction } from "~/lib/i18n";

import type { CataloguePlan, PlanFeature } from "../../../../contracts/plan-catalogue";

type PlanTitle = CataloguePlan["title"];

const TITLE_KEYS: Record<PlanTitle, string> = {
  "1 Month": "oneMonth",
  "3 Months": "threeMonths",
  "12 Months": "twelveMonths",
};

/** The plan title in the current language ("1 Month", "1 ខែ"). */
export function planTitle(t: TFunction, title: PlanTitle): string {
  return t(`pricing.titles.${TITLE_KEYS[title]}`);
}

/** "per month" / "per 3 months" / "per year" in the current language. */
export function planPeriod(t: TFunction, title: PlanTitle): string {
  return t(`pricing.period.${TITLE_KEYS[title]}`);
}

/** A plan feature in the current language, with its number where it has one. */
export function planFeature(t: TFunction, feature: PlanFeature): string {
  return t(`pricing.features.${feature.id}`, { count: feature.count });
}
