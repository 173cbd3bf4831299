// The last use of a code under concurrency (decision 077): ten customers check out at once with a
// code that has one use left; the code's row lock lets exactly one order take it and the nine
// others are told DISCOUNT_USED_UP. On PGlite by default; on PostgreSQL (real concurrent
// connections) with TEST_DATABASE_URL, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscountDto } from "../../../contracts/discounts";
import { discountUses, orders } from "../../db/schema";
import type { SignedInUser } from "../../test/harness";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../../test/orders-env";

let env: PaymentsTestEnv;
let boss: SignedInUser;
beforeAll(async () => {
  env = await startPaymentsTestEnv();
  boss = await env.t.signedInUser({ role: "admin", superAdmin: true });
});
afterAll(() => env.close());

describe("the race for the last use", () => {
  it("ten concurrent checkouts, one use: exactly one discounted order, nine DISCOUNT_USED_UP", async () => {
    const created = await boss.client.json<DiscountDto>("/api/admin/discounts", { json: { code: "LAST-ONE", kind: "percent", value: 50, maxUses: 1 } });
    expect(created.status).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => env.t.signedInUser()));
    const answers = await Promise.all(buyers.map((b) => env.checkout(b.client, { kind: "plan", planId: "local-1m", discountCode: "last-one" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(Array(9).fill("DISCOUNT_USED_UP"));
    const discounted = await env.t.database.db.select().from(orders).where(eq(orders.discountId, created.body.id));
    expect(discounted).toHaveLength(1);
    expect(discounted[0]).toMatchObject({ amountMills: 5_000, discountMills: 4_990 });
    expect(await env.t.database.db.select().from(discountUses).where(eq(discountUses.discountId, created.body.id))).toHaveLength(1);
  }, 120_000); // ten accounts signed up first

  it("a per-customer limit holds under the same customer's concurrent checkouts too", async () => {
    const created = await boss.client.json<DiscountDto>("/api/admin/discounts", { json: { code: "ONE-EACH", kind: "fixed", value: 1_000, maxUsesPerCustomer: 1 } });
    const buyer = await env.t.signedInUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => env.checkout(buyer.client, { kind: "plan", planId: "local-1m", discountCode: "ONE-EACH" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(Array(4).fill("DISCOUNT_ALREADY_USED"));
    expect(await env.t.database.db.select().from(discountUses).where(eq(discountUses.discountId, created.body.id))).toHaveLength(1);
  });
});
