// The landing's plans (decision 076). The page is prerendered from the code's catalogue; on the
// static page web/enhance/catalogue.ts then shows the seller's price list (GET /api/plans) in the
// same cards: new prices, bonus and key lines, retired plans hidden. When the app takes over, its
// first render is what the page shows (so hydration finds the same markup); then the app shows
// the price list as the server gives it (new plans too) and a plan opens its checkout at that price.
import { useState } from "react";

import { PLAN_CATALOGUE, planFeatures, type CataloguePlan, type Market } from "../../../../contracts/plan-catalogue";
import type { Plan } from "../../../../contracts/plans";
import { usePlans } from "~/features/plans/use-plans";

/** A plan as the landing shows it: hidden when the seller no longer sells it (still in the prerendered markup). */
export type ShownPlan = Pick<CataloguePlan, "id" | "months" | "market" | "priceMills" | "periodDays" | "bonusDays" | "keyChanges" | "isPopular" | "features"> & {
  hidden?: boolean;
};

declare global {
  interface Window {
    /** The price list web/enhance/catalogue.ts applied to the static page, for the app's first render. */
    ksCatalogue?: Plan[];
  }
}

/**
 * What the static page shows once web/enhance/catalogue.ts has applied `current` to the prerendered
 * cards: the prerendered plans, in their places, with the seller's price, bonus days and key
 * changes (the features made from them), hidden when not on sale. The popular mark and new plans
 * wait for the app. Kept in step with web/enhance/catalogue.ts.
 */
export function shownPlans(built: readonly CataloguePlan[], current: readonly Plan[] | undefined): ShownPlan[] {
  if (!current) return [...built];
  return built.map((plan) => {
    const now = current.find((p) => p.id === plan.id);
    if (!now) return { ...plan, hidden: true };
    return {
      ...plan,
      priceMills: now.priceMills,
      bonusDays: now.bonusDays,
      keyChanges: now.keyChanges,
      features: planFeatures({ bonusDays: now.bonusDays, keyChanges: now.keyChanges, extras: plan.extras }),
    };
  });
}

/** The API's plan as the landing shows it. */
function fromApi(plan: Plan): ShownPlan {
  return { ...plan, features: plan.featureList };
}

/** The landing's plans: first what the page shows, then the seller's price list as the server has it. */
export function useLandingPlans(): ShownPlan[] {
  const [first] = useState(() => shownPlans(PLAN_CATALOGUE, typeof window === "undefined" ? undefined : window.ksCatalogue));
  const current = usePlans();
  return current.status === "ready" ? current.plans.map(fromApi) : first;
}

/** Stands for the number in the words web/enhance/catalogue.ts fills in (data-count-words). */
export const COUNT_MARK = 987_654_321;

/** One market's plans, in order. */
export function marketPlans(plans: readonly ShownPlan[], market: Market): ShownPlan[] {
  return plans.filter((p) => p.market === market);
}
