// What the page benchmarks print and record: sizes, tables, targets met, and the result's header.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KB = 1024;

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

/** The fields every page benchmark's result starts with: which, when, at what revision, how run, on what machine. */
export function resultHeader(bench, loadBefore) {
  return { bench, date: new Date().toISOString(), revision: gitRevision(), command: `npm run bench -- ${bench}`, machine: machineFacts(loadBefore) };
}

/** Writes a page benchmark's result, with its duration since `started`, to bench/results/<bench>.json; says where; returns it. */
export function writeResult(fields, started) {
  const result = { ...fields, durationSeconds: Math.round((Date.now() - started) / 1000) };
  const file = path.join(ROOT, "bench", "results", `${result.bench}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, file)} (${result.durationSeconds}s).`);
  return result;
}
