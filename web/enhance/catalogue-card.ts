// A card (and hero button) for a plan the seller added after the build (decision 076): made from a
// prerendered card of the same market and worded from data-count-words, as PlanCard and Hero
// (features/landing/pricing-section.tsx, hero.tsx) render the plan from the API's list, so that
// the app hydrates it. The plan's button keeps data-plan-choice: pricing.ts loads the app on its
// click and replays it, which opens the sign-in or payment dialog for this plan.
import { COUNT_MARK, PRICE_MARK } from "../app/features/landing/catalogue-marks";

export interface ApiPlan {
  id: string;
  market: string;
  months: number;
  price: string;
  priceMills: number;
  bonusDays: number;
  keyChanges: number;
  isPopular: boolean;
  featureList: { id: string; count?: number }[];
}

/** data-count-words: words with COUNT_MARK where the value goes; `<key>:<n>` when n is worded otherwise. */
export type Words = Record<string, string>;

export function say(words: Words, key: string, value: number | string = "") {
  return (words[`${key}:${value}`] ?? words[key] ?? "").replace(String(COUNT_MARK), String(value));
}

/** A copy of `template` (a card of the same market) showing `plan`, not marked popular. */
export function newCard(template: HTMLElement, plan: ApiPlan, words: Words): HTMLElement {
  const card = template.cloneNode(true) as HTMLElement;
  const title = say(words, "title", plan.months);
  const heading = `plan-${plan.id}`;
  const before = template.getAttribute("aria-labelledby") ?? "";
  card.dataset.plan = plan.id;
  card.setAttribute("aria-labelledby", heading);
  card.hidden = false;
  card.querySelector("[data-popular-badge]")?.remove();
  const h3 = card.querySelector("h3");
  if (h3) {
    h3.id = heading;
    h3.textContent = title;
  }
  const price = card.querySelector("[data-testid=plan-price]");
  if (price) price.textContent = plan.price;
  // Local cards say what the price is for ("per 6 months").
  if (price?.nextElementSibling) price.nextElementSibling.textContent = say(words, "period", plan.months);
  const features = card.querySelector("ul");
  const line = features?.firstElementChild;
  if (features && line) {
    features.setAttribute("aria-label", say(words, "featuresLabel", title));
    features.replaceChildren(
      ...plan.featureList.map((feature) => {
        const item = line.cloneNode(true) as HTMLElement;
        item.dataset.feature = feature.id;
        const text = item.querySelector("span:last-child");
        if (text) text.textContent = say(words, feature.id, feature.count);
        return item;
      }),
    );
  }
  // The buy button (local) or the Telegram link (foreign): described by the new heading.
  for (const button of card.querySelectorAll<HTMLElement>("[aria-describedby]")) {
    button.setAttribute("aria-describedby", (button.getAttribute("aria-describedby") ?? "").replace(before, heading));
    if (button.dataset.planChoice) button.dataset.planChoice = plan.id;
  }
  return card;
}

/** A copy of a hero button showing `plan` ("6 Months · $54.99"). */
export function newHeroChoice(template: HTMLElement, plan: ApiPlan, words: Words): HTMLElement {
  const choice = template.cloneNode(true) as HTMLElement;
  choice.dataset.planChoice = plan.id;
  choice.hidden = false;
  choice.textContent = say(words, "heroPlan", say(words, "title", plan.months)).replace(PRICE_MARK, plan.price);
  return choice;
}
