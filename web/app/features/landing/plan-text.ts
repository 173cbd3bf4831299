import type { Language, TFunction } from "~/lib/i18n";

import { planPeriod, planTitle, type PlanFeature } from "../../../../contracts/plan-catalogue";

/** The plan's title in a language ("1 Month", "1 ខែ"): from its length, as everywhere (contracts/plan-catalogue.ts). */
export function planName(plan: { months: number }, lng: Language): string {
  return planTitle(plan.months, lng);
}

/** "per month" / "per 3 months" / "per year" in a language, from the plan's length. */
export function planPeriodText(plan: { months: number }, lng: Language): string {
  return planPeriod(plan.months, lng);
}

/** A plan feature in the current language, with its number where it has one. */
export function planFeature(t: TFunction, feature: PlanFeature): string {
  return t(`pricing.features.${feature.id}`, { count: feature.count });
}
