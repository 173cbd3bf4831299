// The Google stand-in seen by a standard OpenID Connect client nobody here wrote (openid-client):
// discovery, the authorization code flow with PKCE and no state (as Google allows), the id_token
// checked in full (issuer, audience, expiry, nonce, at_hash, signature against the discovered
// JWKS) and userinfo. If the stand-in drifts from what such a client expects of Google, this fails.
import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_STAND_IN_CLIENT_ID, GOOGLE_STAND_IN_CLIENT_SECRET } from "../config";
import { startPaymentsTestEnv, type PaymentsTestEnv } from "../test/orders-env";

let env: PaymentsTestEnv;
let issuer: string;
let redirectUri: string;

beforeAll(async () => {
  env = await startPaymentsTestEnv();
  issuer = `${env.appUrl}/google-sim`;
  redirectUri = `${env.appUrl}/api/auth/callback/google`;
});
afterAll(() => env.close());

/** A client of the stand-in, configured by discovery alone (http: the stand-in runs locally). */
async function discover() {
  const config = await oidc.discovery(new URL(issuer), GOOGLE_STAND_IN_CLIENT_ID, GOOGLE_STAND_IN_CLIENT_SECRET, undefined, { execute: [oidc.allowInsecureRequests] });
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** The person on the chooser page presses Continue; the redirect back to the shop's callback. */
async function signIn(authorize: URL, email: string, name: string) {
  const form = new URLSearchParams([...authorize.searchParams, ["email", email], ["name", name], ["action", "continue"]]);
  const res = await fetch(`${authorize.origin}${authorize.pathname}`, { method: "POST", body: form, redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

describe("the Google stand-in under openid-client", () => {
  it("discovery gives the issuer and every endpoint, as Google's document does", async () => {
    const metadata = (await discover()).serverMetadata();
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/oauth2/v3/userinfo`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      id_token_signing_alg_values_supported: ["RS256"],
    });
    expect(metadata.code_challenge_methods_supported).toContain("S256");
    expect(metadata.response_types_supported).toContain("code");
  });

  it("code + PKCE without state: the id_token passes every check and carries Google's claims; userinfo agrees", async () => {
    const config = await discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const authorize = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      nonce,
    });
    expect(authorize.searchParams.has("state")).toBe(false);
    const page = await fetch(authorize);
    expect(page.status, await page.clone().text()).toBe(200);

    const email = `oidc-${Date.now()}@gmail.com`;
    const back = await signIn(authorize, email, "Sokha Chan");
    expect(back.searchParams.has("state")).toBe(false);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedNonce: nonce, idTokenExpected: true });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: issuer, aud: GOOGLE_STAND_IN_CLIENT_ID, azp: GOOGLE_STAND_IN_CLIENT_ID, email, email_verified: true, name: "Sokha Chan", given_name: "Sokha", family_name: "Chan", nonce });
    expect(claims.sub).toMatch(/^\d{21}$/);
    // at_hash: the left half of the access token's SHA-256 (openid-client checks it too).
    expect(claims.at_hash).toBe(createHash("sha256").update(tokens.access_token).digest().subarray(0, 16).toString("base64url"));
    expect(claims.picture).toBe(`${issuer}/avatar/${claims.sub}`);

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: claims.sub, email, email_verified: true, name: "Sokha Chan", picture: claims.picture });
  });

  it("a wrong verifier is refused in Google's error shape, and uses the code up", async () => {
    const config = await discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const authorize = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: "openid email", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const back = await signIn(authorize, `oidc-bad-${Date.now()}@gmail.com`, "Dara");
    await expect(oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: oidc.randomPKCECodeVerifier() })).rejects.toMatchObject({ error: "invalid_grant" });
    // The failed attempt used the code up, as Google does.
    await expect(oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier })).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("with state, state comes back unchanged", async () => {
    const config = await discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authorize = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: "openid email", state, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const back = await signIn(authorize, `oidc-state2-${Date.now()}@gmail.com`, "Dara");
    expect(back.searchParams.get("state")).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, idTokenExpected: true });
    expect(tokens.claims()?.email).toMatch(/^oidc-state2-/);
  });
});
