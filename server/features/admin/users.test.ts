// User Management: role rules (no self-demotion, never the last super-admin), the reseller flag
// (decision 080), the audit trail, and search and paging edges.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_MESSAGES, type AdminUser, type UserList } from "../../../contracts/admin";
import { auditLog, user } from "../../db/schema";
import type { SignedInUser, TestClient, TestContext } from "../../test/harness";
import { changeUserRole } from "../users/service";
import { insertUser, superAdminContext } from "./test-seed";

let t: TestContext;
let boss: SignedInUser;

beforeAll(async () => ({ t, boss } = await superAdminContext()));
afterAll(() => t.close());

const setRole = (client: TestClient, id: string, role: string) =>
  client.json<{ user?: AdminUser; changed?: boolean; code?: string; message?: string }>(`/api/admin/users/${id}/role`, { method: "PATCH", json: { role } });

describe("role changes", () => {
  it("promotes and demotes, audited with who, when, before and after; the same role again writes nothing", async () => {
    const target = await t.signedInUser();
    const promoted = await setRole(boss.client, target.id, "admin");
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ changed: true, user: { id: target.id, role: "admin", superAdmin: false } });
    // The new admin's console opens once they have a second factor (decision 018).
    const before2fa = await target.client.json<{ code: string; message: string }>("/api/admin/overview");
    expect([before2fa.status, before2fa.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    expect(before2fa.body.message).toBe("The admin console needs a second factor. Add a passkey in Profile (recommended), or set up an authenticator app.");
    await t.enrolTwoFactor(target.client);
    expect((await target.client.json("/api/admin/overview")).status).toBe(200);

    expect((await setRole(boss.client, target.id, "admin")).body.changed).toBe(false);
    expect((await setRole(boss.client, target.id, "user")).body.user).toMatchObject({ role: "user" });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(rows.map((r) => [r.action, r.actorEmail, r.before, r.after])).toEqual([
      ["user.role", boss.email, { role: "user", superAdmin: false }, { role: "admin", superAdmin: false }],
      ["user.role", boss.email, { role: "admin", superAdmin: false }, { role: "user", superAdmin: false }],
    ]);
    expect(rows.every((r) => r.actorUserId === boss.id && r.createdAt instanceof Date)).toBe(true);

    const audit = await boss.client.json<{ entries: Array<{ action: string; targetEmail: string; actorEmail: string }> }>("/api/admin/audit?action=user.role");
    expect(audit.body.entries[0]).toMatchObject({ action: "user.role", targetEmail: target.email, actorEmail: boss.email });
  });

  it("nobody removes their own admin role", async () => {
    const res = await setRole(boss.client, boss.id, "user");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: "SELF_DEMOTION", message: ROLE_MESSAGES.selfDemotion });
    const [me] = await t.database.db.select().from(user).where(eq(user.id, boss.id));
    expect(me).toMatchObject({ role: "admin", superAdmin: true });
  });

  it("the last super-admin keeps the role, also when two super-admins demote each other at once", async () => {
    const other = await t.signedInUser({ role: "admin", superAdmin: true });
    // Both at once: the row locks serialize them, so exactly one wins.
    const results = await Promise.allSettled([
      changeUserRole({ db: t.database.db, userId: other.id, role: "user", actor: { id: boss.id, email: boss.email } }),
      changeUserRole({ db: t.database.db, userId: boss.id, role: "user", actor: { id: other.id, email: other.email } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "LAST_SUPER_ADMIN", message: ROLE_MESSAGES.lastSuperAdmin });
    const supers = await t.database.db.select().from(user).where(eq(user.superAdmin, true));
    expect(supers).toHaveLength(1);

    // Put things back: the survivor is the one whose demotion was refused.
    const survivor = supers[0]!;
    const demoted = survivor.id === boss.id ? other : boss;
    await t.database.db.update(user).set({ role: "admin", superAdmin: true }).where(eq(user.id, demoted.id));
    // With two super-admins, one can demote the other; then the last one cannot be demoted by anyone.
    expect((await setRole(boss.client, other.id, "user")).status).toBe(200);
    await expect(changeUserRole({ db: t.database.db, userId: boss.id, role: "user", actor: { id: "someone-else", email: "x@example.com" } })).rejects.toMatchObject({
      code: "LAST_SUPER_ADMIN",
    });
  });

  it("unknown users, bad roles and bad ids", async () => {
    expect((await setRole(boss.client, "no-such-user", "admin")).status).toBe(404);
    expect((await setRole(boss.client, "../../etc", "admin")).status).toBe(404);
    const bad = await setRole(boss.client, boss.id, "owner");
    expect(bad.status).toBe(422);
    expect((await boss.client.json(`/api/admin/users/${boss.id}/role`, { method: "PATCH", json: {} })).status).toBe(422);
  });
});

const setReseller = (client: TestClient, id: string, json: unknown) =>
  client.json<{ user?: AdminUser; changed?: boolean; code?: string; issues?: unknown[] }>(`/api/admin/users/${id}/reseller`, { method: "PATCH", json });

