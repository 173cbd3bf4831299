// The landing's plans (decision 076). The page is prerendered from the code's catalogue; on the
// static page web/enhance/catalogue.ts then shows the seller's price list (GET /api/plans) in the
// same cards: new prices, bonus and key lines, the popular mark, plans added after the build (new
// cards), retired plans hidden. When the app takes over, its first render is what the page shows
// (so hydration finds the same markup); then the app shows the price list as the server gives it
// and a plan opens its checkout at that price.
import { useState } from "react";

import { MARKETS, PLAN_CATALOGUE, planFeatures, type CataloguePlan, type Market } from "../../../../contracts/plan-catalogue";
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
 * cards, so the app's first render is that markup: per market, the plans on sale in the seller's
 * order (as the API lists them) with their price, bonus days, key changes and popular mark, a
 * prerendered plan keeping its features' extras, a plan added after the build worded from the API
 * (its featureList); then the prerendered plans no longer on sale, hidden. Kept in step with
 * web/enhance/catalogue.ts.
 */
export function shownPlans(built: readonly CataloguePlan[], current: readonly Plan[] | undefined): ShownPlan[] {
  if (!current) return [...built];
  return MARKETS.flatMap((market) => {
    const prerendered = built.filter((p) => p.market === market);
    const onSale = current.filter((p) => p.market === market);
    return [
      ...onSale.map((now): ShownPlan => {
        const plan = prerendered.find((p) => p.id === now.id);
        if (!plan) return fromApi(now);
        return {
          ...plan,
          priceMills: now.priceMills,
          bonusDays: now.bonusDays,
          keyChanges: now.keyChanges,
          isPopular: now.isPopular,
          features: planFeatures({ bonusDays: now.bonusDays, keyChanges: now.keyChanges, extras: plan.extras }),
        };
      }),
      ...prerendered.filter((p) => !onSale.some((now) => now.id === p.id)).map((p) => ({ ...p, isPopular: false, hidden: true })),
    ];
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

/** One market's plans, in order. */
export function marketPlans(plans: readonly ShownPlan[], market: Market): ShownPlan[] {
  return plans.filter((p) => p.market === market);
}
