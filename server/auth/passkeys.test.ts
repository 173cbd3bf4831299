// Passkeys as a second factor (decision 038): who may add, rename, list and remove them; a passkey
// sign-in passes the second factor, a password alone for a passkey account does not; only
// user-verifying passkeys count; the owner hears of every change; the console closes with the
// last factor. WebAuthn is driven by a software authenticator (server/test/webauthn.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, passkey, session, user } from "../db/schema";
import { createTestContext, PASSWORD, type SignedInUser, type TestClient, type TestContext } from "../test/harness";
import { SoftPasskey, type AuthenticationOptionsJSON, type RegistrationOptionsJSON } from "../test/webauthn";
import { ADMIN_NEEDS_SECOND_FACTOR } from "./context";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Me = { user: { role: string; twoFactorEnabled: boolean; passkeyEnabled: boolean; secondFactorVerified: boolean } };
type Refusal = { code: string; message: string };
type PasskeyRow = { id: string; name: string | null; userId: string; createdAt: string };

const me = (c: TestClient) => c.json<Me>("/api/me");
const softPasskey = (verifiesUser = true) => new SoftPasskey(t.config.baseUrl, verifiesUser);

async function register(c: TestClient, pk: SoftPasskey, name?: string) {
  const options = await c.json<RegistrationOptionsJSON & Refusal>("/api/auth/passkey/generate-register-options");
  if (options.status !== 200) return options as unknown as { status: number; body: Refusal & { id?: string; name?: string } };
  return c.json<Refusal & { id: string; name: string }>("/api/auth/passkey/verify-registration", { json: { response: pk.register(options.body), ...(name === undefined ? {} : { name }) } });
}

async function passkeySignIn(c: TestClient, pk: SoftPasskey) {
  const options = await c.json<AuthenticationOptionsJSON>("/api/auth/passkey/generate-authenticate-options");
  expect(options.status).toBe(200);
  return c.json<Refusal & { session: { id: string; token: string; userId: string }; user: { id: string } }>("/api/auth/passkey/verify-authentication", { json: { response: pk.authenticate(options.body) } });
}

const list = (c: TestClient) => c.json<PasskeyRow[]>("/api/auth/passkey/list-user-passkeys");
const passwordSignIn = (c: TestClient, email: string) => c.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });

/** A customer or admin with a passkey and nothing else (their first factor). */
async function withPasskey(opts: { role?: "admin" | "user"; superAdmin?: boolean } = {}): Promise<SignedInUser & { pk: SoftPasskey; passkeyId: string }> {
  const person = await t.signedInUser({ ...opts, twoFactor: false });
  const pk = softPasskey();
  const added = await register(person.client, pk, "Laptop");
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { ...person, pk, passkeyId: added.body.id! };
}

