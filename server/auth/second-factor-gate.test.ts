// Issue #26: a mailbox alone must not make an admin. A session that has not passed its account's
// second factor can change nothing that guards the account; a session is stamped only by a factor
// that existed before; each code counts once; a guesser with the password cannot lock the owner
// out; the owner hears of every change; an ended session stops working everywhere at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_PASSED_SECOND_FACTOR } from "./edge";
import { nextTotpCode, totpCode } from "../lib/totp";
import { createTestContext, PASSWORD, type SignedInUser, type TestClient, type TestContext } from "../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const STEP = 30_000;
type Me = { user: { role: string; twoFactorEnabled: boolean; secondFactorVerified: boolean } };

async function notices(email: string) {
  const rows = await t.database.db.query.emailOutbox.findMany({ where: (o, { and, eq }) => and(eq(o.toAddress, email), eq(o.template, "security-notice")) });
  return rows.map((r) => r.subject);
}

describe("a session that has not passed the account's second factor", () => {
  let boss: SignedInUser;
  let mailbox: TestClient;
  beforeAll(async () => {
    boss = await t.signedInUser({ role: "admin", superAdmin: true });
    mailbox = await t.magicLinkSession(boss.email);
  });

  it("cannot make new backup codes and pass with one (the finding: 403 → 200 on /api/admin/users)", async () => {
    const codes = await mailbox.json<{ code: string; backupCodes?: string[] }>("/api/auth/two-factor/generate-backup-codes", { json: { password: PASSWORD } });
    expect([codes.status, codes.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    expect(codes.body.backupCodes).toBeUndefined();
    expect((await mailbox.json("/api/admin/users")).status).toBe(403);
    expect((await mailbox.json<Me>("/api/me")).body.user.secondFactorVerified).toBe(false);
    // The owner's backup codes still work (nothing was replaced).
    const owner = t.client();
    await owner.json("/api/auth/sign-in/email", { json: { email: boss.email, password: PASSWORD } });
    expect((await owner.json("/api/auth/two-factor/verify-backup-code", { json: { code: boss.backupCodes![0] } })).status).toBe(200);
  });

  it("cannot turn the factor off, enrol another one, or change the account", async () => {
    for (const [path, json] of [
      ["/api/auth/two-factor/disable", { password: PASSWORD }],
      ["/api/auth/two-factor/enable", { password: PASSWORD }],
      ["/api/auth/update-user", { name: "Mallory" }],
    ] as const) {
      const res = await mailbox.json<{ code: string; message: string }>(path, { json });
      expect([res.status, res.body.code], path).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
      expect(res.body.message).toMatch(/this session has not passed your second factor/);
    }
    // The attacker's authenticator was never set up: the owner's code still signs in, and only it.
    const owner = t.client();
    const first = await owner.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { json: { email: boss.email, password: PASSWORD } });
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await owner.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(boss.totpSecret!) } })).status).toBe(200);
    expect((await owner.json("/api/admin/users")).status).toBe(200);
    expect((await mailbox.json("/api/admin/users")).status).toBe(403);
  });

  it("every endpoint that needs a passed second factor refuses such a session, asks anonymous callers to sign in, and serves a passed one", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const pending = await t.magicLinkSession(admin.email);
    // Passkeys' too (decision 038): the registration options are a GET, the rest bodies of their own.
    const webauthn = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } };
    const bodies: Record<string, unknown> = {
      "/update-user": { name: "Same" },
      "/passkey/generate-register-options": undefined,
      "/passkey/verify-registration": { response: webauthn, name: "Attacker" },
      "/passkey/update-passkey": { id: "any", name: "Attacker" },
      "/passkey/delete-passkey": { id: "any" },
    };
    for (const endpoint of NEEDS_PASSED_SECOND_FACTOR) {
      const json = endpoint in bodies ? bodies[endpoint] : { password: PASSWORD };
      const refused = await pending.json<{ code: string }>(`/api/auth${endpoint}`, { json });
      expect([refused.status, refused.body.code], endpoint).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
      expect((await t.client().json(`/api/auth${endpoint}`, { json })).status, endpoint).toBe(401);
    }
    // A session past it: the name can change (the factor endpoints are exercised below).
    expect((await admin.client.json("/api/auth/update-user", { json: { name: "Same" } })).status).toBe(200);
  });

  it("the mailbox alone: a password reset signs nobody in, keeps the factor, and tells the owner", async () => {
    const admin = await t.signedInUser({ role: "admin", superAdmin: true });
    const c = t.client();
    await c.json("/api/auth/request-password-reset", { json: { email: admin.email, redirectTo: "/auth" } });
    const open = await c.request((await t.lastEmail(admin.email, "reset-password")).link!);
    const token = new URL(open.headers.get("location")!, t.config.baseUrl).searchParams.get("token")!;
    const newPassword = "the attacker's new password 1";
    expect((await c.json("/api/auth/reset-password", { json: { newPassword, token } })).status).toBe(200);
    expect(c.hasSession()).toBe(false);
    // The new password is only the first step.
    const signIn = await c.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { json: { email: admin.email, password: newPassword } });
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect(c.hasSession()).toBe(false);
    const generate = await (await t.magicLinkSession(admin.email)).json<{ code: string }>("/api/auth/two-factor/generate-backup-codes", { json: { password: newPassword } });
    expect([generate.status, generate.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    expect(await notices(admin.email)).toContain("Your Keyshop password was changed");
    // The reset ended the owner's sessions, everywhere.
    expect((await admin.client.json("/api/licenses")).status).toBe(401);
  });
});

