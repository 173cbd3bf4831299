// Security headers and cookies through the whole app: HSTS and Secure cookies only when BASE_URL
// is https; nosniff and Referrer-Policy everywhere; web pages with their CSP and frame-ancestors.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, PASSWORD, type TestContext } from "../test/harness";
import { CSP_MANIFEST } from "./csp";
import { HSTS } from "./http-middleware";

function webRoot() {
  const root = mkdtempSync(path.join(tmpdir(), "keyshop-web-"));
  writeFileSync(path.join(root, "index.html"), "<!doctype html><script>boot()</script>");
  writeFileSync(path.join(root, "__spa-fallback.html"), "<!doctype html><script>spa()</script>");
  writeFileSync(path.join(root, CSP_MANIFEST), JSON.stringify({ version: 1, pages: { "index.html": ["sha256-boot"], "__spa-fallback.html": ["sha256-spa"] } }));
  return root;
}

async function signInCookies(t: TestContext) {
  const { email } = await t.signedInUser();
  const res = await t.client().request("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie();
}

describe("over http (development)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STATIC_DIR: webRoot() });
  });
  afterAll(() => t.close());

  it("no HSTS; nosniff, a referrer policy that sends other sites the origin only, same-origin framing for the rest", async () => {
    for (const p of ["/healthz", "/api/plans", "/api/v1/licenses/public-key", "/"]) {
      const res = await t.app.request(p);
      expect(res.headers.get("strict-transport-security"), p).toBeNull();
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), p).toBe("strict-origin-when-cross-origin");
    }
    expect((await t.app.request("/healthz")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("web pages: their CSP with their own inline-script hashes, never framed", async () => {
    const home = await t.app.request("/");
    const csp = home.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]* 'sha256-boot'/);
    expect(csp).not.toContain("sha256-spa");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    const dashboard = await t.app.request("/license-keys");
    expect(dashboard.headers.get("content-security-policy")).toMatch(/script-src 'self'[^;]* 'sha256-spa'/);
    // JSON answers have no page policy to carry.
    expect((await t.app.request("/api/plans")).headers.get("content-security-policy")).toBeNull();
  });

  it("session cookies: HttpOnly, SameSite=Lax, not Secure (http)", async () => {
    const session = (await signInCookies(t)).find((c) => c.includes("session_token="))!;
    expect(session).toMatch(/^keyshop\.session_token=/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});

describe("over https (production)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ BASE_URL: "https://shop.example", STATIC_DIR: webRoot() });
  });
  afterAll(() => t.close());

  it("HSTS on every answer, the hot licence API included", async () => {
    for (const p of ["/healthz", "/api/plans", "/api/v1/licenses/public-key", "/"]) {
      expect((await t.app.request(`https://shop.example${p}`)).headers.get("strict-transport-security"), p).toBe(HSTS);
    }
    expect((await t.app.request("https://shop.example/")).headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("session cookies are Secure with the __Secure- prefix, HttpOnly, SameSite=Lax, and still work", async () => {
    const cookies = await signInCookies(t);
    const session = cookies.find((c) => c.includes("session_token="))!;
    expect(session).toMatch(/^__Secure-keyshop\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const { client } = await t.signedInUser();
    expect((await client.json("/api/me")).status).toBe(200);
  });
});
