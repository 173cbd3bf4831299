// The seller runs the catalogue (issue #33 item 1, decision 074): plans created, repriced,
// reordered, retired and restored by a super-admin, each change audited with before and after;
// the price list every customer reads follows at once; an order keeps the price and terms its
// checkout opened with, through payment, its licence and its receipt.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue, CataloguePlanDto } from "../../../contracts/catalogue-admin";
import type { CheckoutResponse } from "../../../contracts/orders";
import type { Plan } from "../../../contracts/plans";
import { auditLog, licenses, orders } from "../../db/schema";
import type { SignedInUser } from "../../test/harness";
import { startSellerTestEnv, type PaymentsTestEnv } from "../../test/orders-env";
import { syncPlanCatalogue } from "../plans/service";

let env: PaymentsTestEnv;
let buyer: SignedInUser;
let boss: SignedInUser;

beforeAll(async () => {
  ({ env, buyer, boss } = await startSellerTestEnv());
});
afterAll(() => env.close());

type Answer<T> = { status: number; body: T & { code?: string; message?: string; issues?: Array<{ path: string; message: string }> } };
const patch = (id: string, json: unknown) => boss.client.json<CataloguePlanDto>(`/api/admin/catalogue/plans/${id}`, { method: "PATCH", json }) as Promise<Answer<CataloguePlanDto>>;
const create = (json: unknown) => boss.client.json<CataloguePlanDto>("/api/admin/catalogue/plans", { json }) as Promise<Answer<CataloguePlanDto>>;
const reorder = (json: unknown) => boss.client.json<Catalogue>("/api/admin/catalogue/order", { method: "PUT", json }) as Promise<Answer<Catalogue>>;
const priceList = async (market: "local" | "foreign") => (await env.t.client().json<{ plans: Plan[] }>(`/api/plans?market=${market}`)).body.plans;
const auditOf = (targetId: string) => env.t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, "plan"), eq(auditLog.targetId, targetId)));

