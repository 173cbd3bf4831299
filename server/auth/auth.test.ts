import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../db/schema";
import { createTestContext, PASSWORD, type TestContext } from "../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe("sign-up, verification and sign-in", () => {
  it("requires the e-mailed confirmation before a session is granted", async () => {
    const email = uniqueEmail("newcomer");
    const c = t.client();
    const signUp = await c.json("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "", callbackURL: "/auth?verified=1" } });
    expect(signUp.status).toBe(200);
    expect(c.hasSession()).toBe(false);

    const mail = await t.lastEmail(email, "verify-email");
    expect(mail.subject).toBe("Confirm your Keyshop e-mail");
    expect(mail.link).toContain("/api/auth/verify-email?token=");

    const early = await c.json<{ code: string; message: string }>("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(early.body.message).toMatch(/verif/i);

    const verify = await c.request(mail.link!);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/auth?verified=1");

    // The link confirms the address only; the person then signs in.
    expect((await c.json("/api/me")).status).toBe(401);
    const signIn = await c.json("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const me = await c.json<{ user: { email: string; role: string; emailVerified: boolean } }>("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, role: "user", emailVerified: true });

    // Opening the link again (anywhere) grants no session.
    const stranger = t.client();
    await stranger.request(mail.link!);
    expect(stranger.hasSession()).toBe(false);
  });

  it("every confirmation link lands on the sign-in page that says so, also the one a sign-in before confirming sends (#14)", async () => {
    const email = uniqueEmail("early");
    const c = t.client();
    // Whatever target the sign-up asked for, the link lands on the confirmation page.
    expect((await c.json("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "", callbackURL: "/license-keys" } })).status).toBe(200);
    const first = await t.lastEmail(email, "verify-email");
    expect(new URL(first.link!).searchParams.get("callbackURL")).toBe("/auth?verified=1");

    // Signing in before confirming sends a second e-mail: it used to land on the home page, signed out, saying nothing.
    expect((await c.json("/api/auth/sign-in/email", { json: { email, password: PASSWORD } })).status).toBe(403);
    const second = await t.lastEmail(email, "verify-email");
    const sent = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "verify-email")));
    expect(sent).toHaveLength(2);
    expect(new URL(second.link!).searchParams.get("callbackURL")).toBe("/auth?verified=1");
    const verified = await t.client().request(second.link!);
    expect(verified.headers.get("location")).toBe("/auth?verified=1");

    // The first link, used after the address is confirmed, says the same (it is true).
    expect((await t.client().request(first.link!)).headers.get("location")).toBe("/auth?verified=1");
    // A broken link says so: the page then offers a new one.
    const broken = new URL(first.link!);
    broken.searchParams.set("token", `${broken.searchParams.get("token")!.slice(0, -4)}AAAA`);
    expect((await t.client().request(broken.toString())).headers.get("location")).toBe("/auth?verified=1&error=INVALID_TOKEN");
  });

  it("refuses a wrong password with a clear error and no session", async () => {
    const { email } = await t.signedInUser();
    const c = t.client();
    const res = await c.json<{ code: string; message: string }>("/api/auth/sign-in/email", { json: { email, password: "not the password" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    expect(c.hasSession()).toBe(false);
  });

  it("refuses an invalid e-mail and a short password at sign-up", async () => {
    const c = t.client();
    const badEmail = await c.json<{ code: string }>("/api/auth/sign-up/email", { json: { email: "nope", password: PASSWORD, name: "" } });
    expect(badEmail.status).toBe(400);
    const shortPassword = await c.json<{ code: string }>("/api/auth/sign-up/email", { json: { email: uniqueEmail("short"), password: "123", name: "" } });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("signs out: the session no longer works", async () => {
    const { client } = await t.signedInUser();
    expect((await client.json("/api/me")).status).toBe(200);
    const out = await client.json("/api/auth/sign-out", { json: {} });
    expect(out.status).toBe(200);
    const me = await client.json<{ code: string }>("/api/me");
    expect(me.status).toBe(401);
    expect(me.body.code).toBe("UNAUTHENTICATED");
  });
});

describe("the signed-in hint for the public pages", () => {
  it("is set (readable, no secret) with the session cookie and cleared with it", async () => {
    const email = uniqueEmail("hint");
    const c = t.client();
    await c.json("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "" } });
    const mail = await t.lastEmail(email, "verify-email");
    await c.request(mail.link!);
    expect(c.cookie("ks_signed_in")).toBeUndefined();

    const wrong = await c.request("/api/auth/sign-in/email", { json: { email, password: "not the password" } });
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith("ks_signed_in="))).toBe(false);

    const signIn = await c.request("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
    const hint = signIn.headers.getSetCookie().find((line) => line.startsWith("ks_signed_in="));
    expect(hint).toMatch(/^ks_signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(c.cookie("ks_signed_in")).toBe("1");

    await c.json("/api/auth/sign-out", { json: {} });
    expect(c.hasSession()).toBe(false);
    expect(c.cookie("ks_signed_in")).toBeUndefined();
  });

  it("grants nothing by itself", async () => {
    const c = t.client();
    const me = await c.json("/api/me", { headers: { cookie: "ks_signed_in=1" } });
    expect(me.status).toBe(401);
  });
});

describe("password reset", () => {
  it("e-mails a link whose token sets a new password and revokes the old one", async () => {
    const { email } = await t.signedInUser();
    const c = t.client();
    const req = await c.json("/api/auth/request-password-reset", { json: { email, redirectTo: "/auth?view=update_password" } });
    expect(req.status).toBe(200);
    const mail = await t.lastEmail(email, "reset-password");
    expect(mail.subject).toBe("Reset your Keyshop password");

    const open = await c.request(mail.link!);
    expect(open.status).toBe(302);
    const location = new URL(open.headers.get("location")!, t.config.baseUrl);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("view")).toBe("update_password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const newPassword = "a brand new password 42";
    const reset = await c.json("/api/auth/reset-password", { json: { newPassword, token } });
    expect(reset.status).toBe(200);
    const replay = await c.json("/api/auth/reset-password", { json: { newPassword: "yet another one 99", token } });
    expect(replay.status).toBe(400);

    expect((await t.client().json("/api/auth/sign-in/email", { json: { email, password: PASSWORD } })).status).toBe(401);
    expect((await t.client().json("/api/auth/sign-in/email", { json: { email, password: newPassword } })).status).toBe(200);
  });

  it("answers the same for an unknown address (no account probing) and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const res = await t.client().json("/api/auth/request-password-reset", { json: { email, redirectTo: "/auth" } });
    expect(res.status).toBe(200);
    await expect(t.lastEmail(email)).rejects.toThrow(/no e-mail/);
  });
});

describe("passwordless sign-in", () => {
  it("signs in through a magic link", async () => {
    const { email } = await t.signedInUser();
    const c = t.client();
    const send = await c.json("/api/auth/sign-in/magic-link", { json: { email, callbackURL: "/dashboard" } });
    expect(send.status).toBe(200);
    const mail = await t.lastEmail(email, "magic-link");
    expect(mail.link).toContain("/api/auth/magic-link/verify?token=");
    expect(mail.text).toContain("expires in 10 minutes");
    const open = await c.request(mail.link!);
    expect(open.status).toBe(302);
    expect(new URL(open.headers.get("location")!, t.config.baseUrl).pathname).toBe("/dashboard");
    expect((await c.json<{ user: { email: string } }>("/api/me")).body.user.email).toBe(email);
    // A magic link works once.
    const again = await t.client().request(mail.link!);
    expect(again.headers.get("location")).toMatch(/error/i);
  });

  it("signs in with an e-mailed one-time code, and refuses a wrong one", async () => {
    const { email } = await t.signedInUser();
    const c = t.client();
    expect((await c.json("/api/auth/email-otp/send-verification-otp", { json: { email, type: "sign-in" } })).status).toBe(200);
    const mail = await t.lastEmail(email, "sign-in-code");
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code).toBeTruthy();
    expect(mail.text).toContain(code!);

    const wrong = await c.json<{ code: string }>("/api/auth/sign-in/email-otp", { json: { email, otp: code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("INVALID_OTP");
    expect(c.hasSession()).toBe(false);

    const ok = await c.json("/api/auth/sign-in/email-otp", { json: { email, otp: code } });
    expect(ok.status).toBe(200);
    expect((await c.json("/api/me")).status).toBe(200);
  });
});

