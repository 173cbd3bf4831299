// Dashboard benchmark: what a signed-in customer's first load of each customer page costs on a
// phone (decision 049). Builds the app (with hidden source maps, so that the modules behind each
// file are known; the files are byte for byte those of a normal build), starts the real server on
// free ports with a throw-away DATA_DIR and the test API, seeds a customer with licences, orders
// and a balance, then for each page:
// - loads it fresh in Chromium (Playwright, new context, the session cookie set) and counts every
//   script the page fetched until the network is idle: bytes received as served (brotli), and
//   gzip -9 of the same files for comparison;
// - lists the source modules of those scripts and fails on any of the admin console, charts or
//   the public pages;
// - runs Lighthouse (mobile, simulated throttling) with the session cookie on every request.
// Prints tables, writes bench/results/dashboard.json, and stops everything it started.
//
// Targets: <= 150 KB of JavaScript transferred on the first load of every customer page;
// Lighthouse performance >= 95 and LCP < 2.5 s; no admin, chart or public-page module.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import { lighthouseMedian } from "./lighthouse.mjs";
import { startProxy, startServer } from "./page-server.mjs";
import { kb, printTable, printTargets, resultHeader, writeResult } from "./report.mjs";
import { signIn, testApi, TEST_TOKEN } from "./lib.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = ["/license-keys", "/license-history", "/transactions-history", "/profile", "/otp-gmail"];
const TARGETS = { firstLoadJsKB: 150, performance: 95, lcpMs: 2500 };
const KB = 1024;

/** Source modules a customer page must not load: the admin console, charts, the public pages. */
const FORBIDDEN = [
  ["admin", /\/web\/app\/features\/admin\/|\/web\/app\/routes\/(overview|user-management|manage-balance|audit-log|customer|webhooks|transactions-gmail)\.tsx$|\/contracts\/admin\.ts$/],
  ["chart", /\/node_modules\/(recharts|d3-[a-z-]+|victory-vendor)\/|\/web\/app\/.*chart[^/]*\.tsx?$/],
  ["public", /\/web\/app\/components\/public\/|\/web\/app\/features\/landing\/|\/web\/app\/routes\/(home|faq|privacy-policy|terms-of-service|donation-success)\.tsx$/],
];
/** Built files with no source map of their own: React Router's route manifest (data), the boot script, rolldown's runtime. */
const UNMAPPED = /^\/assets\/(manifest-[0-9a-f]+|boot-[\w-]+|rolldown-runtime-[\w-]+)\.js$/;
/** Reported, not refused: whether the page carries zod. */
const NOTED = [["zod", /\/node_modules\/zod\//]];

function build() {
  console.log("Building with hidden source maps (KS_SOURCEMAP=hidden npm run build)…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, KS_SOURCEMAP: "hidden" },
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** A customer with something on every page: licences, paid orders, a balance. */
async function seedCustomer(origin) {
  const email = `bench-dashboard-${Date.now()}@example.com`;
  const cookie = await signIn(origin, { email, role: "user" });
  const day = 86_400_000;
  const iso = (offsetDays) => new Date(Date.now() + offsetDays * day).toISOString();
  for (let i = 0; i < 6; i++) {
    await testApi(origin, "/licenses", {
      email,
      planId: ["local-1m", "local-3m", "local-12m"][i % 3],
      name: `Seat ${i + 1}`,
      deviceKey: `LDREEL-bench-${Date.now()}-${i}`,
      startDate: iso(-10 - i),
      expireDate: iso(20 + i * 30),
    });
  }
  await testApi(origin, "/orders", {
    orders: Array.from({ length: 8 }, (_, i) => ({ email, kind: i % 4 === 3 ? "topup" : "plan", planId: "local-1m", amountMills: i % 4 === 3 ? 5_000 : undefined, status: "paid" })),
  });
  await testApi(origin, "/balance", { email, amountMills: 25_000 });
  return { email, cookie };
}

function cookiesFor(origin, header) {
  return header.split(/;\s*/).filter(Boolean).map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
  });
}

/** The source modules of a built file, from its hidden source map. */
function modulesOf(file) {
  const map = path.join(ROOT, "build", "client", `${file}.map`);
  if (!existsSync(map)) return null;
  return JSON.parse(readFileSync(map, "utf8")).sources.map((s) => path.resolve(path.dirname(map), s).replaceAll("\\", "/"));
}

/** One fresh signed-in load of a page: every script fetched until the network is idle. */
async function measurePage(browser, origin, cookie, pathname) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addCookies(cookiesFor(origin, cookie));
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          file: new URL(response.url()).pathname,
          status: response.status(),
          encoding: response.headers()["content-encoding"] ?? "identity",
          transferredBytes: sizes.responseBodySize,
        })),
    );
  });
  await page.goto(`${origin}${pathname}`, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator("main:not([aria-busy])").waitFor();
  await page.waitForLoadState("networkidle");
  const finalPath = new URL(page.url()).pathname;
  const loaded = await Promise.all(scripts);
  await context.close();
  if (finalPath !== pathname) throw new Error(`${pathname} ended on ${finalPath}: is the customer signed in?`);

  const files = loaded
    .filter((s) => s.file.startsWith("/assets/") && s.status === 200)
    .map((s) => {
      const raw = readFileSync(path.join(ROOT, "build", "client", s.file));
      return { ...s, rawBytes: raw.length, gzipBytes: zlib.gzipSync(raw, { level: 9 }).length, modules: modulesOf(s.file) };
    })
    .sort((a, b) => b.transferredBytes - a.transferredBytes);
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  const modules = files.flatMap((f) => f.modules ?? []);
  const matching = (rules) =>
    Object.fromEntries(rules.map(([name, re]) => [name, [...new Set(modules.filter((m) => re.test(m)).map((m) => path.relative(ROOT, m)))]]));
  return {
    page: pathname,
    files: files.map(({ modules: _, ...f }) => f),
    totals: { count: files.length, transferredBytes: sum("transferredBytes"), gzipBytes: sum("gzipBytes"), rawBytes: sum("rawBytes") },
    encodings: [...new Set(files.map((f) => f.encoding))],
    // Every file's modules are known, except the known unmapped ones and re-export stubs (root).
    sourceMaps: files.every((f) => f.modules || UNMAPPED.test(f.file) || f.rawBytes < 200),
    unmapped: files.filter((f) => !f.modules).map((f) => f.file),
    forbidden: matching(FORBIDDEN),
    noted: matching(NOTED),
  };
}

