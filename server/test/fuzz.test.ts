// Property-based fuzzing of every JSON and query-string endpoint (fast-check), in process over
// one shared context: the routes come from the OpenAPI document (parameters and body schemas)
// and from Hono's route table (everything else, with hints below), so a new route is fuzzed
// without being added here. Requests are mostly almost right (values from the schemas and the
// real ids of the seeded accounts) with wrong parts: wrong types, huge, negative and NaN numbers,
// long and unicode strings, NUL and control characters, lone UTF-16 surrogates, missing and extra fields, malformed JSON, odd content
// types, odd query strings and path parameters, as nobody, a signed-in user, an API key and (for
// the admin console) a super-admin. Every answer must be below 500, every refusal a 4xx
// with a JSON body { code, message }, and every answer of a documented operation one the OpenAPI
// document promises: its status listed, its body valid against that status's schema (contract.ts).
//
// FUZZ_SEED=<n> replays a run (a failure prints its seed and path); FUZZ_SEED=random explores;
// FUZZ_REQUESTS sets the total (default 10,500).
//
// The pieces: fuzz/context.ts (the app and its callers), fuzz/values.ts (the generators),
// fuzz/targets.ts (the routes), fuzz/requests.ts (a request and the check of its answer).
// What the fuzzer found, pinned down: fuzz-regressions.test.ts; text that is not text:
// fuzz-text-refusals.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiPath, registeredRoutes } from "./authz";
import { base, contract, t, user } from "./fuzz/context";
import { check, requestOf, send, traffic } from "./fuzz/requests";
import { SKIPPED, targets, type Target } from "./fuzz/targets";

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);
/** FUZZ_SURVEY=1: collect every failure instead of stopping at the first (for finding them all). */
const SURVEY: string[] | undefined = process.env.FUZZ_SURVEY ? [] : undefined;
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261122);

// ---------------------------------------------------------------------------------------------
// The runs.

const TARGETS = targets();
const totalWeight = TARGETS.reduce((sum, x) => sum + (x.weight ?? 1), 0);
const runsOf = (target: Target) => Math.max(20, Math.round((TOTAL * (target.weight ?? 1)) / totalWeight));

describe("fuzzing", () => {
  it("covers every route of the app but the web app's files", () => {
    const fuzzed = new Set(TARGETS.map((x) => `${x.method} ${openApiPath(x.route)}`));
    for (const key of registeredRoutes(t.app)) {
      if (key in SKIPPED) continue;
      const [method, path] = key.split(" ") as [string, string];
      expect(fuzzed.has(key) || (method === "ALL" && [...fuzzed].some((f) => f.endsWith(` ${path}`))), key).toBe(true);
    }
  });

  for (const target of TARGETS) {
    const runs = runsOf(target);
    it(`${target.method} ${target.route} (${runs} requests)`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(target), async (req) => {
          const res = await send(target.method, req);
          if (!SURVEY) return check(target.method, req, res, target.foreignShape);
          try {
            check(target.method, req, res, target.foreignShape);
          } catch (err) {
            SURVEY.push((err as Error).message.split("\n")[0]!.slice(0, 400));
          }
        }),
        { numRuns: runs, seed: SEED },
      );
    });
  }

  it("sent at least 10,000 requests, and the app still answers", async () => {
    if (TOTAL >= 10_000) expect(traffic.sent).toBeGreaterThanOrEqual(10_000);
    expect((await t.app.request("/healthz")).status).toBe(200);
    expect((await t.app.request("/api/plans")).status).toBe(200);
    const me = await t.app.request(`${base}/api/me`, { headers: { cookie: user.cookie } });
    expect(me.status).toBe(200);
    expect(contract.unchecked(), "documented operations whose answers the contract test never saw").toEqual([]);
    if (SURVEY) console.info(`fuzz survey: ${SURVEY.length} failures\n${[...new Set(SURVEY)].join("\n")}`);
    console.info(`fuzz: ${traffic.sent} requests over ${TARGETS.length} endpoints (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...traffic.statuses].sort((a, b) => a[0] - b[0])))}`);
  });
});
