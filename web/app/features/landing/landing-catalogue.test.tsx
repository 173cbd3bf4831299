// The seller's price list on the landing (decision 076): web/enhance/catalogue.ts edits the
// prerendered cards and hero buttons (prices, lines, retired plans, plans added after the build,
// the popular mark, the seller's order) into exactly what the app's first render makes from the
// same list (shownPlans), so hydration finds its markup; in English and in Khmer.
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

import { formatMoney } from "../../../../contracts/money";
import { featureText, MAX_PLAN_MONTHS, PLAN_CATALOGUE, planFeatures, planPeriod, planTitle, type Market } from "../../../../contracts/plan-catalogue";
import type { Plan } from "../../../../contracts/plans";
import { getFixedT, renderIn, registerNamespace, type Language } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import km from "~/locales/km";
import { planDtos } from "~/test/plans";
import { showCatalogue } from "../../../enhance/catalogue";
import { say } from "../../../enhance/catalogue-card";

import { catalogueWords } from "./catalogue-words";
import { Hero } from "./hero";
import { marketPlans, shownPlans, type ShownPlan } from "./landing-plans";
import { PricingSection } from "./pricing-section";

registerNamespace("landing", { en: enLanding });
const noop = () => {};

function page(plans: readonly ShownPlan[]) {
  return renderToStaticMarkup(
    <>
      <Hero plans={marketPlans(plans, "local")} onChoosePlan={noop} prefetch={noop} />
      <PricingSection plans={plans} onChoosePlan={noop} prefetch={noop} />
    </>,
  );
}

/**
 * The markup as lines, attributes sorted (their order means nothing to hydration) and without
 * style attributes (the DOM writes `--plans: 2;` where React wrote `--plans:2`; checked apart).
 */
