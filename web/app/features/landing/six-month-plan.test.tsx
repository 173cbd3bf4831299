// A 6-month plan added to a test catalogue appears on the landing, its hero buttons, its pricing
// cards (both markets) and its payment pop-up, in English and in Khmer, with no other file touched
// (decisions 041, 047). The pages prerender from the catalogue module, so the test gives them one
// with the extra entry; the rest of the journey (Renew dialog, checkout, receipt, e-mails) runs
// against a server started with the same entry: e2e/six-month-plan.spec.ts.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { registerNamespace } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import { renderInLanguage } from "~/test/render";

// As the landing route does (web/app/routes/home.tsx).
registerNamespace("landing", { en: enLanding });

const SIX_MONTHS = vi.hoisted(() => ({ months: 6, periodDays: 180, bonusDays: 20, keyChanges: 30, prices: { local: 54_990, foreign: 89_990 } }));

vi.mock("../../../../contracts/plan-catalogue", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../../contracts/plan-catalogue")>();
  const catalogue = real.catalogueOf([...real.PLAN_ENTRIES, SIX_MONTHS]);
  return { ...real, PLAN_CATALOGUE: catalogue, plansForMarket: (market: "local" | "foreign") => real.plansForMarket(market, catalogue) };
});
vi.mock("~/lib/session", () => ({ refreshPublicSession: async () => ({ user: { email: "dara@example.com" } }) }));

const { PLAN_CATALOGUE, plansForMarket } = await import("../../../../contracts/plan-catalogue");
const { Hero } = await import("./hero");
const { PricingSection } = await import("./pricing-section");
const { PaymentDialog } = await import("./payment-dialog");

afterEach(cleanup);

const noop = () => {};

describe.each([
  { lng: "en" as const, title: "6 Months", period: "per 6 months", bonus: "+20 Days Free", keys: "30 time-change keys" },
  { lng: "km" as const, title: "6 ខែ", period: "សម្រាប់ 6 ខែ", bonus: null, keys: null },
])("a 6-month plan from a test catalogue ($lng)", ({ lng, title, period, bonus, keys }) => {
  it("has its card in both price lists, between 3 and 12 months, with its price, period and features", () => {
    const { container } = renderInLanguage(lng, <PricingSection plans={PLAN_CATALOGUE} onChoosePlan={noop} prefetch={noop} />);
    for (const [market, price] of [["local", "$54.99"], ["foreign", "$89.99"]] as const) {
      const list = container.querySelector<HTMLElement>(`[data-market-plans="${market}"]`)!;
      expect([...list.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(
        lng === "en" ? ["1 Month", "3 Months", "6 Months", "12 Months"] : ["1 ខែ", "3 ខែ", "6 ខែ", "12 ខែ"],
      );
      const card = list.querySelector<HTMLElement>(`[data-plan="${market}-6m"]`)!;
      expect(within(card).getByTestId("plan-price").textContent).toBe(price);
      if (market === "local") expect(within(card).getByText(period)).toBeTruthy();
      if (bonus) expect(within(card).getByText(bonus)).toBeTruthy();
      if (keys) expect(within(card).getByText(keys)).toBeTruthy();
      expect(list.style.getPropertyValue("--plans")).toBe("4");
    }
  });

  it("has its hero button", () => {
    renderInLanguage(lng, <Hero plans={plansForMarket("local")} onChoosePlan={noop} prefetch={noop} />);
    expect(screen.getByRole("button", { name: `${title} · $54.99` })).toBeTruthy();
  });

  it("is what the payment pop-up sells", async () => {
    const plan = plansForMarket("local").find((p) => p.months === 6)!;
    renderInLanguage(lng, <PaymentDialog plan={plan} open onOpenChange={noop} />);
    const dialog = await screen.findByRole("dialog", { name: `${title} — $54.99` });
    expect(within(dialog).getByTestId("checkout-item").textContent).toBe(title);
  });
});
