// The price list GET /api/plans gives for the code's catalogue: what tests of pages that read the
// seller's plans (decision 076) answer with.
import { formatMoney } from "../../../contracts/money";
import { featureText, PLAN_CATALOGUE, type Market } from "../../../contracts/plan-catalogue";
import type { Plan } from "../../../contracts/plans";

export function planDtos(market?: Market): Plan[] {
  return PLAN_CATALOGUE.filter((p) => !market || p.market === market).map((p) => ({
    id: p.id,
    title: p.title,
    months: p.months,
    market: p.market,
    priceMills: p.priceMills,
    price: formatMoney(p.priceMills),
    periodDays: p.periodDays,
    bonusDays: p.bonusDays,
    keyChanges: p.keyChanges,
    isPopular: p.isPopular,
    features: p.features.map(featureText),
    featureList: p.features,
  }));
}
