// Guards per role on a sample of each kind of route: account, admin, super-admin, auth, unknown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestClient, type TestContext } from "../test/harness";

let t: TestContext;
let clients: Record<"anonymous" | "user" | "admin" | "superAdmin", TestClient>;

beforeAll(async () => {
  t = await createTestContext();
  clients = {
    anonymous: t.client(),
    user: (await t.signedInUser()).client,
    admin: (await t.signedInUser({ role: "admin" })).client,
    superAdmin: (await t.signedInUser({ role: "admin", superAdmin: true })).client,
  };
});
afterAll(() => t.close());

const matrix: Array<{ path: string; expect: Record<keyof typeof clients, number> }> = [
  { path: "/api/me", expect: { anonymous: 401, user: 200, admin: 200, superAdmin: 200 } },
  { path: "/api/config", expect: { anonymous: 200, user: 200, admin: 200, superAdmin: 200 } },
  { path: "/api/admin/stats", expect: { anonymous: 401, user: 403, admin: 200, superAdmin: 200 } },
  { path: "/api/admin/users", expect: { anonymous: 401, user: 403, admin: 403, superAdmin: 200 } },
  // Access is decided before input is read: strangers get 401/403, never a 422 that describes the route.
  { path: "/api/admin/users?pageSize=7", expect: { anonymous: 401, user: 403, admin: 403, superAdmin: 422 } },
];

describe("authorization per role", () => {
  for (const row of matrix) {
    for (const role of Object.keys(row.expect) as Array<keyof typeof clients>) {
      it(`${role} GET ${row.path} → ${row.expect[role]}`, async () => {
        const res = await clients[role].json<{ code?: string; message?: string }>(row.path);
        expect(res.status).toBe(row.expect[role]);
        if (res.status >= 400) {
          expect(typeof res.body.code).toBe("string");
          expect(typeof res.body.message).toBe("string");
        }
      });
    }
  }

  it("the super-admin sees users searched and paged, with no secrets", async () => {
    const res = await clients.superAdmin.json<{ users: Array<Record<string, unknown>>; total: number }>("/api/admin/users?search=EXAMPLE.COM&pageSize=10");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.users).toHaveLength(3);
    expect(Object.keys(res.body.users[0]!).sort()).toEqual(["createdAt", "email", "id", "name", "passkeyEnabled", "reseller", "role", "superAdmin", "twoFactorEnabled", "username"]);
    const none = await clients.superAdmin.json<{ total: number }>("/api/admin/users?search=nobody-here");
    expect(none.body.total).toBe(0);
  });

  it("the admin sees the statistics as integer mills", async () => {
    const res = await clients.admin.json<Record<string, number>>("/api/admin/stats");
    expect(res.body).toEqual({ totalUsers: 3, activeUsers: 0, salesTodayMills: 0, monthlySalesMills: 0, allTimeRevenueMills: 0 });
  });
});

describe("error shape", () => {
  it("unknown API routes answer 404 JSON", async () => {
    const res = await clients.user.json<{ code: string }>("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });

  it("a malformed JSON body is a 4xx, never a 5xx", async () => {
    const res = await clients.anonymous.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("a validation failure names the field", async () => {
    const res = await clients.superAdmin.json<{ code: string; issues: Array<{ path: string; message: string }> }>("/api/admin/users?page=0");
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.issues[0]!.path).toBe("page");
  });
});
