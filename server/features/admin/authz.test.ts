// Authorization matrix over every admin endpoint (the list is checked against the OpenAPI
// document, so a new admin route without a row here fails): anonymous → 401, user → 403, admin →
// allowed only where admin suffices, super-admin → allowed. Refusals carry no data, and refused
// writes change nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, balanceLedger, user } from "../../db/schema";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey } from "../balance/service";
import { insertOrders, insertOtpOrder } from "./test-seed";

type Role = "anonymous" | "user" | "admin" | "superAdmin";
let t: TestContext;
let clients: Record<Role, TestClient>;
let targetUserId: string;
let targetKeyId: string;
const CANARY = "canary-leak";

beforeAll(async () => {
  t = await createTestContext();
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
  await insertOtpOrder(t.database.db, { apiKeyId: key.id, userId: target.id, address: `${CANARY}-box@gmail.com`, status: "success" });
});
afterAll(() => t.close());

type Endpoint = { method: "GET" | "PATCH" | "POST"; path: () => string; doc: string; json?: () => unknown; level: "admin" | "superAdmin" };
const endpoints: Endpoint[] = [
  { method: "GET", doc: "/admin/overview", path: () => "/api/admin/overview?tz=UTC", level: "admin" },
  { method: "GET", doc: "/admin/stats", path: () => "/api/admin/stats", level: "admin" },
  { method: "GET", doc: "/admin/orders.csv", path: () => "/api/admin/orders.csv", level: "admin" },
  { method: "GET", doc: "/admin/otp-orders", path: () => "/api/admin/otp-orders", level: "admin" },
  { method: "GET", doc: "/admin/users", path: () => "/api/admin/users", level: "superAdmin" },
  // A no-op change (the target already has the role): allowed callers change nothing either.
  { method: "PATCH", doc: "/admin/users/{id}/role", path: () => `/api/admin/users/${targetUserId}/role`, json: () => ({ role: "user" }), level: "superAdmin" },
  { method: "GET", doc: "/admin/balances", path: () => "/api/admin/balances", level: "superAdmin" },
  { method: "POST", doc: "/admin/balances/adjust", path: () => "/api/admin/balances/adjust", json: () => ({ apiKeyId: targetKeyId, operation: "add", amount: "0.01" }), level: "superAdmin" },
  { method: "GET", doc: "/admin/audit", path: () => "/api/admin/audit", level: "superAdmin" },
];

function expected(e: Endpoint, role: Role) {
  if (role === "anonymous") return 401;
  if (role === "user") return 403;
  if (role === "admin") return e.level === "admin" ? 200 : 403;
  return 200;
}

describe("authorization matrix", () => {
  it("covers every admin route of the OpenAPI document", async () => {
    const doc = await clients.anonymous.json<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    const documented = Object.entries(doc.body.paths)
      .filter(([path]) => path.startsWith("/api/admin"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice("/api".length)}`))
      .sort();
    expect(endpoints.map((e) => `${e.method} ${e.doc}`).sort()).toEqual(documented);
  });

  for (const e of endpoints) {
    for (const role of ["anonymous", "user", "admin", "superAdmin"] as const) {
      const status = expected(e, role);
      it(`${role} ${e.method} ${e.doc} → ${status}`, async () => {
        const res = await clients[role].request(e.path(), { method: e.method, json: e.json?.() });
        const text = await res.text();
        expect(res.status).toBe(status);
        if (status !== 200) {
          const body = JSON.parse(text) as Record<string, unknown>;
          expect(Object.keys(body).sort()).toEqual(["code", "message"]);
          expect(body.code).toBe(status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN");
          expect(text).not.toContain(CANARY);
        } else if (e.method === "GET" && e.doc !== "/admin/stats" && e.doc !== "/admin/audit") {
          // The allowed callers do see the rows (so the check above is not vacuous).
          expect(text).toContain(CANARY);
        }
      });
    }
  }

  it("decides access before reading input: bad input from a stranger is still 401/403, never 422", async () => {
    for (const [role, status] of [["anonymous", 401], ["user", 403], ["admin", 403]] as const) {
      expect((await clients[role].json("/api/admin/balances/adjust", { json: { amount: "-1" } })).status).toBe(status);
      expect((await clients[role].json("/api/admin/users?pageSize=7")).status).toBe(status);
    }
    for (const [role, status] of [["anonymous", 401], ["user", 403]] as const) {
      expect((await clients[role].json("/api/admin/otp-orders?page=0")).status).toBe(status);
    }
    expect((await clients.admin.json("/api/admin/otp-orders?page=0")).status).toBe(422);
  });

  it("refused writes changed nothing: one ledger row and one audit row, both the super-admin's", async () => {
    const ledger = await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.reason, "admin_adjustment"));
    expect(ledger).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "balance.adjust", targetId: targetKeyId });
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