function normalized(html: string): string[] {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  for (const element of holder.querySelectorAll("*")) {
    element.removeAttribute("style");
    const attributes = [...element.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return holder.innerHTML.replace(/></g, ">\n<").split("\n");
}
const plansVar = (selector: string) => document.querySelector<HTMLElement>(selector)!.style.getPropertyValue("--plans").trim();

// The seller raised 1 Month to $12.99 and gave it 5 free days, gave 3 Months 12 key changes and
// no bonus, and retired 12 Months (local) and 1 Month (foreign).
const current = planDtos()
  .filter((p) => p.id !== "local-12m" && p.id !== "foreign-1m")
  .map((p) => (p.id === "local-1m" ? { ...p, priceMills: 12_990, price: "$12.99", bonusDays: 5 } : p))
  .map((p) => (p.id === "local-3m" ? { ...p, bonusDays: 0, keyChanges: 12 } : p));

/**
 * The seller then added a 6-month plan to each market (after the build: no prerendered card) and
 * marked the local one popular, and put the foreign list in the order 12, 6, 3 months: the API
 * lists each market in the seller's order (GET /api/plans lists foreign first).
 */
function sixMonths(market: Market, priceMills: number, isPopular: boolean): Plan {
  const featureList = planFeatures({ bonusDays: 20, keyChanges: 30 });
  return {
    id: `${market}-6m`,
    title: "6 Months",
    months: 6,
    market,
    priceMills,
    price: formatMoney(priceMills),
    periodDays: 180,
    bonusDays: 20,
    keyChanges: 30,
    isPopular,
    features: featureList.map(featureText),
    featureList,
  };
}
const added = [
  ...current.filter((p) => p.market === "foreign" && p.id !== "foreign-3m"),
  sixMonths("foreign", 89_990, false),
  ...current.filter((p) => p.id === "foreign-3m"),
  ...current.filter((p) => p.market === "local").map((p) => ({ ...p, isPopular: false })),
  sixMonths("local", 54_990, true),
];

afterEach(() => {
  document.body.innerHTML = "";
  delete window.ksCatalogue;
});

const card = (id: string) => document.querySelector<HTMLElement>(`li[data-plan="${id}"]`)!;
const heroButtons = () => [...document.querySelectorAll<HTMLButtonElement>('[aria-labelledby="hero-plans-label"] button')];
const shownIn = (market: Market) =>
  [...document.querySelectorAll<HTMLElement>(`[data-market-plans="${market}"] > li`)].filter((li) => !li.hidden).map((li) => li.dataset.plan);

function staticPage(lng: Language, plans: Plan[]) {
  if (lng === "km") renderIn("km", km);
  else renderIn("en");
  document.body.innerHTML = page(PLAN_CATALOGUE);
  showCatalogue(plans);
}

describe.each([
  { lng: "en" as Language, hero: "1 Month · $12.99", bonus: "+5 Days Free", keys: "12 time-change keys" },
  { lng: "km" as Language, hero: "1 ខែ · $12.99", bonus: "ថែម 5 ថ្ងៃ ឥតគិតថ្លៃ", keys: "ប្ដូរឧបករណ៍បាន 12 ដង" },
])("the static landing in $lng", ({ lng, hero, bonus, keys }) => {
  it("shows the seller's prices, bonus and key lines, hides retired plans, as the app's first render has them", () => {
    staticPage(lng, current);

    expect(card("local-1m").querySelector("[data-testid=plan-price]")!.textContent).toBe("$12.99");
    expect(card("local-1m").querySelector("[data-feature=bonusDays]")!.textContent).toBe(bonus);
    expect(card("local-3m").querySelector("[data-feature=bonusDays]")).toBeNull();
    expect(card("local-3m").querySelector("[data-feature=timeChangeKeys]")!.textContent).toBe(keys);
    expect(card("local-12m").hidden).toBe(true);
    expect(card("foreign-1m").hidden).toBe(true);
    expect(card("foreign-12m").hidden).toBe(false);
    expect(heroButtons().filter((b) => !b.hidden).map((b) => b.textContent)).toEqual([hero, lng === "en" ? "3 Months · $29.99" : "3 ខែ · $29.99"]);
    expect(plansVar('[aria-labelledby="hero-plans-label"]')).toBe("2");
    expect(plansVar('[data-market-plans="local"]')).toBe("2");
    expect(window.ksCatalogue).toEqual(current);

    // What the app renders first from the same list (landing-plans.ts): the same markup.
    expect(normalized(document.body.innerHTML)).toEqual(normalized(page(shownPlans(PLAN_CATALOGUE, current))));
  });
});

describe.each([
  {
    lng: "en" as Language,
    title: "6 Months",
    period: "per 6 months",
    features: ["+20 Days Free", "Unlimited real devices", "Unlimited emulator support", "Unlimited Facebook accounts", "30 time-change keys"],
    label: "Included in 6 Months",
    hero: ["1 Month · $12.99", "3 Months · $29.99", "6 Months · $54.99"],
    popular: "Most Popular",
  },
  {
    lng: "km" as Language,
    title: "6 ខែ",
    period: "សម្រាប់ 6 ខែ",
    features: ["ថែម 20 ថ្ងៃ ឥតគិតថ្លៃ", "ឧបករណ៍ពិត មិនកំណត់ចំនួន", "គាំទ្រ Emulator មិនកំណត់ចំនួន", "គណនី Facebook មិនកំណត់ចំនួន", "ប្ដូរឧបករណ៍បាន 30 ដង"],
    label: "រួមបញ្ចូលក្នុងគម្រោង 6 ខែ",
    hero: ["1 ខែ · $12.99", "3 ខែ · $29.99", "6 ខែ · $54.99"],
    popular: "ពេញនិយមបំផុត",
  },
])("a plan added after the build, on the static landing in $lng", ({ lng, title, period, features, label, hero, popular }) => {
  it("gets its card and hero button in the seller's order, worded in the page's language, with the popular mark moved to it, as the app's first render has them", () => {
    staticPage(lng, added);

    const local = card("local-6m");
    expect(local.querySelector("h3")!.textContent).toBe(title);
    expect(local.querySelector("h3")!.id).toBe("plan-local-6m");
    expect(local.getAttribute("aria-labelledby")).toBe("plan-local-6m");
    expect(local.querySelector("[data-testid=plan-price]")!.textContent).toBe("$54.99");
    expect(local.querySelector("[data-testid=plan-price] + span")!.textContent).toBe(period);
    expect(local.querySelector("ul")!.getAttribute("aria-label")).toBe(label);
    expect([...local.querySelectorAll("[data-feature]")].map((li) => li.textContent)).toEqual(features);
    expect(local.querySelector("button")!.dataset.planChoice).toBe("local-6m");
    expect(local.querySelector("button")!.getAttribute("aria-describedby")).toBe("plan-local-6m");
    expect(card("foreign-6m").querySelector("[data-testid=plan-price]")!.textContent).toBe("$89.99");
    expect(card("foreign-6m").querySelector("a")!.getAttribute("aria-describedby")).toMatch(/^plan-foreign-6m /);

    // The seller's order; retired plans hidden; one column per plan on sale.
    expect(shownIn("local")).toEqual(["local-1m", "local-3m", "local-6m"]);
    expect(shownIn("foreign")).toEqual(["foreign-12m", "foreign-6m", "foreign-3m"]);
    expect(plansVar('[data-market-plans="local"]')).toBe("3");
    expect(plansVar('[aria-labelledby="hero-plans-label"]')).toBe("3");
    expect(heroButtons().filter((b) => !b.hidden).map((b) => b.textContent)).toEqual(hero);

    // The popular mark moved from 3 Months to 6 Months (local); the foreign list kept its own.
    expect(document.querySelectorAll('[data-market-plans="local"] [data-popular-badge]')).toHaveLength(1);
    expect(local.querySelector("[data-popular-badge]")!.textContent).toBe(popular);
    expect(card("local-3m").querySelector("[data-popular-badge]")).toBeNull();
    expect(card("foreign-3m").querySelector("[data-popular-badge]")!.textContent).toBe(popular);
    expect(card("foreign-6m").querySelector("[data-popular-badge]")).toBeNull();

    expect(normalized(document.body.innerHTML)).toEqual(normalized(page(shownPlans(PLAN_CATALOGUE, added))));
  });
});

describe("two plans of a market marked popular (the seller sets one; a test catalogue's reset can leave two)", () => {
  it("both have the mark on the static page, as the app renders them", () => {
    const both = added.map((p) => (p.id === "local-3m" ? { ...p, isPopular: true } : p));
    staticPage("en", both);
    expect(document.querySelectorAll('[data-market-plans="local"] [data-popular-badge]')).toHaveLength(2);
    expect(normalized(document.body.innerHTML)).toEqual(normalized(page(shownPlans(PLAN_CATALOGUE, both))));
  });
});

describe("the words a plan added after the build is given", () => {
  it.each(["en", "km"] as Language[])("are planTitle's and planPeriod's for every length a seller may add (%s)", (lng) => {
    if (lng === "km") renderIn("km", km);
    const words = catalogueWords(getFixedT(lng, "landing"), lng);
    for (let months = 1; months <= MAX_PLAN_MONTHS; months += 1) {
      expect(say(words, "title", months)).toBe(planTitle(months, lng));
      expect(say(words, "period", months)).toBe(planPeriod(months, lng));
    }
  });
});

describe("the app's first render", () => {
  it("is the prerendered catalogue when the static page showed no price list", () => {
    expect(shownPlans(PLAN_CATALOGUE, undefined)).toEqual(PLAN_CATALOGUE);
  });
});
