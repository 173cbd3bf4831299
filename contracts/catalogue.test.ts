import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";
import { featureText, plansForMarket, PLAN_CATALOGUE } from "./plan-catalogue";
import { SITE } from "./site";
import { SiteConfigSchema } from "./site.schema";

describe("plan catalogue", () => {
  it("has the spec's local and foreign price lists", () => {
    expect(plansForMarket("local").map((p) => [p.title, formatPrice(p.priceMills)])).toEqual([
      ["1 Month", "$9.99"],
      ["3 Months", "$29.99"],
      ["12 Months", "$119.99"],
    ]);
    expect(plansForMarket("foreign").map((p) => formatPrice(p.priceMills))).toEqual(["$15.99", "$47.99", "$179.99"]);
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

describe("site configuration", () => {
  it("site.config.json is valid", () => {
    expect(SiteConfigSchema.safeParse(SITE).error).toBeUndefined();
  });
});
