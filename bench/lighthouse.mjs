// Lighthouse (mobile, default config) over Chromium for the page benchmarks: one run, and the median
// of several by performance with its scores, metrics, opportunities and failed audits.

import { CHROMIUM_PATH as CHROME_PATH, QUIET_CHROMIUM_FLAGS } from "../scripts/chromium.mjs";

const CHROME_FLAGS = ["--headless=new", ...QUIET_CHROMIUM_FLAGS];
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

async function lighthouseOnce(url, { extraHeaders, categories = CATEGORIES } = {}) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  // Through the bench's Caddy (page-server.mjs startProxy) the certificate is its local CA's.
  const chromeFlags = url.startsWith("https://localhost:") ? [...CHROME_FLAGS, "--ignore-certificate-errors"] : CHROME_FLAGS;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags, logLevel: "silent" });
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

/** The first few elements an audit names (a failed contrast, a shifted card): what to look at. */
function nodesOf(audit) {
  return (audit.details?.items ?? [])
    .filter((item) => item.node?.snippet)
    .slice(0, 3)
    .map(({ node }) => `${node.snippet.slice(0, 120)}${node.nodeLabel ? ` "${node.nodeLabel.slice(0, 120)}"` : ""}`);
}

function summarise(lhr, categories = CATEGORIES) {
  const audit = (id) => lhr.audits[id];
  const metric = (id) => ({ value: audit(id)?.numericValue ?? null, display: audit(id)?.displayValue ?? null });
  const failedIn = (categoryId) =>
    lhr.categories[categoryId].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => audit(ref.id))
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? null, nodes: nodesOf(a) }));

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
      nodes: nodesOf(a),
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
    protocols: [...new Set((audit("network-requests")?.details?.items ?? []).map((r) => r.protocol).filter(Boolean))],
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** Lighthouse (mobile) `runs` times on a page: the median run by performance, and every score. */
export async function lighthouseMedian(origin, pathname, runs, { extraHeaders, categories = CATEGORIES } = {}) {
  // A function gives each run its own headers (dashboard.mjs: a session signed in just before).
  const once = async () => {
    const headers = typeof extraHeaders === "function" ? await extraHeaders() : extraHeaders;
    return summarise(await lighthouseOnce(`${origin}${pathname}`, { extraHeaders: headers, categories }), categories);
  };
  const summaries = [];
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`  lighthouse ${pathname} run ${i + 1}/${runs}… `);
    let summary = await once();
    // NO_NAVSTART and its kin ("Please run Lighthouse again"): a trace Chromium failed to record,
    // about one run in fifteen here. Run it again once rather than rank one run fewer.
    if (summary.runtimeError && /run Lighthouse again/i.test(summary.runtimeError)) {
      process.stdout.write(`failed (${summary.runtimeError.split(":")[0]}), again… `);
      summary = await once();
    }
    const lcp = summary.metrics.largestContentfulPaint.display;
    console.log(
      summary.runtimeError
        ? `failed (${summary.runtimeError})`
        : `performance ${summary.scores.performance}${summary.scores.accessibility == null ? "" : `, accessibility ${summary.scores.accessibility}`}, LCP ${lcp}` +
            `, CLS ${summary.metrics.cumulativeLayoutShift.display}` +
            // What failed, with the elements it names: a run unlike the others says why.
            Object.values(summary.failed)
              .flat()
              .map((a) => `; ${a.id}: ${a.nodes.join(" | ") || a.title}`)
              .join(""),
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