describe("adding a passkey", () => {
  it("a customer with no factor adds one: listed with its name, the account has a second factor, this session has passed it, the owner is e-mailed", async () => {
    const customer = await t.signedInUser();
    expect((await list(customer.client)).body).toEqual([]);
    const pk = softPasskey();
    const added = await register(customer.client, pk, "  Office laptop  ");
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.name).toBe("Office laptop");
    const listed = await list(customer.client);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id: added.body.id, name: "Office laptop", userId: customer.id });
    // At once, though sessions are cached in a cookie for a minute (the cookie is renewed).
    expect((await me(customer.client)).body.user).toMatchObject({ twoFactorEnabled: false, passkeyEnabled: true, secondFactorVerified: true });
    expect((await customer.client.json("/api/licenses")).status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, customer.id));
    expect(row!.passkeyEnabled).toBe(true);
    const mail = await t.lastEmail(customer.email, "security-notice");
    expect(mail.subject).toBe("A passkey was added to your account");
    expect(mail.text).toContain('"Office laptop"');
  });

  it("asks the authenticator to verify its user and keeps no passkey that did not", async () => {
    const customer = await t.signedInUser();
    const options = await customer.client.json<RegistrationOptionsJSON>("/api/auth/passkey/generate-register-options");
    expect(options.body.authenticatorSelection).toMatchObject({ userVerification: "required", residentKey: "required" });
    expect(options.body.rp.id).toBe(new URL(t.config.baseUrl).hostname);
    // The options' user is the account's e-mail (what the authenticator shows), not the passkey's name.
    expect(options.body.user.name).toBe(customer.email);
    const refused = await customer.client.json<Refusal>("/api/auth/passkey/verify-registration", { json: { response: softPasskey(false).register(options.body), name: "Old key" } });
    expect([refused.status, refused.body.code]).toEqual([400, "USER_NOT_VERIFIED"]);
    expect((await list(customer.client)).body).toEqual([]);
    expect((await me(customer.client)).body.user.passkeyEnabled).toBe(false);
  });

  it("an answer that does not verify (another site's origin, a challenge used already) is a 400, never a 500, and keeps nothing", async () => {
    const customer = await t.signedInUser();
    const options = await customer.client.json<RegistrationOptionsJSON>("/api/auth/passkey/generate-register-options");
    const phished = await customer.client.json<Refusal>("/api/auth/passkey/verify-registration", { json: { response: softPasskey().register(options.body, { origin: "https://keyshop.example.net" }) } });
    expect([phished.status, phished.body.code]).toEqual([400, "FAILED_TO_VERIFY_REGISTRATION"]);
    // The challenge was consumed by that attempt.
    const again = await customer.client.json<Refusal>("/api/auth/passkey/verify-registration", { json: { response: softPasskey().register(options.body) } });
    expect([again.status, again.body.code]).toEqual([400, "CHALLENGE_NOT_FOUND"]);
    expect((await list(customer.client)).body).toEqual([]);
  });

  it("a credential registered to one account cannot be registered to another (409)", async () => {
    const first = await withPasskey();
    const other = await t.signedInUser();
    const options = await other.client.json<RegistrationOptionsJSON>("/api/auth/passkey/generate-register-options");
    const copied = await other.client.json<Refusal>("/api/auth/passkey/verify-registration", { json: { response: first.pk.register(options.body) } });
    expect([copied.status, copied.body.code]).toEqual([409, "CONFLICT"]);
    expect((await list(other.client)).body).toEqual([]);
  });

  it("the edge refuses what is not a WebAuthn answer, a control character in the name, and createSession", async () => {
    const customer = await t.signedInUser();
    const options = await customer.client.json<RegistrationOptionsJSON>("/api/auth/passkey/generate-register-options");
    const response = softPasskey().register(options.body);
    const transports = (value: string[]) => ({ ...response, response: { ...response.response, transports: value } });
    for (const body of [
      { response, name: "bad\u0007name" },
      { response, name: "half a pair \ud800" },
      { response, name: " " },
      { response, name: "x".repeat(65) },
      { response, createSession: true },
      { response: { ...response, id: "not base64!" } },
      { response: transports(["internal", "\ud800"]) },
      { response: "nope" },
    ]) {
      const res = await customer.client.json<Refusal>("/api/auth/passkey/verify-registration", { json: body });
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 80)).toEqual([422, "VALIDATION_FAILED"]);
    }
  });
});

