// One Playwright setup for the screenshot scripts in this folder: the built server (dist/) on a
// throw-away embedded database with the test API, headless Chromium, the test API's seeding, and
// a shot that says when a page scrolls sideways. Needs `npm run build` first.
//   const shots = await startShots({ name: "renewals", portBase: 3450 });
//   …
//   await shots.close();
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

import { totpCode } from "../../bench/lib.mjs";
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from "../chromium.mjs";

export const PASSWORD = "correct horse battery 9";
export const DAY = 86_400_000;
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const TOKEN = "shots-token";

/**
 * Starts the server and the browser. `name`: the default output folder (screenshots/<name>, or the
 * script's first argument); `portBase`: the script's own range (50 ports), so scripts may run side
 * by side; `env`: the server's extra environment; `fullPage`: what shot() takes by default.
 */
export async function startShots({ name, portBase, env = {}, fullPage = false }) {
  const out = process.argv[2] ?? `screenshots/${name}`;
  mkdirSync(out, { recursive: true });
  const port = portBase + Math.floor(Math.random() * 50);
  const base = `http://localhost:${port}`;

  const server = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, PORT: String(port), DEV_SMTP_PORT: String(port + 100), DATA_DIR: mkdtempSync(path.join(tmpdir(), "ks-shots-")), DEV_TEST_API_TOKEN: TOKEN, AUTH_RATE_LIMIT: "off", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 120) {
      server.kill("SIGTERM");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...QUIET_CHROMIUM_FLAGS],
  });

  return {
    out,
    port,
    base,
    browser,
    /** The Origin header the server's auth routes want on a POST. */
    origin: { origin: base },
    /** POST /dev/test-api/<route> through a Playwright request context (setup.request, page.request). */
    async testApi(request, route, data) {
      const res = await request.post(`${base}/dev/test-api/${route}`, { headers: { "x-test-token": TOKEN }, data });
      if (!res.ok()) throw new Error(`${route}: ${res.status()} ${await res.text()}`);
      return res.json();
    },
    /** The same over fetch, for scripts without a browser context yet. */
    async post(pathname, body, headers = {}) {
      const res = await fetch(`${base}${pathname}`, { method: "POST", headers: { "content-type": "application/json", origin: base, ...headers }, body: JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`POST ${pathname} → ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    testToken: TOKEN,
    /**
     * <out>/<file>.png, once dialogs and toasts have finished their entrance: the viewport, the
     * full page (`fullPage`) or one element (`element`, a locator); says when the page scrolls sideways.
     */
    async shot(page, file, opts = {}) {
      const full = opts.fullPage ?? fullPage;
      await page.waitForTimeout(opts.settle ?? 450);
      // Khmer glyphs come with the page's web font: none drawn as boxes.
      await page.evaluate(() => document.fonts.ready);
      const target = path.join(out, `${file}.png`);
      if (opts.element) await opts.element.screenshot({ path: target });
      else {
        // A full page from its top: sticky headers drawn where they belong.
        if (full) await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: target, fullPage: full });
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(`${target}${width > page.viewportSize().width ? `  (scrolls sideways: ${width}px)` : ""}`);
      return target;
    },
    async close() {
      await browser.close();
      server.kill("SIGTERM");
    },
  };
}

/** The admin's authenticator: the code of a base32 secret now (RFC 6238, as server/lib/totp.ts). */
export const totp = (secret) => totpCode(secret);
