// A second factor for admins (required) and customers (optional): enrolment, sign-in with a code
// or a backup code, sessions that have not passed it, and a super-admin's reset (decision 018).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, session, user } from "../db/schema";
import { createTestContext, PASSWORD, type TestClient, type TestContext } from "../test/harness";
import { nextTotpCode, totpCode } from "../lib/totp";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const STEP = 30_000;
const signIn = (c: TestClient, email: string) => c.json<{ twoFactorRedirect?: boolean; code?: string }>("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
const me = (c: TestClient) => c.json<{ user: { role: string; twoFactorEnabled: boolean; secondFactorVerified: boolean } }>("/api/me");

describe("enrolment", () => {
  it("needs the password, then one code from the app before it counts; gives ten backup codes", async () => {
    const admin = await t.signedInUser({ role: "admin", twoFactor: false });
    const noPassword = await admin.client.json<{ code: string }>("/api/auth/two-factor/enable", { json: { password: "not my password" } });
    expect(noPassword.status).toBe(400);
    const enabled = await admin.client.json<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", { json: { password: PASSWORD } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Keyshop:.+\?.*secret=[A-Z2-7]+/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    // Not yet: the app has not shown a code.
    expect((await me(admin.client)).body.user.twoFactorEnabled).toBe(false);
    expect((await admin.client.json("/api/admin/overview")).status).toBe(403);
    const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    const wrong = await admin.client.json("/api/auth/two-factor/verify-totp", { json: { code: totpCode(secret, Date.now() + 10 * STEP) } });
    expect(wrong.status).toBe(401);
    expect((await admin.client.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(secret) } })).status).toBe(200);
    expect((await me(admin.client)).body.user).toMatchObject({ role: "admin", twoFactorEnabled: true, secondFactorVerified: true });
    expect((await admin.client.json("/api/admin/overview")).status).toBe(200);
  });
});

describe("signing in with a second factor", () => {
  it("the password alone gives no session; the code from the app does", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const c = t.client();
    const first = await signIn(c, admin.email);
    expect([first.status, first.body.twoFactorRedirect]).toEqual([200, true]);
    expect(c.hasSession()).toBe(false);
    expect((await c.json("/api/admin/overview")).status).toBe(401);
    const wrong = await c.json<{ code: string }>("/api/auth/two-factor/verify-totp", { json: { code: totpCode(admin.totpSecret!, Date.now() + 10 * STEP) } });
    expect([wrong.status, wrong.body.code]).toEqual([401, "INVALID_CODE"]);
    expect((await c.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(admin.totpSecret!) } })).status).toBe(200);
    expect(c.hasSession()).toBe(true);
    expect((await c.json("/api/admin/overview")).status).toBe(200);
  });

  it("a backup code works once", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const backup = admin.backupCodes![0]!;
    const c = t.client();
    await signIn(c, admin.email);
    expect((await c.json("/api/auth/two-factor/verify-backup-code", { json: { code: backup } })).status).toBe(200);
    expect((await c.json("/api/admin/overview")).status).toBe(200);
    const again = t.client();
    await signIn(again, admin.email);
    expect((await again.json("/api/auth/two-factor/verify-backup-code", { json: { code: backup } })).status).toBe(401);
    expect(again.hasSession()).toBe(false);
  });

  it("five wrong codes for one sign-in and it is refused for a while (429), from whatever address", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const c = t.client();
    await signIn(c, admin.email);
    const statuses: number[] = [];
    // A guesser rotating addresses (per address, better-auth allows 3 tries in 10 seconds).
    for (let i = 1; i <= 6; i++) statuses.push((await c.withIp(`10.66.0.${i}`).request("/api/auth/two-factor/verify-totp", { json: { code: totpCode(admin.totpSecret!, Date.now() + (10 + i) * STEP) } })).status);
    expect(statuses.slice(0, 5), JSON.stringify(statuses)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("a session from a magic link has not passed it: nothing but /api/me works until a code is given", async () => {
    const customer = await t.signedInUser({ twoFactor: true });
    const admin = await t.signedInUser({ role: "admin" });
    for (const person of [customer, admin]) {
      const c = t.client();
      await c.request("/api/auth/sign-in/magic-link", { json: { email: person.email, callbackURL: "/dashboard" } });
      const link = (await t.lastEmail(person.email, "magic-link")).link!;
      expect((await c.request(link)).status).toBe(302);
      expect(c.hasSession()).toBe(true);
      expect((await me(c)).body.user).toMatchObject({ twoFactorEnabled: true, secondFactorVerified: false });
      const licenses = await c.json<{ code: string; message: string }>("/api/licenses");
      expect([licenses.status, licenses.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
      expect(licenses.body.message).toBe("Enter the code from your authenticator app to continue.");
      expect((await c.json("/api/admin/overview")).status).toBe(403);
      // The code in that session: it counts from now on.
      expect((await c.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(person.totpSecret!) } })).status).toBe(200);
      expect((await c.json("/api/licenses")).status).toBe(200);
      expect((await c.json("/api/admin/overview")).status).toBe(person === admin ? 200 : 403);
    }
  });

  it("an admin without a second factor is a customer until they enrol: no admin route, no other customer's order", async () => {
    const admin = await t.signedInUser({ role: "admin", superAdmin: true, twoFactor: false });
    expect((await me(admin.client)).body.user).toMatchObject({ role: "admin", twoFactorEnabled: false, secondFactorVerified: false });
    for (const path of ["/api/admin/overview", "/api/admin/users", "/api/admin/audit"]) {
      const res = await admin.client.json<{ code: string; message: string }>(path);
      expect([res.status, res.body.code], path).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
      expect(res.body.message).toBe("The admin console needs a second factor. Add a passkey in Profile (recommended), or set up an authenticator app.");
    }
    // Their own pages work as any customer's.
    expect((await admin.client.json("/api/licenses")).status).toBe(200);
  });
});