describe("a session is stamped only by a factor that existed before the request", () => {
  it("a customer without a factor enrols from a magic-link session: the new session passed it, and the owner is told", async () => {
    const customer = await t.signedInUser();
    const c = await t.magicLinkSession(customer.email);
    const { totpSecret } = await t.enrolTwoFactor(c);
    expect((await c.json<Me>("/api/me")).body.user).toMatchObject({ twoFactorEnabled: true, secondFactorVerified: true });
    expect(await notices(customer.email)).toContain("Two-factor authentication was turned on");
    // From now on a code from that authenticator is the second step.
    const next = t.client();
    expect((await next.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { json: { email: customer.email, password: PASSWORD } })).body.twoFactorRedirect).toBe(true);
    expect((await next.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(totpSecret) } })).status).toBe(200);
  });
});

describe("changes to the account's protection are e-mailed to its owner at once", () => {
  it("new backup codes and turning the factor off, from a session that passed it", async () => {
    const person = await t.signedInUser({ twoFactor: true });
    expect((await person.client.json("/api/auth/two-factor/generate-backup-codes", { json: { password: PASSWORD } })).status).toBe(200);
    expect(await notices(person.email)).toContain("New backup codes were made for your account");
    expect((await person.client.json("/api/auth/two-factor/disable", { json: { password: PASSWORD } })).status).toBe(200);
    expect(await notices(person.email)).toContain("Two-factor authentication was turned off");
    const mail = await t.lastEmail(person.email, "security-notice");
    expect(mail.text).toContain("If this was not you, reset your password now");
    expect(mail.link).toBe(`${t.config.baseUrl}/profile#two-factor`);
  });

  it("a super-admin's reset", async () => {
    const boss = await t.signedInUser({ role: "admin", superAdmin: true });
    const admin = await t.signedInUser({ role: "admin" });
    expect((await boss.client.json(`/api/admin/users/${admin.id}/two-factor/reset`, { method: "POST" })).status).toBe(200);
    expect(await notices(admin.email)).toContain("Your two-factor authentication was reset by the shop");
  });
});

