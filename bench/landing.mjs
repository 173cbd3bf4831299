// Landing-page benchmark: what the first visit to / costs, and what Lighthouse (mobile) thinks
// of / and /faq. Starts the real server (building first when the build is stale) on free ports
// with a throw-away DATA_DIR, measures, prints a table, writes bench/results/landing.json, and
// stops everything it started.
//
// Targets: first-load JS <= 120 KB gzip; Lighthouse performance >= 95 and accessibility >= 95.
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS = path.join(ROOT, "bench", "results", "landing.json");
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const PAGES = ["/", "/faq"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TARGETS = { firstLoadJsGzipKB: 120, performance: 95, accessibility: 95 };
const KB = 1024;

// ---------------------------------------------------------------------------------------------
// Server

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real server (scripts/start.mjs builds first when the build is stale) on free ports with a
 * throw-away DATA_DIR; `env(origin)` adds variables (the dashboard bench's test API).
 */
export async function startServer({ env = () => ({}) } = {}) {
  const port = await freePort();
  const smtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyshop-bench-"));
  // scripts/start.mjs builds when the build is missing or older than the sources, then serves.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    detached: true, // own process group, so the build and the server stop together
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEV_SMTP_PORT: String(smtpPort),
      LOG_LEVEL: "warn",
      ...env(`http://127.0.0.1:${port}`),
    },
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (exited) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stopProcessGroup(child);
      throw new Error(`The server was not ready within 5 minutes:\n${output}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    origin,
    async stop() {
      await stopProcessGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000); // open keep-alive sockets can stall close()
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// First-load weight

/**
 * Scripts, module preloads, imports of inline module scripts, and style sheets of a page. What
 * sits in a <template> is inert (never fetched or run on load): the public pages keep the app's
 * scripts there until a visitor needs them (decision 016), so it is not first-load weight.
 */
export function firstLoadAssets(page) {
  const html = page.replace(/<template\b[^>]*>[\s\S]*?<\/template>/gi, "");
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i"))?.[1];
  const js = new Set();
  const css = new Set();
  let inlineScriptBytes = 0;

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  for (const [, openTag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = attr(openTag, "type")?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue; // JSON data blocks
    const src = attr(openTag, "src");
    if (src) {
      js.add(src);
      continue;
    }
    inlineScriptBytes += Buffer.byteLength(body);
    if (type === "module") {
      for (const [, spec] of body.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+)["']/g)) js.add(spec);
    }
  }
  const local = (u) => u.startsWith("/") && !u.startsWith("//");
  return { js: [...js].filter(local), css: [...css].filter(local), inlineScriptBytes };
}

function get(origin, pathname, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${pathname}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers["content-encoding"] ?? "identity",
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** Static imports of a JS module (`import "./x.js"`, `import … from "./x.js"`), as paths. */
function staticImports(pathname, code) {
  const found = new Set();
  for (const [, spec] of code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+)["']/g)) {
    if (spec.startsWith(".") || spec.startsWith("/")) found.add(new URL(spec, `http://x${pathname}`).pathname);
  }
  return [...found];
}

async function measureFile(origin, pathname) {
  const raw = await get(origin, pathname, "identity");
  if (raw.status !== 200) throw new Error(`GET ${pathname} answered ${raw.status}`);
  const wire = await get(origin, pathname, "br, gzip");
  return {
    file: pathname,
    imports: pathname.endsWith(".js") ? staticImports(pathname, raw.body.toString("utf8")) : [],
    rawBytes: raw.body.length,
    gzipBytes: zlib.gzipSync(raw.body, { level: 9 }).length,
    brotliBytes: zlib.brotliCompressSync(raw.body).length,
    served: { encoding: wire.encoding, bytes: wire.body.length },
  };
}

async function measureWeight(origin, pathname = "/") {
  const html = readFileSync(path.join(ROOT, "build", "client", pathname.slice(1), "index.html"), "utf8");
  const assets = firstLoadAssets(html);
  const js = [];
  // Each listed script and, transitively, what it imports statically (fetched before it runs).
  const queue = [...assets.js];
  const seen = new Set(queue);
  while (queue.length) {
    const measured = await measureFile(origin, queue.shift());
    js.push(measured);
    for (const next of measured.imports) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  const css = [];
  for (const file of assets.css) css.push(await measureFile(origin, file));
  const document = await measureFile(origin, pathname);
  const sum = (list, key) => list.reduce((n, f) => n + (key === "served" ? f.served.bytes : f[key]), 0);
  return {
    js: js.sort((a, b) => b.gzipBytes - a.gzipBytes),
    css,
    document: { ...document, inlineScriptBytes: assets.inlineScriptBytes },
    totals: {
      jsRawBytes: sum(js, "rawBytes"),
      jsGzipBytes: sum(js, "gzipBytes"),
      jsBrotliBytes: sum(js, "brotliBytes"),
      jsServedBytes: sum(js, "served"),
      cssRawBytes: sum(css, "rawBytes"),
      cssGzipBytes: sum(css, "gzipBytes"),
      cssServedBytes: sum(css, "served"),
      serverCompresses: [...js, ...css, document].some((f) => f.served.encoding !== "identity"),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

async function lighthouseOnce(url, { extraHeaders, categories = CATEGORIES } = {}) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      // A signed-in page: the session cookie on every request (Lighthouse resets the origin's storage).
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

function summarise(lhr, categories = CATEGORIES) {
  const audit = (id) => lhr.audits[id];
  const metric = (id) => ({ value: audit(id)?.numericValue ?? null, display: audit(id)?.displayValue ?? null });
  const failedIn = (categoryId) =>
    lhr.categories[categoryId].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => audit(ref.id))
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? null }));

  const savings = (a) => {
    const m = a.metricSavings ?? {};
    return (a.details?.overallSavingsMs ?? 0) + (m.LCP ?? 0) + (m.FCP ?? 0) + (m.TBT ?? 0) + (m.CLS ?? 0) * 1000;
  };
  const opportunities = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== "metrics" && ref.group !== "hidden")
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "notApplicable")
    .sort((a, b) => savings(b) - savings(a) || (a.score ?? 1) - (b.score ?? 1))
    .slice(0, 8)
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      displayValue: a.displayValue ?? null,
      metricSavings: a.metricSavings ?? null,
    }));

  const scripts = (audit("network-requests")?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  return {
    scores: Object.fromEntries(categories.map((c) => [c, score(lhr.categories[c])])),
    metrics: {
      firstContentfulPaint: metric("first-contentful-paint"),
      largestContentfulPaint: metric("largest-contentful-paint"),
      totalBlockingTime: metric("total-blocking-time"),
      cumulativeLayoutShift: metric("cumulative-layout-shift"),
      speedIndex: metric("speed-index"),
    },
    scriptRequests: { count: scripts.length, transferBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) },
    opportunities,
    failed: Object.fromEntries(categories.filter((c) => c !== "performance").map((c) => [c, failedIn(c)])),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    runWarnings: lhr.runWarnings ?? [],
    userAgent: lhr.environment?.hostUserAgent ?? null,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** Lighthouse (mobile) `runs` times on a page: the median run by performance, and every score. */
export async function lighthouseMedian(origin, pathname, runs, { extraHeaders, categories = CATEGORIES } = {}) {
  const summaries = [];
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`  lighthouse ${pathname} run ${i + 1}/${runs}… `);
    const summary = summarise(await lighthouseOnce(`${origin}${pathname}`, { extraHeaders, categories }), categories);
    const lcp = summary.metrics.largestContentfulPaint.display;
    console.log(
      summary.runtimeError
        ? `failed (${summary.runtimeError})`
        : `performance ${summary.scores.performance}${summary.scores.accessibility == null ? "" : `, accessibility ${summary.scores.accessibility}`}, LCP ${lcp}`,
    );
    summaries.push(summary);
  }
  // Median by performance over the runs that completed; a run Lighthouse could not finish
  // (e.g. NO_FCP on an overloaded machine) is reported but not ranked.
  const completed = summaries.filter((s) => s.scores.performance != null);
  const sorted = completed.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : summaries[summaries.length - 1];
  return {
    page: pathname,
    runs,
    completedRuns: completed.length,
    performanceScores: summaries.map((s) => s.scores.performance),
    failedRuns: summaries.filter((s) => s.runtimeError).map((s) => s.runtimeError),
    ...median,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

export function printTable(rows, headers) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

export function gitRevision() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT }).toString().trim() !== "";
    return dirty ? `${commit}+uncommitted` : commit;
  } catch {
    return null;
  }
}

