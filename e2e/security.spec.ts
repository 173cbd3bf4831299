// The Content-Security-Policy of the web pages (decision 013): every inline script of every built
// page is allowed by the policy served with that page, and the main pages — landing with the
// video embed, /faq, /auth, the dashboard, the PayWay checkout in its frame — run without a
// single CSP violation.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

import { createUser, seedBalance, signIn, uniqueEmail } from "./support";

const BUILD = path.join(process.cwd(), "build", "client");

/** Built pages as the URLs that serve them, plus app routes served by the SPA fallback. */
function pageUrls(): string[] {
  const urls: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "index.html") urls.push(`/${path.relative(BUILD, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/");
    }
  };
  walk(BUILD);
  return [...urls.sort(), "/auth", "/license-keys", "/profile", "/no-such-page"];
}

const scriptSrc = (policy: string) =>
  policy
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

test("every inline script of every page is allowed by that page's policy, and nothing else inline is", async ({ request }) => {
  const urls = pageUrls();
  expect(urls).toEqual(expect.arrayContaining(["/", "/faq"]));
  for (const url of urls) {
    const res = await request.get(url);
    // A page the app does not have is a 404 (with the app, which shows its not-found page).
    expect(res.status(), url).toBe(url === "/no-such-page" ? 404 : 200);
    const policy = res.headers()["content-security-policy"] ?? "";
    expect(policy, url).toContain("frame-ancestors 'none'");
    const allowed = scriptSrc(policy);
    expect(allowed, url).not.toContain("'unsafe-inline'");
    expect(policy, url).not.toContain("'unsafe-eval'");
    const html = await res.text();
    let inline = 0;
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/\ssrc\s*=/i.test(` ${m[1]}`)) continue;
      // Data blocks (application/ld+json) are not scripts: browsers never run them.
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(m[1]!)?.[1];
      if (type && !/^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i.test(type)) continue;
      inline++;
      const hash = `'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`;
      expect(allowed, `${url}: inline script ${m[2]!.slice(0, 60)}…`).toContain(hash);
    }
    expect(inline, url).toBeGreaterThan(0); // React Router's context script at least
    // No inline event handlers or javascript: URLs, which no hash can allow.
    const markup = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, "");
    expect(markup, url).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(markup, url).not.toMatch(/(?:href|src|action)\s*=\s*["']?\s*javascript:/i);
  }
});

/** Records CSP violations: the DOM event (from the first script on) and Chromium's console report. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  const check = async () => {
    const fromPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    return [...violations, ...fromPage.map((v) => `${page.url()}: ${v}`)];
  };
  return check;
}

test.beforeEach(async ({ page }) => {
  // No external network here: answer the tutorial embed with an empty page (after the CSP check).
  await page.route(/youtube/, (route) => route.fulfill({ contentType: "text/html", body: "<p>playlist</p>" }));
});

test("the landing page with its video embed, /faq and /auth run without a CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Videos" }).click();
  const frame = page.locator('#videos-section iframe[title="Keyshop tutorial playlist"]');
  await expect(frame).toBeVisible();
  await expect(page.frameLocator('#videos-section iframe').getByText("playlist")).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/faq");
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
  expect(await violations()).toEqual([]);

  await page.goto("/auth");
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the dashboard, its live stream, and the PayWay checkout frame run without a CSP violation", async ({ page, request }) => {
  const email = uniqueEmail("csp");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 1000 });
  const violations = await watchViolations(page);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  expect(await violations()).toEqual([]);

  await page.goto("/otp-gmail");
  await expect(page.getByRole("heading", { level: 1, name: "OTP Gmail History" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  expect(await violations()).toEqual([]);

  // The landing's plan dialog → PayWay's plugin script → its checkout page in the frame.
  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(1).click();
  const dialog = page.getByRole("dialog", { name: "3 Months — $29.99" });
  await dialog.getByRole("button", { name: "Pay $29.99" }).click();
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText("29.99 USD");
  expect(await violations()).toEqual([]);
});
