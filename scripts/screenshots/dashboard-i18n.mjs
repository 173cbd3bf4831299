#!/usr/bin/env node
// Screenshots of the customer dashboard in English and Khmer (issue #27), to look at: License Keys,
// Transactions History, Profile and OTP Gmail at 375 px and 1280 px, light and dark, and the
// dialogs a customer meets there (change key with its check, renew, the calendar, messages).
//   node scripts/screenshots/dashboard-i18n.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const OUT = process.argv[2] ?? "screenshots/dashboard-i18n";
const PORT = 3550 + Math.floor(Math.random() * 40);
const BASE = `http://localhost:${PORT}`;
const TOKEN = "shots-token";
const PASSWORD = "correct horse battery 9";
const DAY = 86_400_000;
mkdirSync(OUT, { recursive: true });

const server = spawn(process.execPath, ["dist/server.js"], {
  env: { ...process.env, PORT: String(PORT), DEV_SMTP_PORT: String(PORT + 100), DATA_DIR: mkdtempSync(path.join(tmpdir(), "ks-shots-")), DEV_TEST_API_TOKEN: TOKEN, AUTH_RATE_LIMIT: "off", LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 120) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
const origin = { origin: BASE };

async function testApi(request, route, data) {
  const res = await request.post(`/dev/test-api/${route}`, { headers: { "x-test-token": TOKEN }, data });
  if (!res.ok()) throw new Error(`${route}: ${res.status()} ${await res.text()}`);
  return res.json();
}

// ---- A customer with three licences, payments of each kind, a balance and an OTP order --------
const setup = await browser.newContext({ baseURL: BASE });
const now = Date.now();
const stamp = now.toString(36);
const email = `shots-dash-${stamp}@example.com`;
const iso = (ms) => new Date(ms).toISOString();
await testApi(setup.request, "users", { email, password: PASSWORD });
await testApi(setup.request, "licenses", { email, planId: "local-3m", name: "Office PC", deviceKey: `LDREEL-7F3A-91C2-${stamp.toUpperCase()}`, startDate: iso(now - 60 * DAY), expireDate: iso(now + 42 * DAY), changesLeft: 9 });
await testApi(setup.request, "licenses", { email, planId: "local-12m", name: "", deviceKey: null, startDate: null, expireDate: null });
await testApi(setup.request, "licenses", { email, planId: "local-1m", name: "Old laptop", deviceKey: `LDREEL-0B1D-${stamp.toUpperCase()}`, startDate: iso(now - 90 * DAY), expireDate: iso(now - 5 * DAY), changesLeft: 0 });
await testApi(setup.request, "orders", {
  orders: [
    { email, kind: "plan", planId: "local-3m", status: "paid" },
    { email, kind: "topup", amountMills: 5_000, status: "paid" },
    { email, kind: "plan", planId: "local-1m", status: "pending" },
    { email, kind: "plan", planId: "local-12m", status: "failed" },
  ],
});
await testApi(setup.request, "balance", { email, amountMills: 2_000 });
await setup.request.post("/api/auth/sign-in/email", { headers: origin, data: { email, password: PASSWORD } });
const bought = await setup.request.post("/api/otp-mail/orders", { headers: origin });
if (!bought.ok()) console.warn("OTP order:", bought.status(), await bought.text());

async function shot(page, name, { fullPage = true } = {}) {
  await page.waitForTimeout(500); // dialogs finish their entrance, fonts settle
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

const PAGES = [
  ["license-keys", "table, ul"],
  ["transactions-history", "[data-testid=transactions-count]"],
  ["profile", "[data-testid=api-key-value]"],
  ["otp-gmail", "[data-testid=total-spent-chip]"],
];

for (const lang of ["en", "km"]) {
  for (const scheme of ["light", "dark"]) {
    for (const width of [375, 1280]) {
      const mobile = width < 768;
      const context = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, colorScheme: scheme, baseURL: BASE, isMobile: mobile, hasTouch: mobile });
      await context.addInitScript((l) => localStorage.setItem("lang", l), lang);
      if (lang === "km") await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
      await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email, password: PASSWORD } });
      const page = await context.newPage();
      for (const [route, ready] of PAGES) {
        await page.goto(`/${route}`);
        await page.locator(ready).first().waitFor();
        if (lang === "km") await page.locator("html[lang=km]").waitFor();
        await page.waitForLoadState("networkidle");
        await shot(page, `${lang}-${scheme}-${width}-${route}`);
      }
      if (scheme === "light") {
        // The dialogs: change key with its check, renew, the calendar, the messages.
        await page.goto("/license-keys");
        await page.locator("html").getAttribute("lang");
        await page.waitForLoadState("networkidle");
        const menu = page.getByRole("button", { name: lang === "km" ? "សកម្មភាពសម្រាប់ Office PC" : "Actions for Office PC" });
        await menu.first().click();
        await page.getByRole("menuitem").last().click();
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("textbox").last().fill("wrong-key");
        await dialog.locator("button[type=submit]").click();
        await shot(page, `${lang}-${width}-dialog-change-key`, { fullPage: false });
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: lang === "km" ? "បន្តសុពលភាព Office PC" : "Renew Office PC" }).first().click();
        await page.getByRole("dialog").getByRole("radio").first().waitFor();
        await shot(page, `${lang}-${width}-dialog-renew`, { fullPage: false });
        await page.keyboard.press("Escape");
        await page.goto("/transactions-history");
        await page.getByTestId("date-range-trigger").click();
        await page.getByRole("grid").first().waitFor();
        await shot(page, `${lang}-${width}-calendar`, { fullPage: false });
        await page.keyboard.press("Escape");
        await page.goto("/otp-gmail");
        await page.getByRole("button", { name: lang === "km" ? "សារ" : "Messages" }).first().click();
        await page.getByRole("dialog").waitFor();
        await shot(page, `${lang}-${width}-dialog-messages`, { fullPage: false });
      }
      await context.close();
    }
  }
}

await browser.close();
server.kill("SIGTERM");
