// The seller's price list on the landing (decision 076): web/enhance/catalogue.ts edits the
// prerendered cards and hero buttons into exactly what the app's first render makes from the same
// list (shownPlans), so hydration finds its markup; in English and in Khmer.
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

import { PLAN_CATALOGUE } from "../../../../contracts/plan-catalogue";
import { renderIn, registerNamespace, type Language } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import km from "~/locales/km";
import { planDtos } from "~/test/plans";
import { showCatalogue } from "../../../enhance/catalogue";

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

afterEach(() => {
  document.body.innerHTML = "";
  delete window.ksCatalogue;
});

describe.each([
  { lng: "en" as Language, hero: "1 Month · $12.99", bonus: "+5 Days Free", keys: "12 time-change keys" },
  { lng: "km" as Language, hero: "1 ខែ · $12.99", bonus: "ថែម 5 ថ្ងៃ ឥតគិតថ្លៃ", keys: "ប្ដូរឧបករណ៍បាន 12 ដង" },
])("the static landing in $lng", ({ lng, hero, bonus, keys }) => {
  it("shows the seller's prices, bonus and key lines, hides retired plans, as the app's first render has them", () => {
    if (lng === "km") renderIn("km", km);
    else renderIn("en");
    document.body.innerHTML = page(PLAN_CATALOGUE);
    showCatalogue(current);

    const card = (id: string) => document.querySelector<HTMLElement>(`li[data-plan="${id}"]`)!;
    expect(card("local-1m").querySelector("[data-testid=plan-price]")!.textContent).toBe("$12.99");
    expect(card("local-1m").querySelector("[data-feature=bonusDays]")!.textContent).toBe(bonus);
    expect(card("local-3m").querySelector("[data-feature=bonusDays]")).toBeNull();
    expect(card("local-3m").querySelector("[data-feature=timeChangeKeys]")!.textContent).toBe(keys);
    expect(card("local-12m").hidden).toBe(true);
    expect(card("foreign-1m").hidden).toBe(true);
    expect(card("foreign-12m").hidden).toBe(false);
    const heroButtons = [...document.querySelectorAll<HTMLButtonElement>('[aria-labelledby="hero-plans-label"] button')];
    expect(heroButtons.filter((b) => !b.hidden).map((b) => b.textContent)).toEqual([hero, lng === "en" ? "3 Months · $29.99" : "3 ខែ · $29.99"]);
    expect(plansVar('[aria-labelledby="hero-plans-label"]')).toBe("2");
    expect(plansVar('[data-market-plans="local"]')).toBe("2");
    expect(window.ksCatalogue).toEqual(current);

    // What the app renders first from the same list (landing-plans.ts): the same markup.
    expect(normalized(document.body.innerHTML)).toEqual(normalized(page(shownPlans(PLAN_CATALOGUE, current))));
  });
});

describe("the app's first render", () => {
  it("is the prerendered catalogue when the static page showed no price list", () => {
    expect(shownPlans(PLAN_CATALOGUE, undefined)).toEqual(PLAN_CATALOGUE);
  });
});
