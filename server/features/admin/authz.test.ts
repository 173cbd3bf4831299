// Authorization matrix over every admin endpoint: anonymous → 401, user → 403, admin → allowed
// only where admin suffices, super-admin → allowed. The rows (authz-rows.ts) are checked against
// the OpenAPI document, so a new admin route without a row fails; the whole app's matrix
// (server/test/authorization-matrix.test.ts) runs them for the other callers too. Refusals carry
// no data, and refused writes change nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, balanceLedger, licenses, user } from "../../db/schema";
import { documentedOperations, expectRefusal } from "../../test/authz";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey } from "../balance/service";
import { withRefundsMade } from "../../test/refunding-provider";
import { createLicense } from "../licenses/service";
import { ADMIN_ENDPOINTS, adminExpected, seedRefundTargets, type AdminTarget } from "./authz-rows";
import { insertOrders, insertOtpOrder } from "./test-seed";

type Role = "anonymous" | "user" | "admin" | "superAdmin";
let t: TestContext;
let clients: Record<Role, TestClient>;
let targetUserId: string;
let targetKeyId: string;
let targetOf: AdminTarget;
let targetLicenseId: string;
const CANARY = "canary-leak";

beforeAll(async () => {
  t = await createTestContext({}, { paymentProvider: withRefundsMade });
  clients = {
    anonymous: t.client(),
    user: (await t.signedInUser()).client,
    admin: (await t.signedInUser({ role: "admin" })).client,
    superAdmin: (await t.signedInUser({ role: "admin", superAdmin: true })).client,
  };
  // Rows an intruder must never see: a customer with a key, a balance, an order and an OTP order.
  const target = await t.signedInUser({ email: `${CANARY}@example.com` });
  targetUserId = target.id;
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: target.id });
  targetKeyId = key.id;
  await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 5_000, reason: "topup", reference: "seed" }));
  await insertOrders(t.database.db, [{ kind: "plan", planId: "local-1m", email: `${CANARY}@example.com`, userId: target.id, buyKey: "CANARY-BUYKEY" }]);
  targetLicenseId = (await createLicense({ db: t.database.db, planId: "local-1m", email: `${CANARY}@example.com`, userId: target.id, deviceKey: "PC-LDREEL-CANARY" })).id;
  await insertOtpOrder(t.database.db, { apiKeyId: key.id, userId: target.id, address: `${CANARY}-box@gmail.com`, status: "success" });
  targetOf = { userId: target.id, apiKeyId: key.id, email: `${CANARY}@example.com`, licenceId: targetLicenseId, ...(await seedRefundTargets(t.database.db, { userId: target.id, email: `${CANARY}@example.com` })) };
});
afterAll(() => t.close());

describe("authorization matrix", () => {
  it("covers every admin route of the OpenAPI document", async () => {
    // The webhooks routes (super-admin, features/notifications) have their rows in the whole app's
    // matrix, which seeds the endpoints and deliveries they name, and their own tests.
    const documented = (await documentedOperations(t.app)).filter((op) => op.split(" ")[1]!.startsWith("/api/admin") && !op.split(" ")[1]!.startsWith("/api/admin/webhook"));
    expect(ADMIN_ENDPOINTS.map((e) => `${e.method} ${e.doc}`).sort()).toEqual(documented);
  });

  for (const e of ADMIN_ENDPOINTS) {
    for (const role of ["anonymous", "user", "admin", "superAdmin"] as const) {
      const status = adminExpected(e, role);
      it(`${role} ${e.method} ${e.doc} → ${status}`, async () => {
        const target = targetOf;
        const res = await clients[role].request(e.url(target), { method: e.method, json: e.json?.(target) });
        const text = await res.text();
        expect(res.status).toBe(status);
        if (status >= 400) {
          expectRefusal(status, text, { secrets: [CANARY] });
          expect(Object.keys(JSON.parse(text) as object)).not.toContain("issues");
        } else if (e.showsTarget) {
          // The allowed callers do see the rows (so the check above is not vacuous).
          expect(text).toContain(CANARY);
        }
      });
    }
  }

  it("decides access before reading input: bad input from a stranger is still 401/403, never 422", async () => {
    for (const [role, status] of [["anonymous", 401], ["user", 403], ["admin", 403]] as const) {
      expect((await clients[role].json("/api/admin/balances/adjust", { json: { amountMills: -1 } })).status).toBe(status);
      expect((await clients[role].json("/api/admin/users?pageSize=7")).status).toBe(status);
    }
    for (const [role, status] of [["anonymous", 401], ["user", 403]] as const) {
      expect((await clients[role].json("/api/admin/otp-orders?page=0")).status).toBe(status);
    }
    expect((await clients.admin.json("/api/admin/otp-orders?page=0")).status).toBe(422);
  });

  it("refused writes changed nothing: one ledger row and one adjustment, refunds by the super-admin, licence actions by the two admins only", async () => {
    const ledger = await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.reason, "admin_adjustment"));
    expect(ledger).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === "balance.adjust")).toEqual([expect.objectContaining({ targetId: targetKeyId })]);
    // The admin and the super-admin each issued one licence and resent one key e-mail; the super-admin
    // alone refunded, decided the requests, added a plan (the PATCH and PUT changed nothing: no
    // entry), created a discount code and changed one's note; nobody else wrote anything.
    expect(audit.map((a) => a.action).sort()).toEqual([
      "balance.adjust",
      "discount.create",
      "discount.update",
      "licence.issue",
      "licence.issue",
      "licence.resend_key",
      "licence.resend_key",
      "order.refund",
      "order.refund",
      "plan.create",
      "refund_request.approve",
      "refund_request.decline",
    ]);
    const [superAdmin] = await t.database.db.select().from(user).where(eq(user.superAdmin, true));
    const money = audit.filter((a) => a.action.startsWith("order.") || a.action.startsWith("refund_request.") || a.action.startsWith("plan.") || a.action.startsWith("discount.") || a.action === "balance.adjust");
    expect(new Set(money.map((a) => a.actorUserId))).toEqual(new Set([superAdmin!.id]));
    expect((await t.database.db.select().from(licenses).where(eq(licenses.email, `${CANARY}@example.com`))).length).toBe(3);
    const [target] = await t.database.db.select().from(user).where(eq(user.id, targetUserId));
    expect(target).toMatchObject({ role: "user", superAdmin: false });
  });

  it("a demoted admin loses access at once", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    expect((await admin.client.json("/api/admin/overview")).status).toBe(200);
    expect((await clients.superAdmin.json(`/api/admin/users/${admin.id}/role`, { method: "PATCH", json: { role: "user" } })).status).toBe(200);
    expect((await admin.client.json("/api/admin/overview")).status).toBe(403);
  });
});