describe("the reseller flag", () => {
  it("a super-admin marks and unmarks a reseller, audited before and after; the same again writes nothing", async () => {
    const target = await t.signedInUser();
    const marked = await setReseller(boss.client, target.id, { reseller: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ changed: true, user: { id: target.id, email: target.email, reseller: true, role: "user" } });
    // Stored on the account, which the reseller's routes read (the session's copy may lag its cache).
    expect((await t.database.db.select({ reseller: user.reseller }).from(user).where(eq(user.id, target.id)))[0]!.reseller).toBe(true);
    expect((await setReseller(boss.client, target.id, { reseller: true })).body).toMatchObject({ changed: false, user: { reseller: true } });
    expect((await setReseller(boss.client, target.id, { reseller: false })).body).toMatchObject({ changed: true, user: { reseller: false } });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(rows.map((r) => [r.action, r.actorEmail, r.actorUserId, r.before, r.after])).toEqual([
      ["user.reseller", boss.email, boss.id, { reseller: false }, { reseller: true }],
      ["user.reseller", boss.email, boss.id, { reseller: true }, { reseller: false }],
    ]);
    const audit = await boss.client.json<{ entries: Array<{ action: string; targetEmail: string }> }>("/api/admin/audit?action=user.reseller");
    expect(audit.body.entries[0]).toMatchObject({ action: "user.reseller", targetEmail: target.email });
    const [stored] = await t.database.db.select().from(user).where(eq(user.id, target.id));
    expect(stored!.reseller).toBe(false);
  });

  it("admins without the super-admin flag and customers get 403, no session 401, and nothing changes", async () => {
    const target = await t.signedInUser();
    const admin = await t.signedInUser({ role: "admin" });
    const customer = await t.signedInUser();
    expect((await setReseller(admin.client, target.id, { reseller: true })).status).toBe(403);
    expect((await setReseller(customer.client, customer.id, { reseller: true })).status).toBe(403);
    expect((await setReseller(t.client(), target.id, { reseller: true })).status).toBe(401);
    const [stored] = await t.database.db.select().from(user).where(eq(user.id, target.id));
    expect(stored!.reseller).toBe(false);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id))).toEqual([]);
  });

  it("unknown users are 404; a body that is not one boolean is 422", async () => {
    expect((await setReseller(boss.client, "no-such-user", { reseller: true })).body.code).toBe("NOT_FOUND");
    expect((await setReseller(boss.client, "../../etc", { reseller: true })).status).toBe(404);
    for (const body of [{}, { reseller: "yes" }, { reseller: true, role: "admin" }]) {
      const res = await setReseller(boss.client, boss.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("user list: search and paging edges", () => {
  it("searches e-mail, username and name case-insensitively, literally, and pages on the server", async () => {
    const db = t.database.db;
    const base = new Date("2025-01-01T00:00:00Z").getTime();
    for (let i = 0; i < 23; i++) {
      await insertUser(db, { email: `paging-${String(i).padStart(2, "0")}@zone.test`, name: i === 3 ? "Dara Sok" : "", username: i === 4 ? "night_owl" : null, createdAt: new Date(base + i * 60_000) });
    }
    const list = (q: string) => boss.client.json<UserList>(`/api/admin/users?${q}`);

    const first = await list("search=ZONE.TEST&pageSize=10");
    expect([first.body.total, first.body.users.length]).toEqual([23, 10]);
    expect(first.body.users[0]!.email).toBe("paging-22@zone.test"); // newest first
    const last = await list("search=zone.test&pageSize=10&page=3");
    expect(last.body.users.map((u) => u.email)).toEqual(["paging-02@zone.test", "paging-01@zone.test", "paging-00@zone.test"]);
    const beyond = await list("search=zone.test&pageSize=10&page=4");
    expect([beyond.body.total, beyond.body.users.length]).toEqual([23, 0]);
    const bigger = await list("search=zone.test&pageSize=25");
    expect(bigger.body.users).toHaveLength(23);

    expect((await list("search=dara sok")).body.users.map((u) => u.email)).toEqual(["paging-03@zone.test"]);
    expect((await list("search=NIGHT_OWL")).body.users.map((u) => u.email)).toEqual(["paging-04@zone.test"]);
    // '_' and '%' are literal, not wildcards.
    expect((await list("search=%25")).body.total).toBe(0);
    expect((await list("search=ght_o")).body.total).toBe(1);
    expect((await list("search=nobody-matches-this")).body).toMatchObject({ total: 0, users: [] });
    expect((await list("pageSize=7")).status).toBe(422);
    expect((await list("page=0")).status).toBe(422);
  });

  it("shows 'N/A'-able dates: createdAt is an ISO string", async () => {
    const res = await boss.client.json<UserList>(`/api/admin/users?search=${encodeURIComponent(boss.email)}`);
    expect(res.body.users[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
