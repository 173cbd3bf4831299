import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { catalogueOf, featureText, PLAN_CATALOGUE, PLAN_ENTRIES, planPeriod, plansForMarket, planTitle } from "./plan-catalogue";
import { SITE } from "./site";
import { SiteConfigSchema } from "./site.schema";

describe("plan catalogue", () => {
  it("has the spec's local and foreign price lists", () => {
    expect(plansForMarket("local").map((p) => [p.title, formatMoney(p.priceMills)])).toEqual([
      ["1 Month", "$9.99"],
      ["3 Months", "$29.99"],
      ["12 Months", "$119.99"],
    ]);
    expect(plansForMarket("foreign").map((p) => formatMoney(p.priceMills))).toEqual(["$15.99", "$47.99", "$179.99"]);
  });

  it("has the spec's bonuses, key changes and the Cambodia-only note on the local 12-month plan", () => {
    for (const market of ["local", "foreign"] as const) {
      const [m1, m3, m12] = plansForMarket(market);
      expect([m1!.keyChanges, m3!.keyChanges, m12!.keyChanges]).toEqual([2, 10, 100]);
      expect([m1!.bonusDays, m3!.bonusDays, m12!.bonusDays]).toEqual([0, 15, 30]);
      expect(m3!.isPopular).toBe(true);
      expect(m1!.features.map(featureText)).toContain("Function scheduler");
      expect(m3!.features.map(featureText)).toContain("+15 Days Free");
    }
    expect(plansForMarket("local")[2]!.features.map(featureText)).toContain("Account registration (Cambodia only)");
    expect(plansForMarket("foreign")[2]!.features.map(featureText)).toContain("Account registration");
    expect(plansForMarket("foreign")[2]!.features.map(featureText).join()).not.toContain("Cambodia");
    expect(new Set(PLAN_CATALOGUE.map((p) => p.id)).size).toBe(PLAN_CATALOGUE.length);
  });
});

describe("plans as data (decision 041)", () => {
  it("titles and periods come from the length: the spec's English, the glossary's Khmer (Western digits)", () => {
    expect([1, 3, 12].map((m) => planTitle(m, "en"))).toEqual(["1 Month", "3 Months", "12 Months"]);
    expect([1, 3, 12].map((m) => planPeriod(m, "en"))).toEqual(["per month", "per 3 months", "per year"]);
    expect([1, 3, 12].map((m) => planTitle(m, "km"))).toEqual(["1 ខែ", "3 ខែ", "12 ខែ"]);
    expect([1, 3, 12].map((m) => planPeriod(m, "km"))).toEqual(["ក្នុងមួយខែ", "សម្រាប់ 3 ខែ", "ក្នុងមួយឆ្នាំ"]);
    // The stored title is the English one, for the spec's lists and CSV.
    for (const p of PLAN_CATALOGUE) expect(p.title).toBe(planTitle(p.months, "en"));
  });

  it("a new length is one entry: ids, titles, order and features follow from it in both markets", () => {
    const withSix = catalogueOf([...PLAN_ENTRIES, { months: 6, periodDays: 180, bonusDays: 20, keyChanges: 30, prices: { local: 54_990, foreign: 89_990 } }]);
    expect(withSix.filter((p) => p.market === "local").map((p) => [p.id, p.title, p.sortOrder])).toEqual([
      ["local-1m", "1 Month", 1],
      ["local-3m", "3 Months", 2],
      ["local-6m", "6 Months", 3],
      ["local-12m", "12 Months", 4],
    ]);
    const six = withSix.find((p) => p.id === "foreign-6m")!;
    expect(six).toMatchObject({ months: 6, priceMills: 89_990, periodDays: 180, bonusDays: 20, keyChanges: 30, isPopular: false });
    expect(six.features.map(featureText)).toEqual(["+20 Days Free", "Unlimited real devices", "Unlimited emulator support", "Unlimited Facebook accounts", "30 time-change keys"]);
    // The shop's own plans are unchanged by it (but for their place in the list).
    const placeless = ({ sortOrder: _, ...p }: (typeof PLAN_CATALOGUE)[number]) => p;
    expect(withSix.filter((p) => p.months !== 6).map(placeless)).toEqual(PLAN_CATALOGUE.map(placeless));
  });
});

describe("site configuration", () => {
  it("site.config.json is valid", () => {
    expect(SiteConfigSchema.safeParse(SITE).error).toBeUndefined();
  });
});
