// The seller's price list on the static landing (decision 076). The page is prerendered from the
// code's catalogue; this asks GET /api/plans (revalidated: never a stale copy after a reload) and
// shows it in the same cards: prices (cards and hero buttons), bonus and key lines, plans no longer
// on sale hidden. Markup from features/landing/pricing-section.tsx and hero.tsx; the app's first
// render does the same from window.ksCatalogue (features/landing/landing-plans.ts shownPlans), so
// hydration finds this markup. The popular mark and new plans wait for the app.
import { staticSignal as signal } from "./app";

interface ApiPlan {
  id: string;
  market: string;
  price: string;
  priceMills: number;
  bonusDays: number;
  keyChanges: number;
}

/** What data-count-words holds: the page's words with COUNT_MARK where the number goes. */
const COUNT_MARK = "987654321";

function say(words: Record<string, string>, id: string, count: number) {
  return (words[id] ?? "").replace(COUNT_MARK, String(count));
}

/** Replaces `from` by `to` in the text nodes of `node` (a hero button's "1 Month · $9.99"). */
function replaceText(node: Element, from: string, to: string) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.nodeValue?.includes(from)) text.nodeValue = text.nodeValue.replace(from, to);
  }
}

/** The hero's plan buttons (features/landing/hero.tsx). */
const heroPlans = () => document.querySelector<HTMLElement>('[aria-labelledby="hero-plans-label"]');

function showCard(card: HTMLElement, plan: ApiPlan, words: Record<string, string>) {
  const price = card.querySelector<HTMLElement>("[data-testid=plan-price]");
  const shown = price?.textContent ?? "";
  if (price && shown !== plan.price) {
    price.textContent = plan.price;
    // The hero's button for the same plan says the price in a sentence.
    const hero = heroPlans()?.querySelector(`[data-plan-choice="${plan.id}"]`);
    if (hero && shown) replaceText(hero, shown, plan.price);
  }
  const keys = card.querySelector<HTMLElement>("[data-feature=timeChangeKeys] span:last-child");
  if (keys) keys.textContent = say(words, "timeChangeKeys", plan.keyChanges);
  const bonus = card.querySelector<HTMLElement>("[data-feature=bonusDays]");
  if (plan.bonusDays > 0) {
    // A plan that had no bonus gets its line first, made like the others (planFeatures' order).
    const line = bonus ?? (card.querySelector<HTMLElement>("[data-feature]")?.cloneNode(true) as HTMLElement | undefined);
    if (!line) return;
    line.dataset.feature = "bonusDays";
    const text = line.querySelector("span:last-child");
    if (text) text.textContent = say(words, "bonusDays", plan.bonusDays);
    if (!bonus) card.querySelector("[data-feature]")?.before(line);
  } else {
    bonus?.remove();
  }
}

/** Applies the price list to the prerendered cards; gives it to the app for its first render. */
export function showCatalogue(plans: ApiPlan[]) {
  const section = document.querySelector<HTMLElement>("[data-count-words]");
  if (!section || signal.aborted) return;
  const words = JSON.parse(section.dataset.countWords ?? "{}") as Record<string, string>;
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const list of section.querySelectorAll<HTMLElement>("[data-market-plans]")) {
    let onSale = 0;
    for (const card of list.querySelectorAll<HTMLElement>(":scope > li[data-plan]")) {
      const plan = byId.get(card.dataset.plan ?? "");
      card.hidden = !plan;
      const heroChoice = heroPlans()?.querySelector<HTMLElement>(`[data-plan-choice="${card.dataset.plan}"]`);
      if (heroChoice) heroChoice.hidden = !plan;
      if (!plan) continue;
      onSale += 1;
      showCard(card, plan, words);
    }
    list.style.setProperty("--plans", String(onSale));
    if (list.dataset.marketPlans === "local") heroPlans()?.style.setProperty("--plans", String(onSale));
  }
  window.ksCatalogue = plans as Window["ksCatalogue"];
}

/** On the landing: asks for the price list at once, and shows it. */
export function enhanceCatalogue() {
  if (!document.querySelector("[data-count-words]")) return;
  fetch("/api/plans", { cache: "no-cache", signal, headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<{ plans: ApiPlan[] }>) : null))
    .then((body) => {
      if (body && Array.isArray(body.plans)) showCatalogue(body.plans);
    })
    // Offline or refused: the prerendered prices stay; a checkout charges the server's price anyway.
    .catch(() => undefined);
}
