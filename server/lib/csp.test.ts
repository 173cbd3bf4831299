// The web pages' Content-Security-Policy: what it allows, and that each page gets its own
// inline-script hashes from the build's manifest.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../config";
import { paymentContentSources } from "../providers/payments";
import { CSP_MANIFEST, contentSecurityPolicy, scriptSources } from "./csp";
import { createStaticHandler } from "./static";

/** The policy as app.ts builds it: the provider's origins handed in as data. */
const policyFor = (config: Config, videoEmbedUrl?: string) => contentSecurityPolicy({ baseUrl: config.baseUrl, payment: paymentContentSources(config) }, videoEmbedUrl);

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe("contentSecurityPolicy", () => {
  it("embedded: scripts from this origin (the PayWay simulator is here too), the page's hashes, no inline or eval", () => {
    const config = loadConfig({ PORT: "3400" });
    const policy = policyFor(config, "https://www.youtube-nocookie.com/embed/videoseries?list=X")(["sha256-abc"]);
    const d = directives(policy);
    expect(d["script-src"]).toEqual(["'self'", "http://localhost:3400", "'sha256-abc'"]);
    expect(d["frame-src"]).toEqual(["http://localhost:3400", "https://www.youtube-nocookie.com", "payment-success:"]);
    expect(d["form-action"]).toEqual(["'self'", "http://localhost:3400"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'none'"]);
    expect(d["default-src"]).toEqual(["'self'"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(d["script-src"]).not.toContain("'unsafe-inline'");
    expect(d["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("production: PayWay's plugin and checkout origins, the video embed, https upgrades", () => {
    const config = loadConfig({
      BASE_URL: "https://shop.example",
      PAYWAY_BASE_URL: "https://checkout-sandbox.payway.com.kh",
      PAYWAY_MERCHANT_ID: "m",
      PAYWAY_API_KEY: "k",
    });
    const d = directives(policyFor(config, "https://www.youtube-nocookie.com/embed/x")([]));
    expect(d["script-src"]).toEqual(["'self'", "https://checkout.payway.com.kh"]);
    expect(d["frame-src"]).toEqual(["https://checkout-sandbox.payway.com.kh", "https://checkout.payway.com.kh", "https://www.youtube-nocookie.com", "payment-success:"]);
    expect(d["form-action"]).toEqual(["'self'", "https://checkout-sandbox.payway.com.kh"]);
    expect(d["connect-src"]).toEqual(["'self'", "https://checkout-sandbox.payway.com.kh"]);
    expect(d["upgrade-insecure-requests"]).toEqual([]);
  });

  it("scriptSources reads the script-src list", () => {
    expect(scriptSources("default-src 'self'; script-src 'self' 'sha256-x'; img-src 'self'")).toEqual(["'self'", "'sha256-x'"]);
  });
});

describe("the static handler's CSP", () => {
  const policy = (hashes: readonly string[]) => `script-src 'self'${hashes.map((h) => ` '${h}'`).join("")}`;
  const site = () => {
    const root = mkdtempSync(path.join(tmpdir(), "keyshop-csp-"));
    mkdirSync(path.join(root, "faq"));
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "index.html"), "<script>home()</script>");
    writeFileSync(path.join(root, "faq/index.html"), "<script>faq()</script>");
    writeFileSync(path.join(root, "__spa-fallback.html"), "<script>spa()</script>");
    writeFileSync(path.join(root, "assets/app.js"), "x()");
    const manifest = (pages: Record<string, string[]>) => writeFileSync(path.join(root, CSP_MANIFEST), JSON.stringify({ version: 1, pages }));
    manifest({ "index.html": ["sha256-home"], "faq/index.html": ["sha256-faq"], "__spa-fallback.html": ["sha256-spa"] });
    return { root, manifest, app: new Hono().get("*", createStaticHandler(root, { contentSecurityPolicy: policy })) };
  };

  it("gives each page its own hashes, the SPA fallback its own, and only HTML a policy", async () => {
    const { app } = site();
    expect((await app.request("/")).headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-home'");
    expect((await app.request("/faq")).headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-faq'");
    const spa = await app.request("/license-keys");
    expect(spa.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-spa'");
    expect(spa.headers.get("x-frame-options")).toBe("DENY");
    expect((await app.request("/assets/app.js")).headers.get("content-security-policy")).toBeNull();
  });

  it("does not serve the manifest, and follows a rebuild that rewrites it", async () => {
    const { app, manifest, root } = site();
    expect((await app.request(`/${CSP_MANIFEST}`)).status).toBe(404);
    expect((await app.request("/")).headers.get("content-security-policy")).toContain("sha256-home");
    manifest({ "index.html": ["sha256-rebuilt"] });
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(root, CSP_MANIFEST), later, later);
    expect((await app.request("/")).headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-rebuilt'");
  });

  it("without a manifest allows no inline script at all", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "keyshop-csp-"));
    writeFileSync(path.join(root, "index.html"), "<script>x()</script>");
    const app = new Hono().get("*", createStaticHandler(root, { contentSecurityPolicy: policy }));
    expect((await app.request("/")).headers.get("content-security-policy")).toBe("script-src 'self'");
  });

  it("scripts/csp-hashes.mjs hashes each inline script's text (UTF-8), not external scripts or data blocks", () => {
    const root = mkdtempSync(path.join(tmpdir(), "keyshop-csp-build-"));
    mkdirSync(path.join(root, "faq"));
    const inline = 'window.__x = "é";';
    const moduleScript = 'import "/assets/a.js";';
    writeFileSync(
      path.join(root, "index.html"),
      `<script src="/assets/theme.js"></script><script>${inline}</script><script type="application/ld+json">{"a":1}</script><script type="module" async="">${moduleScript}</script>`,
    );
    writeFileSync(path.join(root, "faq/index.html"), "<p>no scripts</p>");
    execFileSync(process.execPath, ["scripts/csp-hashes.mjs", root], { stdio: "pipe" });
    const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
    expect(JSON.parse(readFileSync(path.join(root, CSP_MANIFEST), "utf8"))).toEqual({
      version: 1,
      pages: { "index.html": [sha(inline), sha(moduleScript)], "faq/index.html": [] },
    });
  });
});
