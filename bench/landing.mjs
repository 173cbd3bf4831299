// Landing-page benchmark: what the first visit to / costs, and what Lighthouse (mobile) thinks
// of / and /faq. Starts the real server (building first when the build is stale) on free ports
// with a throw-away DATA_DIR, measures, prints a table, writes bench/results/landing.json, and
// stops everything it started.
//
// Targets: first-load JS <= 120 KB gzip; Lighthouse performance >= 95 and accessibility >= 95.
//
// The server, Lighthouse and the report are shared with the dashboard bench: page-server.mjs,
// lighthouse.mjs, report.mjs.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { startServer } from "./page-server.mjs";
import { lighthouseMedian } from "./lighthouse.mjs";
import { kb, printTable, printTargets, resultHeader, writeResult } from "./report.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = ["/", "/faq"];
const TARGETS = { firstLoadJsGzipKB: 120, performance: 95, accessibility: 95 };
const KB = 1024;

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
    // --runs=0: the weights only (no Lighthouse), as the dashboard bench does.
    if (runs > 0) for (const page of PAGES) pages.push(await lighthouseMedian(server.origin, page, runs));
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

  if (pages.length) {
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
  }
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

  return writeResult(
    {
      ...resultHeader("landing", loadBefore),
      lighthouse: { version: pages[0]?.lighthouseVersion, formFactor: "mobile (default config, simulated throttling)", runsPerPage: runs, userAgent: pages[0]?.userAgent },
      firstLoad: weight,
      pages,
      targets,
      targetsMet,
    },
    started,
  );
}