async function openCheckout(planId: string) {
  const res = await env.checkout(buyer.client, { kind: "plan", planId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CheckoutResponse;
}
const approve = (opened: CheckoutResponse) => env.pay(opened);

describe("the Catalogue page's API", () => {
  it("lists every plan of both markets, retired ones too, in their order", async () => {
    const res = await boss.client.json<Catalogue>("/api/admin/catalogue");
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p) => p.id)).toEqual(["foreign-1m", "foreign-3m", "foreign-12m", "local-1m", "local-3m", "local-12m"]);
    expect(res.body.plans[4]).toMatchObject({ price: "$29.99", active: true, isPopular: true, sortOrder: 2, features: expect.arrayContaining(["+15 Days Free", "10 time-change keys"]) });
  });

  it("a new price reaches the price list at once; the audit log keeps before and after; the same change again records nothing", async () => {
    expect((await priceList("local")).find((p) => p.id === "local-1m")!.price).toBe("$9.99"); // now kept by the price list
    const changed = await patch("local-1m", { priceMills: 11_990, bonusDays: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ priceMills: 11_990, price: "$11.99", bonusDays: 5, features: expect.arrayContaining(["+5 Days Free"]) });
    expect((await priceList("local")).find((p) => p.id === "local-1m")).toMatchObject({ price: "$11.99", bonusDays: 5 });
    expect((await patch("local-1m", { priceMills: 11_990 })).status).toBe(200);
    const entries = await auditOf("local-1m");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "plan.update", actorEmail: boss.email, before: { priceMills: 9_990, bonusDays: 0 }, after: { priceMills: 11_990, bonusDays: 5 } });
  });

  it("refuses prices that are not whole cents, out of range, unknown fields and unknown plans, with each field named", async () => {
    for (const [body, path] of [
      [{ priceMills: 9_995 }, "priceMills"],
      [{ priceMills: 500 }, "priceMills"],
      [{ priceMills: 10_000_010 }, "priceMills"],
      [{ bonusDays: -1 }, "bonusDays"],
      [{ months: 2 }, ""],
      [{}, ""],
    ] as const) {
      const res = await patch("local-3m", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.issues![0]!.path).toBe(path);
    }
    expect((await patch("local-99m", { priceMills: 10_000 })).body.code).toBe("NOT_FOUND");
  });

  it("adds a 6-month plan last in its list, titled from its length; the same length again is PLAN_EXISTS", async () => {
    const made = await create({ market: "local", months: 6, priceMills: 49_990, bonusDays: 10, keyChanges: 20 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: "local-6m", title: "6 Months", periodDays: 180, sortOrder: 4, active: true });
    expect((await priceList("local")).map((p) => p.id)).toEqual(["local-1m", "local-3m", "local-12m", "local-6m"]);
    expect((await create({ market: "local", months: 6, priceMills: 59_990, keyChanges: 20 })).body.code).toBe("PLAN_EXISTS");
    expect((await auditOf("local-6m"))[0]).toMatchObject({ action: "plan.create", before: null, after: { priceMills: 49_990, bonusDays: 10 } });
  });

  it("reorders a market only with every one of its plans once", async () => {
    const order = ["local-1m", "local-3m", "local-6m", "local-12m"];
    const res = await reorder({ market: "local", planIds: order });
    expect(res.status).toBe(200);
    expect((await priceList("local")).map((p) => p.id)).toEqual(order);
    for (const planIds of [["local-1m", "local-3m", "local-6m"], [...order, "local-1m"], ["local-1m", "local-3m", "local-6m", "foreign-12m"]]) {
      const refused = await reorder({ market: "local", planIds });
      expect(refused.status).toBe(422);
      expect(refused.body.issues![0]!.path).toBe("planIds");
    }
    expect((await auditOf("local"))[0]).toMatchObject({ action: "plan.reorder", before: { order: ["local-1m", "local-3m", "local-12m", "local-6m"] }, after: { order } });
  });

  it("keeps a plan's volume tiers (decision 080): stored, read back, audited before and after; the same tiers again record nothing", async () => {
    const tiers = [
      { minQuantity: 10, percentOff: 5 },
      { minQuantity: 50, percentOff: 10 },
    ];
    const saved = await patch("foreign-3m", { volumeTiers: tiers });
    expect(saved.status).toBe(200);
    expect(saved.body.volumeTiers).toEqual(tiers);
    const listed = await boss.client.json<Catalogue>("/api/admin/catalogue");
    expect(listed.body.plans.find((p) => p.id === "foreign-3m")!.volumeTiers).toEqual(tiers);
    expect((await patch("foreign-3m", { volumeTiers: [...tiers] })).status).toBe(200);
    expect((await patch("foreign-3m", { volumeTiers: [] })).body.volumeTiers).toEqual([]);
    const entries = await auditOf("foreign-3m");
    expect(entries.map((e) => [e.action, (e.before as { volumeTiers: unknown }).volumeTiers, (e.after as { volumeTiers: unknown }).volumeTiers])).toEqual([
      ["plan.update", [], tiers],
      ["plan.update", tiers, []],
    ]);
    // The price list follows at once: its cache was told (NOTIFY) as for any catalogue change.
    expect((await priceList("foreign")).find((p) => p.id === "foreign-3m")).toBeTruthy();
  });

  it("refuses volume tiers out of order, over 50 percent or under 2 licences, naming the tier's field", async () => {
    for (const [volumeTiers, path] of [
      [[{ minQuantity: 50, percentOff: 10 }, { minQuantity: 10, percentOff: 5 }], "volumeTiers.1.minQuantity"],
      [[{ minQuantity: 10, percentOff: 10 }, { minQuantity: 10, percentOff: 20 }], "volumeTiers.1.minQuantity"],
      [[{ minQuantity: 10, percentOff: 60 }], "volumeTiers.0.percentOff"],
      [[{ minQuantity: 1, percentOff: 5 }], "volumeTiers.0.minQuantity"],
      [[{ minQuantity: 501, percentOff: 5 }], "volumeTiers.0.minQuantity"],
      [[{ minQuantity: 10, percentOff: 2.5 }], "volumeTiers.0.percentOff"],
    ] as const) {
      const res = await patch("foreign-3m", { volumeTiers });
      expect(res.status, JSON.stringify(volumeTiers)).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.issues![0]!.path, JSON.stringify(res.body.issues)).toBe(path);
    }
    const order = await patch("foreign-3m", { volumeTiers: [{ minQuantity: 50, percentOff: 10 }, { minQuantity: 10, percentOff: 5 }] });
    expect(order.body.issues![0]!.message).toBe("Each tier must start at more licences than the one before");
    expect((await patch("foreign-3m", { volumeTiers: [{ minQuantity: 10, percentOff: 60 }] })).body.issues![0]!.message).toBe("A tier takes 1 to 50 percent off");
    expect(await auditOf("foreign-3m")).toHaveLength(2);
  });

  it("one popular plan per market: marking one clears the other", async () => {
    expect((await patch("local-12m", { isPopular: true })).status).toBe(200);
    expect((await priceList("local")).filter((p) => p.isPopular).map((p) => p.id)).toEqual(["local-12m"]);
    await patch("local-3m", { isPopular: true });
  });
});

