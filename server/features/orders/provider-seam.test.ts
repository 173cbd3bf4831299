// The orders feature knows payment providers only through server/providers/payments/types.ts
// (issue #15): a second provider is one more implementation. Shown here with a provider written in
// the test, and kept so: no code outside the providers' own folders names PayWay.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../auth/context";
import type { Database } from "../../db/client";
import { licenses, orders, user } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import { paymentProviderSet } from "../../providers/payments";
import type { CheckoutInstructions, PaymentProvider, PaymentVerdict } from "../../providers/payments/types";
import { createTestDatabase } from "../../test/db";
import { syncPlanCatalogue } from "../plans/service";
import { createPlanCheckout } from "./checkout";
import type { OrdersDeps } from "./deps";
import { withOrderReactions } from "../../reactions";
import { closeCheckout, settleOrder } from "./settle";

/** A provider that is not PayWay: its answers are whatever the test sets. */
function fakeProvider() {
  const verdicts = new Map<string, PaymentVerdict>();
  const closed = new Set<string>();
  let n = 0;
  const provider: PaymentProvider = {
    id: "fakepay",
    checkoutLifetimeMinutes: 15,
    callbackPath: "/fakepay/notify",
    referencePattern: /^FP-\d+$/,
    newReference: () => `FP-${++n}`,
    // The instructions' shape belongs to the provider's web component; this one is never run in a browser.
    createCheckout: (input) => ({ provider: "payway", action: `https://fakepay.example/pay/${input.reference}`, method: "POST", formId: "aba_merchant_request", target: "aba_webservice", pluginUrl: "https://fakepay.example/p.js", fields: { ref: input.reference } }) satisfies CheckoutInstructions,
    verify: async (payment) => verdicts.get(payment.reference) ?? { outcome: "pending" },
    close: async (reference) => (closed.add(reference), "closed"),
    readCallback: () => ({ ok: false, reason: "invalid", message: "not used" }),
    refund: async () => ({ outcome: "refused", code: "X", message: "not used" }),
    refundedSoFar: async () => 0,
  };
  return { provider, verdicts, closed };
}

let database: Database;
let buyer: CurrentUser;
const fake = fakeProvider();
let deps: OrdersDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  await syncPlanCatalogue({ db: database.db });
  const [row] = await database.db.insert(user).values({ id: "seam-buyer", email: "seam@example.com", name: "Seam Buyer", emailVerified: true }).returning();
  buyer = { id: row!.id, email: row!.email, name: row!.name, role: "user", superAdmin: false } as CurrentUser;
  deps = withOrderReactions({ db: database.db, providers: paymentProviderSet([fake.provider], fake.provider.id), baseUrl: "http://shop.test", secret: "x".repeat(40), logger: createLogger("silent"), refundWindowDays: 3, shopTimeZone: "Asia/Phnom_Penh" });
});
afterAll(() => database.close());

describe("orders through any payment provider", () => {
  it("records the provider and its reference, and settles on the provider's verdict only", async () => {
    const { order, checkout } = await createPlanCheckout(deps, buyer, { planId: "local-1m" });
    expect(order.tranId).toMatch(/^FP-\d+$/);
    expect(checkout).toMatchObject({ action: `https://fakepay.example/pay/${order.tranId}` });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ provider: "fakepay", status: "pending" });

    expect((await settleOrder(deps, row!)).status).toBe("pending");
    fake.verdicts.set(order.tranId, { outcome: "approved", approvalCode: "A1" });
    const paid = await settleOrder(deps, row!);
    expect(paid).toMatchObject({ status: "paid", providerRef: "A1" });
    expect(await database.db.select().from(licenses).where(eq(licenses.orderId, order.id))).toHaveLength(1);
  });

  it("closes a checkout the customer closed at the provider", async () => {
    const { order } = await createPlanCheckout(deps, buyer, { planId: "local-3m" });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect((await closeCheckout(deps, row!)).status).toBe("cancelled");
    expect(fake.closed.has(order.tranId)).toBe(true);
  });
});

describe("no code outside the providers' own folders names PayWay", () => {
  const root = path.resolve(__dirname, "../../..");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  it("in server/features and web/app (but the PayWay web component)", () => {
    const offenders = [...files(path.join(root, "server/features")), ...files(path.join(root, "web/app"))]
      .filter((f) => !f.includes(`${path.sep}payments${path.sep}providers${path.sep}`) && !/(^|[-/\\])test-env\.ts$/.test(f))
      // Test support (web/app/test/: the fake provider plays PayWay's part in component tests; a
      // feature's test-env.ts or <topic>-test-env.ts: its tests' shared setup) is not product code.
      .filter((f) => !f.includes(`web${path.sep}app${path.sep}test${path.sep}`))
      .filter((f) => /payway/i.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