describe("signing in with a passkey", () => {
  it("makes a new session that has passed the second factor: a passkey-only admin reaches the console", async () => {
    const admin = await withPasskey({ role: "admin" });
    const c = t.client();
    const options = await c.json<AuthenticationOptionsJSON>("/api/auth/passkey/generate-authenticate-options");
    expect(options.body.userVerification).toBe("required");
    const signedIn = await c.json<{ session: { id: string }; user: { id: string } }>("/api/auth/passkey/verify-authentication", { json: { response: admin.pk.authenticate(options.body) } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.id).toBe(admin.id);
    expect(c.hasSession()).toBe(true);
    const [row] = await t.database.db.select().from(session).where(eq(session.id, signedIn.body.session.id));
    expect(row!.secondFactorAt).toBeInstanceOf(Date);
    expect((await me(c)).body.user).toMatchObject({ role: "admin", passkeyEnabled: true, secondFactorVerified: true });
    expect((await c.json("/api/admin/overview")).status).toBe(200);
  });

  it("refuses an assertion without user verification, for another site, or replayed", async () => {
    const customer = await withPasskey();
    const c = t.client();
    customer.pk.verifiesUser = false;
    const unverified = await passkeySignIn(c, customer.pk);
    expect([unverified.status, unverified.body.code]).toEqual([400, "USER_NOT_VERIFIED"]);
    customer.pk.verifiesUser = true;
    const options = await c.json<AuthenticationOptionsJSON>("/api/auth/passkey/generate-authenticate-options");
    const phished = await c.json<Refusal>("/api/auth/passkey/verify-authentication", { json: { response: customer.pk.authenticate(options.body, { origin: "https://keyshop.example.net" }) } });
    expect([phished.status, phished.body.code]).toEqual([400, "AUTHENTICATION_FAILED"]);
    expect(c.hasSession()).toBe(false);
    const fresh = await c.json<AuthenticationOptionsJSON>("/api/auth/passkey/generate-authenticate-options");
    const answer = customer.pk.authenticate(fresh.body);
    expect((await c.json("/api/auth/passkey/verify-authentication", { json: { response: answer } })).status).toBe(200);
    // The same answer again (its challenge is spent), from a browser without the challenge, or with a new one.
    const replay = t.client();
    expect((await replay.json<Refusal>("/api/auth/passkey/verify-authentication", { json: { response: answer } })).body.code).toBe("CHALLENGE_NOT_FOUND");
    await replay.json("/api/auth/passkey/generate-authenticate-options");
    expect((await replay.json<Refusal>("/api/auth/passkey/verify-authentication", { json: { response: answer } })).status).toBe(400);
    expect(replay.hasSession()).toBe(false);
  });

  it("a password alone gives a passkey account a session that has not passed: nothing but /api/me until the passkey, which replaces it", async () => {
    for (const role of ["user", "admin"] as const) {
      const person = await withPasskey({ role });
      const c = t.client();
      const first = await passwordSignIn(c, person.email);
      // No authenticator app: better-auth asks for nothing, but the session counts for nothing yet.
      expect([first.status, first.body.twoFactorRedirect]).toEqual([200, undefined]);
      expect((await me(c)).body.user).toMatchObject({ role, passkeyEnabled: true, secondFactorVerified: false });
      const licenses = await c.json<Refusal>("/api/licenses");
      expect([licenses.status, licenses.body.code, licenses.body.message]).toEqual([403, "SECOND_FACTOR_REQUIRED", "Use one of your passkeys to continue."]);
      expect((await c.json("/api/admin/overview")).status).toBe(403);
      // Nor may it change the factors.
      expect((await c.json<Refusal>("/api/auth/passkey/generate-register-options")).body.code).toBe("SECOND_FACTOR_REQUIRED");
      expect((await c.json<Refusal>("/api/auth/passkey/delete-passkey", { json: { id: person.passkeyId } })).body.code).toBe("SECOND_FACTOR_REQUIRED");
      const passwordSessions = await t.database.db.select().from(session).where(eq(session.userId, person.id));

      const signedIn = await passkeySignIn(c, person.pk);
      expect(signedIn.status).toBe(200);
      expect((await c.json("/api/licenses")).status).toBe(200);
      expect((await c.json("/api/admin/overview")).status).toBe(role === "admin" ? 200 : 403);
      // The password's session is gone; the first (registering) session is not this browser's and stays.
      const after = await t.database.db.select().from(session).where(eq(session.userId, person.id));
      expect(after.map((s) => s.id).sort()).toEqual([...passwordSessions.filter((s) => s.secondFactorAt).map((s) => s.id), signedIn.body.session.id].sort());
    }
  });

  it("with an authenticator app too, the password's second step can be a passkey instead of the code", async () => {
    const admin = await t.signedInUser({ role: "admin" }); // enrolled an authenticator app
    const pk = softPasskey();
    expect((await register(admin.client, pk, "Phone")).status).toBe(200);
    const c = t.client();
    expect((await passwordSignIn(c, admin.email)).body.twoFactorRedirect).toBe(true);
    expect(c.hasSession()).toBe(false);
    expect((await passkeySignIn(c, pk)).status).toBe(200);
    expect((await me(c)).body.user).toMatchObject({ role: "admin", twoFactorEnabled: true, passkeyEnabled: true, secondFactorVerified: true });
    expect((await c.json("/api/admin/overview")).status).toBe(200);
  });
});

describe("who may list, add, rename and remove passkeys", () => {
  it("anonymous: 401 on everything but the sign-in options", async () => {
    const c = t.client();
    expect((await c.json("/api/auth/passkey/generate-authenticate-options")).status).toBe(200);
    expect((await list(c)).status).toBe(401);
    expect((await c.json("/api/auth/passkey/generate-register-options")).status).toBe(401);
    const pk = softPasskey();
    const fakeOptions = { challenge: "AAAA", rp: { name: "Keyshop" }, user: { id: "AAAA", name: "x", displayName: "x" } };
    expect((await c.json("/api/auth/passkey/verify-registration", { json: { response: pk.register(fakeOptions), name: "x" } })).status).toBe(401);
    expect((await c.json("/api/auth/passkey/update-passkey", { json: { id: "anything", name: "x" } })).status).toBe(401);
    expect((await c.json("/api/auth/passkey/delete-passkey", { json: { id: "anything" } })).status).toBe(401);
  });

  it("another user: sees none of them, and renaming or removing one is 404 as for an id that does not exist", async () => {
    const owner = await withPasskey();
    const stranger = await t.signedInUser();
    expect((await list(stranger.client)).body).toEqual([]);
    // Text that is no text (a lone surrogate) is refused at the edge, never a database error.
    expect((await stranger.client.json<Refusal>("/api/auth/passkey/delete-passkey", { json: { id: "\ud800" } })).status).toBe(422);
    expect((await owner.client.json<Refusal>("/api/auth/passkey/update-passkey", { json: { id: owner.passkeyId, name: "\udfff" } })).status).toBe(422);
    for (const id of [owner.passkeyId, "no-such-passkey"]) {
      const rename = await stranger.client.json<Refusal>("/api/auth/passkey/update-passkey", { json: { id, name: "Mine now" } });
      expect([rename.status, rename.body.code]).toEqual([404, "NOT_FOUND"]);
      const remove = await stranger.client.json<Refusal>("/api/auth/passkey/delete-passkey", { json: { id } });
      expect([remove.status, remove.body.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect((await list(owner.client)).body).toMatchObject([{ id: owner.passkeyId, name: "Laptop" }]);
    // The owner still signs in with it.
    expect((await passkeySignIn(t.client(), owner.pk)).status).toBe(200);
  });

  it("an admin session that has not passed its second factor (a magic link): may list, may not add, rename or remove", async () => {
    const admin = await withPasskey({ role: "admin" });
    const c = await t.magicLinkSession(admin.email);
    expect((await c.json("/api/admin/overview")).status).toBe(403);
    expect((await list(c)).body).toHaveLength(1);
    const options = await c.json<Refusal>("/api/auth/passkey/generate-register-options");
    expect([options.status, options.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    // Options from the owner's own session do not help a session that has not passed.
    const stolen = await admin.client.json<RegistrationOptionsJSON>("/api/auth/passkey/generate-register-options");
    const attacker = softPasskey();
    const verify = await c.json<Refusal>("/api/auth/passkey/verify-registration", { json: { response: attacker.register(stolen.body), name: "Attacker" } });
    expect([verify.status, verify.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    const rename = await c.json<Refusal>("/api/auth/passkey/update-passkey", { json: { id: admin.passkeyId, name: "Renamed" } });
    expect([rename.status, rename.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    const remove = await c.json<Refusal>("/api/auth/passkey/delete-passkey", { json: { id: admin.passkeyId } });
    expect([remove.status, remove.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    expect((await list(admin.client)).body).toMatchObject([{ id: admin.passkeyId, name: "Laptop" }]);
    expect(await t.database.db.select().from(passkey).where(eq(passkey.credentialID, attacker.id))).toEqual([]);
    // Nor may it add an authenticator app of its own: the passkey is the account's factor (decision 037's gate).
    const enrol = await c.json<Refusal>("/api/auth/two-factor/enable", { json: { password: PASSWORD } });
    expect([enrol.status, enrol.body.code]).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
    // Past it (the passkey, in that very browser), everything opens.
    expect((await passkeySignIn(c, admin.pk)).status).toBe(200);
    expect((await c.json("/api/admin/overview")).status).toBe(200);
    expect((await c.json("/api/auth/passkey/update-passkey", { json: { id: admin.passkeyId, name: "Work laptop" } })).status).toBe(200);
  });

  it("an admin past the second factor: adds several, names, renames and removes them, each change e-mailed", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    const keys = [softPasskey(), softPasskey()];
    const first = await register(admin.client, keys[0]!, "YubiKey");
    const second = await register(admin.client, keys[1]!); // no name given: none stored
    expect([first.status, second.status]).toEqual([200, 200]);
    const listed = (await list(admin.client)).body;
    expect(listed.map((p) => p.name).sort()).toEqual(["YubiKey", null].sort());
    expect(listed.every((p) => typeof p.createdAt === "string")).toBe(true);
    const renamed = await admin.client.json<{ passkey: PasskeyRow }>("/api/auth/passkey/update-passkey", { json: { id: second.body.id, name: "Phone" } });
    expect([renamed.status, renamed.body.passkey.name]).toEqual([200, "Phone"]);
    expect((await admin.client.json<Refusal>("/api/auth/passkey/update-passkey", { json: { id: second.body.id, name: "" } })).status).toBe(422);
    const removed = await admin.client.json("/api/auth/passkey/delete-passkey", { json: { id: first.body.id } });
    expect(removed.status).toBe(200);
    const mail = await t.lastEmail(admin.email, "security-notice");
    expect(mail.subject).toBe("A passkey was removed from your account");
    expect(mail.text).toContain('"YubiKey"');
    expect((await list(admin.client)).body.map((p) => p.name)).toEqual(["Phone"]);
    // The removed one signs in no more; the other does.
    const gone = await passkeySignIn(t.client(), keys[0]!);
    expect([gone.status, gone.body.code]).toEqual([401, "PASSKEY_NOT_FOUND"]);
    expect((await passkeySignIn(t.client(), keys[1]!)).status).toBe(200);
  });

  it("the owner's notice is in Khmer when their account's language is Khmer (decision 040)", async () => {
    const customer = await t.signedInUser();
    expect((await customer.client.json("/api/profile", { method: "PATCH", json: { language: "km" } })).status).toBe(200);
    expect((await register(customer.client, softPasskey(), "ទូរស័ព្ទ")).status).toBe(200);
    const mail = await t.lastEmail(customer.email, "security-notice");
    expect(mail.subject).toBe("Passkey មួយត្រូវបានបន្ថែមទៅគណនីរបស់អ្នក");
    expect(mail.text).toContain('"ទូរស័ព្ទ"');
  });
});

describe("the admin console and the last factor", () => {
  it("removing the last passkey of an admin without an authenticator app closes the console", async () => {
    const admin = await withPasskey({ role: "admin" });
    // Its first factor: the registering session passed it.
    expect((await admin.client.json("/api/admin/overview")).status).toBe(200);
    expect((await admin.client.json("/api/auth/passkey/delete-passkey", { json: { id: admin.passkeyId } })).status).toBe(200);
    const closed = await admin.client.json<Refusal>("/api/admin/overview");
    expect([closed.status, closed.body.code, closed.body.message]).toEqual([403, "SECOND_FACTOR_REQUIRED", ADMIN_NEEDS_SECOND_FACTOR]);
    expect((await me(admin.client)).body.user).toMatchObject({ role: "admin", twoFactorEnabled: false, passkeyEnabled: false });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(row!.passkeyEnabled).toBe(false);
    // Its own pages still work, as any customer's; a new passkey opens the console again.
    expect((await admin.client.json("/api/licenses")).status).toBe(200);
    expect((await register(admin.client, softPasskey(), "New key")).status).toBe(200);
    expect((await admin.client.json("/api/admin/overview")).status).toBe(200);
  });

  it("a super-admin's reset of someone's second factor removes their passkeys too", async () => {
    const boss = await t.signedInUser({ role: "admin", superAdmin: true });
    const admin = await withPasskey({ role: "admin" });
    const reset = await boss.client.json<{ user: { passkeyEnabled: boolean; twoFactorEnabled: boolean }; changed: boolean }>(`/api/admin/users/${admin.id}/two-factor/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ changed: true, user: { passkeyEnabled: false, twoFactorEnabled: false } });
    expect(await t.database.db.select().from(passkey).where(eq(passkey.userId, admin.id))).toEqual([]);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(row!.passkeyEnabled).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, admin.id));
    expect(audit).toMatchObject({ action: "user.two_factor_reset", before: { passkeys: 1 }, after: { passkeys: 0 } });
    const gone = await passkeySignIn(t.client(), admin.pk);
    expect(gone.status).toBe(401);
  });
});

describe("passkey_enabled follows the passkey table", () => {
  it("whatever writes it: two removals racing for the last two passkeys leave the flag false", async () => {
    const customer = await withPasskey();
    expect((await register(customer.client, softPasskey(), "Second")).status).toBe(200);
    const rows = await t.database.db.select().from(passkey).where(eq(passkey.userId, customer.id));
    expect(rows).toHaveLength(2);
    await Promise.all(rows.map((r) => t.database.db.transaction((tx) => tx.delete(passkey).where(eq(passkey.id, r.id)))));
    const [row] = await t.database.db.select().from(user).where(eq(user.id, customer.id));
    expect(row!.passkeyEnabled).toBe(false);
  });
});