describe("retiring", () => {
  it("takes a plan off sale (no new checkout), keeps its licences, and a price list's last plan cannot go", async () => {
    const opened = await openCheckout("foreign-1m");
    expect((await patch("foreign-1m", { active: false })).body).toMatchObject({ active: false });
    expect((await priceList("foreign")).map((p) => p.id)).not.toContain("foreign-1m");
    const refused = await env.checkout(buyer.client, { kind: "plan", planId: "foreign-1m" });
    expect(refused.status).toBe(422);
    // A checkout opened before the retirement is still honoured when paid: the customer paid.
    const paid = await approve(opened);
    expect(paid.status).toBe("paid");
    expect(await env.t.database.db.select().from(licenses).where(eq(licenses.orderId, paid.id))).toHaveLength(1);

    expect((await patch("foreign-3m", { active: false })).status).toBe(200);
    const last = await patch("foreign-12m", { active: false });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("LAST_PLAN_ON_SALE");
    expect((await patch("foreign-1m", { active: true })).body).toMatchObject({ active: true });
    expect((await auditOf("foreign-1m")).map((e) => e.action).sort()).toEqual(["plan.restore", "plan.retire"]);
    await patch("foreign-3m", { active: true });
  });
});

describe("racing changes", () => {
  it("the two last plans on sale retired at once: one goes, the other is LAST_PLAN_ON_SALE; a length created twice at once: one plan", async () => {
    const made = await create({ market: "foreign", months: 2, priceMills: 20_000, keyChanges: 2 });
    expect(made.status).toBe(201);
    // The foreign list sells 1, 2, 3 and 12 months: retire all but two first.
    expect((await patch("foreign-1m", { active: false })).status).toBe(200);
    expect((await patch("foreign-12m", { active: false })).status).toBe(200);
    const answers = await Promise.all([patch("foreign-2m", { active: false }), patch("foreign-3m", { active: false })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("LAST_PLAN_ON_SALE");
    expect(await priceList("foreign")).toHaveLength(1);
    for (const id of ["foreign-1m", "foreign-2m", "foreign-3m", "foreign-12m"]) await patch(id, { active: true });

    const twice = await Promise.all([create({ market: "foreign", months: 9, priceMills: 90_000, keyChanges: 9 }), create({ market: "foreign", months: 9, priceMills: 95_000, keyChanges: 9 })]);
    expect(twice.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await priceList("foreign")).filter((p) => p.months === 9)).toHaveLength(1);
  });
});

describe("an order keeps what its checkout opened with", () => {
  it("a price and bonus change after the checkout opened alters neither the amount, the licence's term, nor the receipt", async () => {
    const opened = await openCheckout("local-3m");
    expect(opened.order.amountMills).toBe(29_990);
    expect((await patch("local-3m", { priceMills: 24_990, bonusDays: 40, keyChanges: 3 })).status).toBe(200);
    const paid = await approve(opened);
    expect(paid).toMatchObject({ status: "paid", amountMills: 29_990 });
    const [stored] = await env.t.database.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(stored!.planTerms).toEqual({ periodDays: 90, bonusDays: 15, keyChanges: 10 });
    const [license] = await env.t.database.db.select().from(licenses).where(eq(licenses.orderId, paid.id));
    expect(license).toMatchObject({ termDays: 105, changesLeft: 10 });
    const receipt = await env.t.lastEmail(buyer.email, "payment-receipt");
    expect(receipt.text).toContain("90 days + 15 days free");
    expect(receipt.text).toContain("$29.99 USD");
    // A checkout opened now pays the new price and gets the new terms.
    const later = await approve(await openCheckout("local-3m"));
    expect(later.amountMills).toBe(24_990);
    const [newer] = await env.t.database.db.select().from(licenses).where(eq(licenses.orderId, later.id));
    expect(newer).toMatchObject({ termDays: 130, changesLeft: 3 });
  });

  it("a restart seeds nothing over the seller's catalogue", async () => {
    await syncPlanCatalogue({ db: env.t.database.db });
    expect((await priceList("local")).find((p) => p.id === "local-3m")!.price).toBe("$24.99");
  });
});