export async function run({ runs = 3, direct = false } = {}) {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length) {
    console.warn(`Warning: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores; Lighthouse timings will be pessimistic.`);
  }
  build();
  console.log("Starting the server…");
  const server = await startServer({
    env: (origin) => ({ BASE_URL: origin, DEV_TEST_API_TOKEN: TEST_TOKEN, AUTH_RATE_LIMIT: "off", NODE_ENV: "development" }),
  });
  const { chromium } = await import("playwright");
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  const weights = [];
  const lighthouse = [];
  let customer;
  let proxy;
  try {
    customer = await seedCustomer(server.origin);
    console.log(`Server ready at ${server.origin}; signed in ${customer.email}. Measuring first loads…`);
    for (const page of PAGES) weights.push(await measurePage(browser, server.origin, customer.cookie, page));
    await browser.close();
    // --runs=0: the weights only. Lighthouse reaches the shop as a customer does, through
    // deploy/Caddyfile's proxy (TLS, HTTP/2; decision 082); --direct: the Node server's own HTTP/1.1.
    if (runs > 0 && !direct) {
      proxy = await startProxy(server.origin);
      console.log(`Lighthouse through Caddy ${proxy.version} at ${proxy.origin} (deploy/Caddyfile, HTTP/2).`);
    }
    for (const page of runs > 0 ? PAGES : []) {
      lighthouse.push(
        await lighthouseMedian(proxy?.origin ?? server.origin, page, runs, {
          // Each run signs in afresh. The session's cached copy (session_data, SESSION_CACHE_SECONDS,
          // 60 s) is renewed by a Set-Cookie once stale; Chromium keeps that cookie and from then on
          // sends its jar instead of this header, without the session token: every call after the
          // first answered 401, and the page showed "Failed to fetch…" toasts (CLS 0.15,
          // accessibility 96) from about a minute into the runs. A customer's browser has both
          // cookies in its jar and never meets this.
          extraHeaders: async () => ({ Cookie: await signIn(server.origin, { email: customer.email, role: "user" }) }),
          categories: ["performance", "accessibility"],
        }),
      );
    }
  } finally {
    await proxy?.stop();
    await browser.close().catch(() => undefined);
    await server.stop();
  }

  console.log("\nFirst load of each customer page, signed in (JavaScript; transferred = bytes received as served):");
  printTable(
    weights.map((w) => [
      w.page,
      w.totals.count,
      kb(w.totals.transferredBytes),
      w.encodings.join("/"),
      kb(w.totals.gzipBytes),
      kb(w.totals.rawBytes),
      Object.entries(w.forbidden).filter(([, list]) => list.length).map(([name]) => name).join(", ") || "none",
      w.noted.zod.length ? "yes" : "no",
    ]),
    ["page", "files", "transferred", "served as", "gzip -9", "raw", "admin/chart/public", "zod"],
  );
  const first = weights[0];
  console.log(`\nLargest files of ${first.page}:`);
  printTable(
    first.files.slice(0, 15).map((f) => [f.file, kb(f.transferredBytes), kb(f.gzipBytes), kb(f.rawBytes)]),
    ["file", "transferred", "gzip -9", "raw"],
  );
  for (const w of weights) {
    for (const [name, list] of Object.entries(w.forbidden)) {
      if (list.length) console.log(`${w.page} loads ${name} modules: ${list.slice(0, 8).join(", ")}${list.length > 8 ? ", …" : ""}`);
    }
    if (!w.sourceMaps) console.log(`${w.page}: some files have no source map; the module check is incomplete.`);
  }

  if (lighthouse.length) console.log(`\nLighthouse (mobile, signed in, median of runs by performance; ${direct ? "the Node server directly, HTTP/1.1" : "through Caddy, HTTP/2"}):`);
  if (lighthouse.length) printTable(
    lighthouse.map((p) => [
      p.page,
      p.scores.performance,
      p.scores.accessibility,
      p.metrics.firstContentfulPaint.display,
      p.metrics.largestContentfulPaint.display,
      p.metrics.totalBlockingTime.display,
      p.metrics.cumulativeLayoutShift.display,
      kb(p.scriptRequests.transferBytes),
      p.performanceScores.map((x) => x ?? "err").join("/"),
    ]),
    ["page", "perf", "a11y", "FCP", "LCP", "TBT", "CLS", "JS (LH)", "perf runs"],
  );

  const targets = Object.fromEntries(
    weights.flatMap((w) => {
      const p = lighthouse.find((l) => l.page === w.page);
      const jsKB = Number((w.totals.transferredBytes / KB).toFixed(1));
      const lcp = p?.metrics.largestContentfulPaint.value ?? null;
      const forbidden = Object.entries(w.forbidden).flatMap(([name, list]) => (list.length ? [name] : []));
      return [
        [`first-load JS ${w.page}`, { target: `<= ${TARGETS.firstLoadJsKB} KB`, actual: jsKB, met: jsKB <= TARGETS.firstLoadJsKB }],
        [`no admin/chart/public code ${w.page}`, { target: "none", actual: forbidden.join(", ") || "none", met: forbidden.length === 0 && w.sourceMaps }],
        [`performance ${w.page}`, { target: `>= ${TARGETS.performance}`, actual: p?.scores.performance ?? null, met: (p?.scores.performance ?? 0) >= TARGETS.performance }],
        [`LCP ${w.page}`, { target: `< ${TARGETS.lcpMs} ms`, actual: lcp == null ? null : Math.round(lcp), met: lcp != null && lcp < TARGETS.lcpMs }],
      ];
    }),
  );
  const targetsMet = printTargets(targets);

  return writeResult(
    {
      ...resultHeader("dashboard", loadBefore),
      definition:
        "JavaScript transferred: bytes of every script the page fetched from a fresh signed-in load until the network was idle, as the browser received them (Content-Encoding as served, brotli); gzip -9 of the same files for comparison (decision 049).",
      lighthouse: { version: lighthouse[0]?.lighthouseVersion, formFactor: "mobile (default config, simulated throttling)", runsPerPage: runs, signedIn: "session cookie as an extra header", via: direct ? "the Node server directly (HTTP/1.1)" : "Caddy with deploy/Caddyfile (TLS, HTTP/2)" },
      pages: weights.map((w) => ({ ...w, lighthouse: lighthouse.find((l) => l.page === w.page) ?? null })),
      targets,
      targetsMet,
    },
    started,
  );
}