describe("a super-admin resets someone's second factor", () => {
  it("removes it, signs them out everywhere and writes the audit log; only a super-admin, never for oneself", async () => {
    const boss = await t.signedInUser({ role: "admin", superAdmin: true });
    const admin = await t.signedInUser({ role: "admin" });
    const plainAdmin = await t.signedInUser({ role: "admin" });
    expect((await admin.client.json("/api/admin/overview")).status).toBe(200);

    const refused = await plainAdmin.client.json<{ code: string }>(`/api/admin/users/${admin.id}/two-factor/reset`, { method: "POST" });
    expect([refused.status, refused.body.code]).toEqual([403, "FORBIDDEN"]);
    const self = await boss.client.json<{ code: string }>(`/api/admin/users/${boss.id}/two-factor/reset`, { method: "POST" });
    expect([self.status, self.body.code]).toEqual([409, "SELF_RESET"]);

    const reset = await boss.client.json<{ user: { id: string; twoFactorEnabled: boolean }; changed: boolean }>(`/api/admin/users/${admin.id}/two-factor/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ changed: true, user: { id: admin.id, twoFactorEnabled: false } });
    expect((await admin.client.json("/api/me")).status).toBe(401); // signed out
    expect(await t.database.db.select().from(session).where(eq(session.userId, admin.id))).toHaveLength(0);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(row!.twoFactorEnabled).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "user.two_factor_reset"), eq(auditLog.targetId, admin.id)));
    expect(audit).toMatchObject({ actorEmail: boss.email, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } });

    // Signing in again: the password is enough for a session, the console waits for a new enrolment.
    const again = t.client();
    expect((await signIn(again, admin.email)).body.twoFactorRedirect).toBeUndefined();
    expect((await again.json<{ code: string }>("/api/admin/overview")).body.code).toBe("SECOND_FACTOR_REQUIRED");
    // A second reset changes nothing.
    expect((await boss.client.json<{ changed: boolean }>(`/api/admin/users/${admin.id}/two-factor/reset`, { method: "POST" })).body.changed).toBe(false);
  });
});

describe("the test API (browser tests)", () => {
  it("enrols the admins it creates and returns the authenticator's secret", async () => {
    const seeded = await createTestContext({ DEV_TEST_API_TOKEN: "2fa-test-token" });
    try {
      const email = `seeded-admin-${Date.now()}@example.com`;
      const res = await seeded.app.request("/dev/test-api/users", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-token": "2fa-test-token" },
        body: JSON.stringify({ email, password: PASSWORD, role: "admin" }),
      });
      const body = (await res.json()) as { totpSecret: string; backupCodes: string[] };
      expect(res.status).toBe(200);
      expect(body.totpSecret).toMatch(/^[A-Z2-7]+$/);
      expect(body.backupCodes).toHaveLength(10);
      const c = seeded.client();
      expect((await c.json<{ twoFactorRedirect: boolean }>("/api/auth/sign-in/email", { json: { email, password: PASSWORD } })).body.twoFactorRedirect).toBe(true);
      expect((await c.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(body.totpSecret) } })).status).toBe(200);
      expect((await c.json("/api/admin/overview")).status).toBe(200);
    } finally {
      await seeded.close();
    }
  });
});
