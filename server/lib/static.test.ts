import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createStaticHandler } from "./static";

function site() {
  const root = mkdtempSync(path.join(tmpdir(), "keyshop-static-"));
  mkdirSync(path.join(root, "faq"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), "<h1>home</h1>");
  writeFileSync(path.join(root, "faq/index.html"), "<h1>faq</h1>");
  writeFileSync(path.join(root, "index.km.html"), "<h1>ផ្ទះ</h1>");
  writeFileSync(path.join(root, "__spa-fallback.html"), "<div>spa</div>");
  const js = "console.log('x');".repeat(100);
  writeFileSync(path.join(root, "assets/app-1.js"), js);
  writeFileSync(path.join(root, "assets/app-1.js.br"), brotliCompressSync(js));
  return new Hono().get("*", createStaticHandler(root));
}

describe("static web app", () => {
  const app = site();

  it("serves prerendered pages, the SPA fallback for app routes, and 404 for missing assets", async () => {
    expect(await (await app.request("/")).text()).toBe("<h1>home</h1>");
    expect(await (await app.request("/faq")).text()).toBe("<h1>faq</h1>");
    const spa = await app.request("/license-keys");
    expect([spa.status, await spa.text()]).toEqual([200, "<div>spa</div>"]);
    expect((await app.request("/assets/missing.js")).status).toBe(404);
    // A page the app does not have: the app (its not-found page), with a 404 for browsers and crawlers.
    const unknown = await app.request("/no-such-page");
    expect([unknown.status, await unknown.text()]).toEqual([404, "<div>spa</div>"]);
    expect((await app.request("/license-keys/")).status).toBe(200);
    expect((await app.request("/no-such-page", { method: "HEAD" })).status).toBe(404);
    // Traversal never reaches outside the web root.
    expect((await app.request("/..%2f..%2fetc%2fpasswd")).status).toBe(404);
    expect(await (await app.request("/../../etc/passwd")).text()).toBe("<div>spa</div>");
  });

  it("sends the precompressed file when the browser accepts it, with immutable caching for assets", async () => {
    const br = await app.request("/assets/app-1.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const plain = await app.request("/assets/app-1.js", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.text()).startsWith("console.log")).toBe(true);
    expect((await app.request("/")).headers.get("cache-control")).toBe("no-cache");
  });

  it("sends a page prerendered in the visitor's language (ks_lang cookie) when there is one", async () => {
    const khmer = await app.request("/", { headers: { cookie: "theme=dark; ks_lang=km" } });
    expect(await khmer.text()).toBe("<h1>ផ្ទះ</h1>");
    expect(khmer.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    // English, no cookie, a page without a Khmer file, or a language the build does not have.
    for (const cookie of ["ks_lang=en", "other=1", "xks_lang=km"]) {
      expect(await (await app.request("/", { headers: { cookie } })).text()).toBe("<h1>home</h1>");
    }
    expect(await (await app.request("/faq", { headers: { cookie: "ks_lang=km" } })).text()).toBe("<h1>faq</h1>");
    expect(await (await app.request("/", { headers: { cookie: "ks_lang=fr" } })).text()).toBe("<h1>home</h1>");
    expect(await (await app.request("/license-keys", { headers: { cookie: "ks_lang=km" } })).text()).toBe("<div>spa</div>");
  });

  it("sends the loading page (the SPA fallback) in the visitor's language when the build wrote one", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "keyshop-static-fallback-"));
    writeFileSync(path.join(root, "__spa-fallback.html"), '<html lang="en"><span>Loading Keyshop</span></html>');
    writeFileSync(path.join(root, "__spa-fallback.km.html"), '<html lang="km"><span>កំពុងផ្ទុក Keyshop</span></html>');
    const site = new Hono().get("*", createStaticHandler(root));
    const khmer = await site.request("/license-keys", { headers: { cookie: "ks_lang=km" } });
    expect(khmer.status).toBe(200);
    expect(await khmer.text()).toContain("កំពុងផ្ទុក Keyshop");
    expect(khmer.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    // A path the app does not have: still the Khmer loading page, as a 404.
    const missing = await site.request("/no-such-page", { headers: { cookie: "ks_lang=km" } });
    expect([missing.status, (await missing.text()).includes('lang="km"')]).toEqual([404, true]);
    for (const cookie of ["", "ks_lang=en", "ks_lang=fr"]) {
      expect(await (await site.request("/license-keys", { headers: { cookie } })).text()).toContain("Loading Keyshop");
    }
  });
});
