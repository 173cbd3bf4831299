// The guard's verdict (bench/guard.mjs), kept pure so a unit test can hold it: each measured ratio
// (Keyshop's throughput ÷ the bare Node server's in the same run) against its recorded baseline.

/** A ratio may fall this far below its baseline (15%) before the guard fails. */
export const TOLERANCE = 0.15;

/**
 * @param {Record<string, number>} measured name → ratio measured now
 * @param {{ entries: Record<string, { ratio: number, note: string }> }} baselines bench/baselines.json
 * @param {number} [tolerance]
 * @returns {{ ok: boolean, rows: Array<{ name: string, ratio: number | null, baseline: number | null, change: number | null, verdict: "pass" | "FAIL" | "no baseline" | "not measured" }> }}
 */
export function compareWithBaselines(measured, baselines, tolerance = TOLERANCE) {
  const names = [...new Set([...Object.keys(baselines.entries), ...Object.keys(measured)])];
  const rows = names.map((name) => {
    const ratio = Number.isFinite(measured[name]) ? measured[name] : null;
    const baseline = baselines.entries[name]?.ratio ?? null;
    if (baseline === null) return { name, ratio, baseline, change: null, verdict: "no baseline" };
    if (ratio === null) return { name, ratio, baseline, change: null, verdict: "not measured" };
    const change = ratio / baseline - 1;
    // The floor is the baseline less 15% of itself; a ratio exactly on it passes.
    return { name, ratio, baseline, change, verdict: ratio >= baseline * (1 - tolerance) - 1e-12 ? "pass" : "FAIL" };
  });
  // A baseline that was not measured fails too: a guard that silently skips a benchmark guards nothing.
  return { ok: rows.every((r) => r.verdict === "pass" || r.verdict === "no baseline"), rows };
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;

/** The table the guard prints (Markdown, so it can go into docs/benchmarks.md as it is). */
export function formatTable(rows, tolerance = TOLERANCE) {
  const lines = [`| benchmark | ratio to bare now | baseline | change | verdict (fails below −${Math.round(tolerance * 100)}%) |`, "|---|---:|---:|---:|---|"];
  for (const r of rows) {
    const change = r.change === null ? "" : `${r.change >= 0 ? "+" : "−"}${pct(Math.abs(r.change))}`;
    lines.push(`| ${r.name} | ${r.ratio === null ? "" : pct(r.ratio)} | ${r.baseline === null ? "" : pct(r.baseline)} | ${change} | ${r.verdict} |`);
  }
  return lines.join("\n");
}
