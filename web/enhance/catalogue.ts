// The seller's price list on the static landing (decision 076). The page is prerendered from the
// code's catalogue; this asks GET /api/plans (revalidated: never a stale copy after a reload) and
// shows it in the same cards: prices (cards and hero buttons), bonus and key lines, the popular
// mark, plans added after the build (new cards, catalogue-card.ts), all in the seller's order, and
// plans no longer on sale hidden (after the others). Markup from features/landing/pricing-section.tsx
// and hero.tsx; the app's first render does the same from window.ksCatalogue
// (features/landing/landing-plans.ts shownPlans), so hydration finds this markup.
import { staticSignal as signal } from "./app";
import { newCard, newHeroChoice, say, type ApiPlan, type Words } from "./catalogue-card";

/** data-looks: each kind's classes, plain then popular (features/landing/plan-looks.ts). */
type Looks = Partial<Record<"card" | "choice" | "hero", [string, string]>>;

/** Replaces `from` by `to` in the text nodes of `node` (a hero button's "1 Month · $9.99"). */
function replaceText(node: Element, from: string, to: string) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.nodeValue?.includes(from)) text.nodeValue = text.nodeValue.replace(from, to);
  }
}

/** The hero's plan buttons (features/landing/hero.tsx). */
const heroPlans = () => document.querySelector<HTMLElement>('[aria-labelledby="hero-plans-label"]');

function showCard(card: HTMLElement, plan: ApiPlan, words: Words) {
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

/** Gives `node` the look of `kind`, popular or not, when the page says it. */
function look(node: Element | null | undefined, looks: Looks, kind: keyof Looks, popular: boolean) {
  const classes = looks[kind]?.[popular ? 1 : 0];
  if (node && classes) node.className = classes;
}

/** Applies the price list to the prerendered cards; gives it to the app for its first render. */
export function showCatalogue(plans: ApiPlan[]) {
  const section = document.querySelector<HTMLElement>("[data-count-words]");
  if (!section || signal.aborted) return;
  const words = JSON.parse(section.dataset.countWords ?? "{}") as Words;
  const looks = JSON.parse(section.dataset.looks ?? "{}") as Looks;
  const hero = heroPlans();
  // The popular badge, to copy onto the plans the seller marks (the app gives each its own).
  const badge = section.querySelector("[data-popular-badge]")?.cloneNode(true);
  for (const list of section.querySelectorAll<HTMLElement>("[data-market-plans]")) {
    const cards = new Map([...list.querySelectorAll<HTMLElement>(":scope > li[data-plan]")].map((card) => [card.dataset.plan, card]));
    const template = [...cards.values()][0];
    if (!template) continue;
    const onSale = plans.filter((plan) => plan.market === list.dataset.marketPlans);
    const shown = onSale.map((plan) => {
      let card = cards.get(plan.id);
      if (card) showCard(card, plan, words);
      else card = newCard(template, plan, words);
      cards.delete(plan.id);
      card.hidden = false;
      return card;
    });
    for (const retired of cards.values()) retired.hidden = true;
    // The seller's order, then the plans no longer on sale.
    list.append(...shown, ...cards.values());
    list.style.setProperty("--plans", String(shown.length));

    // The popular mark (one a market, as the seller sets it; each marked plan has it, as in the
    // app): the card's look, its button's, and the badge.
    const popular = new Set(onSale.filter((plan) => plan.isPopular).map((plan) => plan.id));
    for (const card of list.querySelectorAll<HTMLElement>(":scope > li[data-plan]")) {
      const marked = !card.hidden && popular.has(card.dataset.plan ?? "");
      look(card, looks, "card", marked);
      look(card.querySelector("[data-slot=button]"), looks, "choice", marked);
      const own = card.querySelector(":scope > [data-popular-badge]");
      if (!marked) own?.remove();
      else if (!own && badge) card.prepend(badge.cloneNode(true));
    }

    if (hero && list.dataset.marketPlans === "local") {
      // The hero lists the local plans, in the same order, with the same mark.
      const first = hero.querySelector<HTMLElement>("[data-plan-choice]");
      for (const card of list.querySelectorAll<HTMLElement>(":scope > li[data-plan]")) {
        const plan = onSale.find((p) => p.id === card.dataset.plan);
        let choice = hero.querySelector<HTMLElement>(`[data-plan-choice="${card.dataset.plan}"]`) ?? undefined;
        if (!choice && plan && first) choice = newHeroChoice(first, plan, words);
        if (!choice) continue;
        choice.hidden = card.hidden;
        look(choice, looks, "hero", !card.hidden && popular.has(card.dataset.plan ?? ""));
        hero.append(choice);
      }
      hero.style.setProperty("--plans", String(shown.length));
    }
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