describe("each authenticator code is accepted once per account", () => {
  it("a code that signed in once is refused in another sign-in within its 30 seconds", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    // A code still valid for at least 30 s (the current or the next step), handed out once.
    const code = await nextTotpCode(admin.totpSecret!);
    const first = t.client();
    await first.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
    expect((await first.json("/api/auth/two-factor/verify-totp", { json: { code } })).status).toBe(200);
    const replay = t.client();
    await replay.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
    const refused = await replay.json<{ code: string; message: string }>("/api/auth/two-factor/verify-totp", { json: { code } });
    expect([refused.status, refused.body.code]).toEqual([401, "INVALID_CODE"]);
    expect(refused.body.message).toBe("This code was already used. Wait for the next code in your authenticator app.");
    expect(replay.hasSession()).toBe(false);
    // The next code still works in that same sign-in (it may mean waiting for the app's next step).
    expect((await replay.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(admin.totpSecret!) } })).status).toBe(200);
  }, 75_000);

  it("two sign-ins racing with the same code: one gets in", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    // A code still valid for at least 30 s (the current or the next step), handed out once.
    const code = await nextTotpCode(admin.totpSecret!);
    const clients = [t.client(), t.client(), t.client()];
    for (const c of clients) await c.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
    const statuses = await Promise.all(clients.map(async (c) => (await c.request("/api/auth/two-factor/verify-totp", { json: { code } })).status));
    expect(statuses.sort()).toEqual([200, 401, 401]);
  });

  it("a refused code is not spent: a typo's retry with the right code works", async () => {
    const person = await t.signedInUser({ twoFactor: true });
    const c = t.client();
    await c.json("/api/auth/sign-in/email", { json: { email: person.email, password: PASSWORD } });
    expect((await c.json("/api/auth/two-factor/verify-totp", { json: { code: "000000" } })).status).toBe(401);
    expect((await c.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(person.totpSecret!) } })).status).toBe(200);
  });
});

describe("a guesser who knows the password", () => {
  it("cannot lock the owner's second factor: wrong codes are throttled per sign-in and address, and the owner is e-mailed once", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const statuses: number[] = [];
    // Twelve sign-ins from twelve addresses, each with one wrong code (better-auth alone locked the
    // account for 15 minutes after ten).
    for (let i = 1; i <= 12; i++) {
      const guesser = t.client({ ip: `10.77.1.${i}` });
      await guesser.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
      statuses.push((await guesser.request("/api/auth/two-factor/verify-totp", { json: { code: totpCode(admin.totpSecret!, Date.now() + (20 + i) * STEP) } })).status);
    }
    expect(statuses).toEqual(Array(12).fill(401));
    const owner = t.client({ ip: "10.77.2.1" });
    await owner.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
    expect((await owner.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(admin.totpSecret!) } })).status).toBe(200);
    expect((await owner.json("/api/admin/overview")).status).toBe(200);
    expect((await notices(admin.email)).filter((s) => s === "Wrong two-factor codes were entered for your account")).toHaveLength(1);
  });

  it("is slowed per address: a fourth try within ten seconds from one address is refused", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const guesser = t.client({ ip: "10.77.3.1" });
      await guesser.json("/api/auth/sign-in/email", { json: { email: admin.email, password: PASSWORD } });
      statuses.push((await guesser.request("/api/auth/two-factor/verify-totp", { json: { code: totpCode(admin.totpSecret!, Date.now() + (40 + i) * STEP) } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("an ended session stops working at once, also where it was cached", () => {
  it("a password reset ends the customer's other sessions on the next request, not a minute later", async () => {
    const customer = await t.signedInUser();
    // Verified from the signed cookie cache from now on.
    expect((await customer.client.json("/api/licenses")).status).toBe(200);
    expect((await customer.client.json("/api/licenses")).status).toBe(200);
    const c = t.client();
    await c.json("/api/auth/request-password-reset", { json: { email: customer.email, redirectTo: "/auth" } });
    const open = await c.request((await t.lastEmail(customer.email, "reset-password")).link!);
    const token = new URL(open.headers.get("location")!, t.config.baseUrl).searchParams.get("token")!;
    expect((await c.json("/api/auth/reset-password", { json: { newPassword: "another good password 7", token } })).status).toBe(200);
    await expect.poll(async () => (await customer.client.json("/api/licenses")).status, { timeout: 1000, interval: 50 }).toBe(401);
  });

  it("a copy of the cookies stops working when the session signs out", async () => {
    const customer = await t.signedInUser();
    expect((await customer.client.json("/api/licenses")).status).toBe(200);
    // The same cookies in another browser (a stolen copy) answer while the session lives…
    const header = ["keyshop.session_token", "keyshop.session_data"].map((n) => `${n}=${customer.client.cookie(n)}`).join("; ");
    expect((await t.client().request("/api/licenses", { headers: { cookie: header } })).status).toBe(200);
    // …and not once it signed out.
    expect((await customer.client.request("/api/auth/sign-out", { json: {} })).status).toBe(200);
    await expect.poll(async () => (await t.client().request("/api/licenses", { headers: { cookie: header } })).status, { timeout: 1000, interval: 50 }).toBe(401);
  });
});
