// Rejected bodies must not stay in memory (issue #13: 600 deeply nested sign-in bodies took the
// process from ~200 MB to ~750 MB, and it kept growing). The app runs in a child process on a real
// port; a few hundred rejected bodies of each kind go to the auth routes and one API route, twice,
// and the second round must leave resident memory about where the first left it.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Requests per kind and path in a round; the deep bodies the outside test used go to sign-in most. */
const PER_PATH = 100;
const DEEP_TO_SIGN_IN = 300;
let child: ChildProcess;
let base: string;

function ask<T>(message: { type: string }): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (reply) => resolve(reply as T));
    child.send(message);
  });
}

beforeAll(async () => {
  child = fork(fileURLToPath(new URL("./memory-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once("message", (m) => resolve(m as { port: number })));
  base = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(async () => {
  child.send({ type: "stop" });
  await new Promise((r) => child.once("exit", r));
});

const deepJson = `${'{"a":'.repeat(40_000)}1${"}".repeat(40_000)}`; // ~240 KB, 40,000 levels
const withNul = JSON.stringify({ email: `a${"\u0000".repeat(30_000)}@example.com`, password: "x".repeat(30_000) }); // ~200 KB
const plainText = "x".repeat(200_000);
const oversized = JSON.stringify({ email: "a@example.com", password: "y".repeat(300_000) }); // over the 256 KB limit

const KINDS: Array<{ name: string; body: string; type: string }> = [
  { name: "deep JSON", body: deepJson, type: "application/json" },
  { name: "NUL characters", body: withNul, type: "application/json" },
  { name: "wrong content type", body: plainText, type: "text/plain" },
  { name: "oversized", body: oversized, type: "application/json" },
];
const PATHS = ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/v1/licenses/validate"];

async function round() {
  const statuses = new Map<string, Set<number>>();
  for (const kind of KINDS) {
    const paths = PATHS.flatMap((path) => Array<string>(kind.name === "deep JSON" && path.endsWith("/sign-in/email") ? DEEP_TO_SIGN_IN : PER_PATH).fill(path));
    for (const [i, path] of paths.entries()) {
      const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": kind.type, origin: "http://localhost:3000", "x-forwarded-for": `10.77.${i % 200}.1` }, body: kind.body });
      await res.arrayBuffer();
      const key = `${kind.name} ${path}`;
      if (!statuses.has(key)) statuses.set(key, new Set());
      statuses.get(key)!.add(res.status);
    }
  }
  return statuses;
}

describe("memory under rejected bodies", () => {
  it("a second round of rejected bodies leaves resident memory within 20 MB of the first", { timeout: 120_000 }, async () => {
    const first = await round();
    // Every one refused with a 4xx (never a 5xx, never accepted).
    for (const [key, seen] of first) for (const status of seen) expect(status >= 400 && status < 500, `${key}: ${status}`).toBe(true);
    const after1 = (await ask<{ rss: number }>({ type: "rss" })).rss;
    await round();
    const after2 = (await ask<{ rss: number }>({ type: "rss" })).rss;
    const growthMb = (after2 - after1) / 2 ** 20;
    console.info(`memory: after round 1 ${(after1 / 2 ** 20).toFixed(0)} MB, after round 2 ${(after2 / 2 ** 20).toFixed(0)} MB (${growthMb.toFixed(1)} MB)`);
    expect(growthMb).toBeLessThan(20);
  });
});
