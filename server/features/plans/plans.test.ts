import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { PlanListCache } from "./list-cache";
import { createPlanRoutes } from "./routes";
import { syncPlanCatalogue } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("GET /api/plans", () => {
  it("serves the local and foreign price lists to anyone, priced in mills", async () => {
    const res = await t.client().json<{ plans: Array<{ id: string; title: string; price: string; priceMills: number; keyChanges: number; features: string[] }> }>("/api/plans?market=local");
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p) => [p.title, p.price, p.priceMills, p.keyChanges])).toEqual([
      ["1 Month", "$9.99", 9990, 2],
      ["3 Months", "$29.99", 29990, 10],
      ["12 Months", "$119.99", 119990, 100],
    ]);
    const foreign = await t.client().json<{ plans: Array<{ price: string; features: string[] }> }>("/api/plans?market=foreign");
    expect(foreign.body.plans.map((p) => p.price)).toEqual(["$15.99", "$47.99", "$179.99"]);
    expect(foreign.body.plans[2]!.features.join()).not.toContain("Cambodia");
    // The same features by id, for pages that word them in their language (decision 076).
    const withIds = await t.client().json<{ plans: Array<{ features: string[]; featureList: Array<{ id: string; count?: number }> }> }>("/api/plans?market=local");
    expect(withIds.body.plans[1]!.featureList).toEqual([
      { id: "bonusDays", count: 15 },
      { id: "realDevices" },
      { id: "emulators" },
      { id: "facebookAccounts" },
      { id: "timeChangeKeys", count: 10 },
    ]);
    expect(withIds.body.plans.every((p) => p.features.length === p.featureList.length)).toBe(true);
    expect((await t.client().json<{ plans: unknown[] }>("/api/plans")).body.plans).toHaveLength(6);
  });

  it("refuses an unknown market with a 422 naming the field", async () => {
    const res = await t.client().json<{ code: string; issues: Array<{ path: string }> }>("/api/plans?market=mars");
    expect(res.status).toBe(422);
    expect(res.body.issues[0]!.path).toBe("market");
  });

  it("a start keeps the seller's prices and retirements (the code's catalogue only seeds), and gives a plan stored without extras its extras", async () => {
    await t.database.db.update(plans).set({ priceMills: 8990, extras: {} }).where(eq(plans.id, "local-1m"));
    await t.database.db.update(plans).set({ active: false }).where(eq(plans.id, "foreign-3m"));
    await syncPlanCatalogue({ db: t.database.db });
    const rows = await t.database.db.select().from(plans).where(inArray(plans.id, ["local-1m", "foreign-3m"]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get("local-1m")!.priceMills).toBe(8990);
    expect(byId.get("local-1m")!.extras).toEqual({ beforeKeys: ["scheduler"] });
    expect(byId.get("foreign-3m")!.active).toBe(false);
    // The test API's catalogue (mode "replace") makes the table the code's catalogue again.
    await syncPlanCatalogue({ db: t.database.db, mode: "replace" });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, "local-1m"));
    expect(row!.priceMills).toBe(9990);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("lists the public pages with this deployment's address and keeps private areas out", async () => {
    const robots = await t.client().request("/robots.txt");
    const text = await robots.text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${t.config.baseUrl}/sitemap.xml`);
    const sitemap = await (await t.client().request("/sitemap.xml")).text();
    for (const path of ["/", "/faq", "/privacy-policy", "/terms-of-service"]) expect(sitemap).toContain(`<loc>${t.config.baseUrl}${path}</loc>`);
    expect(sitemap).not.toContain("/license-keys");
  });

  it("each instance keeps the answer for the time browsers may (max-age), then reads the table again", async () => {
    const routes = createPlanRoutes(t.database.db, { id: "payway", name: "PayWay" }, new PlanListCache(300));
    const price = async () => {
      const res = await routes.request("/plans?market=local");
      expect(res.headers.get("cache-control")).toBe("public, max-age=0");
      return ((await res.json()) as { plans: Array<{ id: string; priceMills: number }> }).plans.find((p) => p.id === "local-1m")!.priceMills;
    };
    expect(await price()).toBe(9990);
    await t.database.db.update(plans).set({ priceMills: 9000 }).where(eq(plans.id, "local-1m"));
    expect(await price()).toBe(9990); // kept: no query
    await new Promise((r) => setTimeout(r, 350));
    expect(await price()).toBe(9000); // read again once the time is up
    await syncPlanCatalogue({ db: t.database.db, mode: "replace" });
  });
});
