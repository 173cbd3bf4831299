// Google sign-in end to end, through better-auth's own Google provider and the local stand-in
// (embedded mode without GOOGLE_CLIENT_ID): authorize → code → token (client secret + PKCE) →
// id_token → session. The app listens on a real port, as the token exchange is real HTTP.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_STAND_IN_CLIENT_ID, GOOGLE_STAND_IN_CLIENT_SECRET, loadConfig } from "../config";
import { account, user } from "../db/schema";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../test/orders-env";
import type { TestClient } from "../test/harness";

let env: PaymentsTestEnv;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
});
afterAll(() => env.close());

/** Starts "Sign in with Google" in `browser`: the address better-auth sends the browser to. */
async function startGoogle(browser: TestClient, callbackURL = "/dashboard") {
  const res = await browser.json<{ url: string; redirect: boolean }>("/api/auth/sign-in/social", { json: { provider: "google", callbackURL, errorCallbackURL: "/auth" } });
  expect(res.status).toBe(200);
  return new URL(res.body.url);
}

/** The person on the stand-in's page: Continue (with an e-mail and a name) or Cancel. */
async function choose(authorize: URL, fields: { email?: string; name?: string; action: "continue" | "cancel" }) {
  const form = new URLSearchParams([...authorize.searchParams, ...Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)]);
  const res = await fetch(`${authorize.origin}${authorize.pathname}`, { method: "POST", body: form, redirect: "manual" });
  return res;
}

const callbackPath = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

describe("Google sign-in through the stand-in", () => {
  it("sends the browser to the stand-in with PKCE and the registered redirect URI; the page asks for an account", async () => {
    const authorize = await startGoogle(env.t.client());
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${env.appUrl}/google-sim/o/oauth2/v2/auth`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: GOOGLE_STAND_IN_CLIENT_ID,
      redirect_uri: `${env.appUrl}/api/auth/callback/google`,
      response_type: "code",
      code_challenge_method: "S256",
      state: expect.any(String),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(authorize.searchParams.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign in with Google");
    expect(html).toMatch(/<label for="email">Email<\/label>/);
  });

  it("Continue creates the account (e-mail verified by Google) and signs the browser in; a second time signs in the same account", async () => {
    const email = `google-${Date.now()}@gmail.com`;
    for (const round of [1, 2]) {
      const browser = env.t.client();
      const back = await choose(await startGoogle(browser), { email, name: "Sokha Chan", action: "continue" });
      expect(back.status).toBe(302);
      const location = back.headers.get("location")!;
      expect(location.startsWith(`${env.appUrl}/api/auth/callback/google?`)).toBe(true);
      const landed = await browser.request(callbackPath(location));
      expect(landed.status, await landed.clone().text()).toBe(302);
      expect(landed.headers.get("location")).toBe("/dashboard");
      expect(browser.hasSession()).toBe(true);
      const me = await browser.json<{ user: { email: string; name: string } | null }>("/api/me");
      expect(me.body.user, `round ${round}`).toMatchObject({ email, name: "Sokha Chan" });
    }
    const rows = await env.t.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ emailVerified: true, role: "user" });
    // The id_token's picture claim becomes the account's image, and the stand-in serves it.
    expect(rows[0]!.image).toMatch(new RegExp(`^${env.appUrl}/google-sim/avatar/\\d{21}$`));
    const picture = await fetch(rows[0]!.image!);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
    const linked = await env.t.database.db.select().from(account).where(eq(account.userId, rows[0]!.id));
    expect(linked.map((a) => a.providerId)).toEqual(["google"]);
  });

  it("from a Khmer page (the ks_lang cookie), the account Google makes is Khmer (decision 040)", async () => {
    const email = `google-km-${Date.now()}@gmail.com`;
    const browser = env.t.client().setCookie("ks_lang", "km");
    const back = await choose(await startGoogle(browser), { email, name: "Dara Sok", action: "continue" });
    expect((await browser.request(callbackPath(back.headers.get("location")!))).status).toBe(302);
    expect((await browser.json<{ user: { language: string } }>("/api/me")).body.user.language).toBe("km");
    expect((await env.t.database.db.select({ language: user.language }).from(user).where(eq(user.email, email)))[0]!.language).toBe("km");
  });

  it("Cancel signs nobody in and sends the browser back to the sign-in page with the error", async () => {
    const browser = env.t.client();
    const back = await choose(await startGoogle(browser), { action: "cancel" });
    const location = new URL(back.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    const landed = await browser.request(callbackPath(location.toString()));
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toMatch(/^\/auth\?error=access_denied/);
    expect(browser.hasSession()).toBe(false);
  });

  it("a code carried to another browser (no state cookie) signs nobody in", async () => {
    const back = await choose(await startGoogle(env.t.client()), { email: `relay-${Date.now()}@gmail.com`, name: "Relay", action: "continue" });
    const stranger = env.t.client();
    const landed = await stranger.request(callbackPath(back.headers.get("location")!));
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toContain("error=");
    expect(stranger.hasSession()).toBe(false);
  });

  it("the token endpoint checks the client secret, the code (once), the redirect URI and the PKCE verifier", async () => {
    const back = await choose(await startGoogle(env.t.client()), { email: `token-${Date.now()}@gmail.com`, name: "Token", action: "continue" });
    const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
    const token = (fields: Record<string, string>) =>
      fetch(`${env.appUrl}/google-sim/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "authorization_code", code, client_id: GOOGLE_STAND_IN_CLIENT_ID, client_secret: GOOGLE_STAND_IN_CLIENT_SECRET, redirect_uri: `${env.appUrl}/api/auth/callback/google`, code_verifier: "x".repeat(43), ...fields }),
      });
    expect((await token({ client_secret: "wrong" })).status).toBe(401);
    const badVerifier = await token({});
    expect(badVerifier.status).toBe(400);
    expect(await badVerifier.json()).toMatchObject({ error: "invalid_grant" });
    // The failed attempt used the code up, as Google does.
    expect(await (await token({})).json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses an unregistered redirect URI or an unknown client before showing anything", async () => {
    const authorize = await startGoogle(env.t.client());
    const evil = new URL(authorize);
    evil.searchParams.set("redirect_uri", "https://evil.example/callback");
    const mismatch = await fetch(evil);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("redirect_uri_mismatch");
    const unknown = new URL(authorize);
    unknown.searchParams.set("client_id", "someone-else");
    expect((await fetch(unknown)).status).toBe(401);
    expect((await choose(evil, { email: "a@b.co", name: "A", action: "continue" })).status).toBe(400);
  });
});

describe("which Google", () => {
  it("real Google with credentials; the stand-in outside production without them; none in production without them", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({ clientId: "id", clientSecret: "s", issuer: "https://accounts.google.com" });
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_ISSUER: "https://idp.example/" }).google?.issuer).toBe("https://idp.example");
    expect(loadConfig({ PORT: "4000" }).google).toEqual({ clientId: GOOGLE_STAND_IN_CLIENT_ID, clientSecret: GOOGLE_STAND_IN_CLIENT_SECRET, issuer: "http://localhost:4000/google-sim", standIn: true });
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://mail.example.com", BASE_URL: "https://shop.example", PAYWAY_BASE_URL: "https://checkout.payway.com.kh", PAYWAY_MERCHANT_ID: "m", PAYWAY_API_KEY: "k" };
    expect(loadConfig(production).google).toBeUndefined();
    // Discovery names where the client secret goes: production trusts only an https issuer.
    expect(() => loadConfig({ ...production, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_ISSUER: "http://idp.example" })).toThrow(/GOOGLE_ISSUER/);
  });
});