/** Prints each target as PASS or MISS; whether all were met. */
export function printTargets(targets) {
  console.log("\nTargets:");
  for (const [name, t] of Object.entries(targets)) console.log(`  ${t.met ? "PASS" : "MISS"}  ${name}: ${t.actual} (target ${t.target})`);
  return Object.values(targets).every((t) => t.met);
}

/** The machine a result was measured on, with its load before and after. */
export function machineFacts(loadBefore) {
  return {
    cpus: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)) },
  };
}

export async function run({ runs = 3 } = {}) {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length) {
    console.warn(`Warning: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores; Lighthouse timings will be pessimistic.`);
  }
  console.log("Starting the server (builds first when the build is stale)…");
  const server = await startServer();
  let weight;
  let pages;
  try {
    console.log(`Server ready at ${server.origin}. Measuring first-load weight of /…`);
    weight = await measureWeight(server.origin);
    weight.otherPages = {};
    for (const page of PAGES.filter((p) => p !== "/")) {
      const { totals } = await measureWeight(server.origin, page);
      weight.otherPages[page] = { jsGzipBytes: totals.jsGzipBytes, cssGzipBytes: totals.cssGzipBytes };
    }
    pages = [];
    for (const page of PAGES) pages.push(await lighthouseMedian(server.origin, page, runs));
  } finally {
    await server.stop();
  }

  console.log("\nFirst load of / (JavaScript, gzip -9 of what the server sends):");
  printTable(
    [
      ...weight.js.map((f) => [f.file, kb(f.rawBytes), kb(f.gzipBytes), kb(f.brotliBytes), `${f.served.encoding} ${kb(f.served.bytes)}`]),
      ["TOTAL JS", kb(weight.totals.jsRawBytes), kb(weight.totals.jsGzipBytes), kb(weight.totals.jsBrotliBytes), kb(weight.totals.jsServedBytes)],
      ...weight.css.map((f) => [f.file, kb(f.rawBytes), kb(f.gzipBytes), kb(f.brotliBytes), `${f.served.encoding} ${kb(f.served.bytes)}`]),
      ["document /", kb(weight.document.rawBytes), kb(weight.document.gzipBytes), kb(weight.document.brotliBytes), `${weight.document.served.encoding} ${kb(weight.document.served.bytes)}`],
    ],
    ["file", "raw", "gzip", "brotli", "served"],
  );
  if (!weight.totals.serverCompresses) console.log("(The server sends these uncompressed.)");
  for (const [page, t] of Object.entries(weight.otherPages)) {
    console.log(`First load of ${page}: JS ${kb(t.jsGzipBytes)} gzip, CSS ${kb(t.cssGzipBytes)} gzip.`);
  }

  console.log("\nLighthouse (mobile, median of runs by performance):");
  printTable(
    pages.map((p) => [
      p.page,
      p.scores.performance,
      p.scores.accessibility,
      p.scores["best-practices"],
      p.scores.seo,
      p.metrics.firstContentfulPaint.display,
      p.metrics.largestContentfulPaint.display,
      p.metrics.totalBlockingTime.display,
      p.metrics.cumulativeLayoutShift.display,
      p.performanceScores.map((x) => x ?? "err").join("/"),
    ]),
    ["page", "perf", "a11y", "best", "seo", "FCP", "LCP", "TBT", "CLS", "perf runs"],
  );
  for (const p of pages) {
    const failed = Object.entries(p.failed).flatMap(([cat, list]) => list.map((a) => `${cat}: ${a.title}`));
    console.log(`\n${p.page}: top opportunities`);
    for (const o of p.opportunities) console.log(`  - ${o.title}${o.displayValue ? ` (${o.displayValue})` : ""}`);
    if (!p.opportunities.length) console.log("  (none)");
    console.log(`${p.page}: failed audits`);
    for (const f of failed) console.log(`  - ${f}`);
    if (!failed.length) console.log("  (none)");
  }

  const jsKB = weight.totals.jsGzipBytes / KB;
  const targets = {
    firstLoadJsGzipKB: { target: `<= ${TARGETS.firstLoadJsGzipKB}`, actual: Number(jsKB.toFixed(1)), met: jsKB <= TARGETS.firstLoadJsGzipKB },
    ...Object.fromEntries(
      pages.flatMap((p) => [
        [`performance ${p.page}`, { target: `>= ${TARGETS.performance}`, actual: p.scores.performance, met: (p.scores.performance ?? 0) >= TARGETS.performance }],
        [`accessibility ${p.page}`, { target: `>= ${TARGETS.accessibility}`, actual: p.scores.accessibility, met: (p.scores.accessibility ?? 0) >= TARGETS.accessibility }],
      ]),
    ),
  };
  const targetsMet = printTargets(targets);

  const result = {
    bench: "landing",
    date: new Date().toISOString(),
    revision: gitRevision(),
    command: "npm run bench -- landing",
    machine: machineFacts(loadBefore),
    lighthouse: { version: pages[0]?.lighthouseVersion, formFactor: "mobile (default config, simulated throttling)", runsPerPage: runs, userAgent: pages[0]?.userAgent },
    firstLoad: weight,
    pages,
    targets,
    targetsMet,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, RESULTS)} (${result.durationSeconds}s).`);
  return result;
}
