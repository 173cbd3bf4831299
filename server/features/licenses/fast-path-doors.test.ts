// One door, not two (issue #28): every middleware the app runs in front of the licence calls is
// declared either as honoured by the node fast path too (`bothDoors`) or as not concerning those
// calls (`appOnly`), in server/lib/request-edge.ts. A middleware added to the app without saying
// which fails here, instead of being silently skipped by the fast path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doorRuleOf, middlewareBefore } from "../../lib/request-edge";
import { createTestContext, type TestContext } from "../../test/harness";
import { TOOL_BODIES } from "./tool-routes";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const FAST_PATHS = Object.keys(TOOL_BODIES).map((path) => `/api${path}`);

describe("the middleware in front of the fast path's routes", () => {
  it("covers the three licence calls", () => {
    expect(FAST_PATHS.sort()).toEqual(["/api/v1/licenses/activate", "/api/v1/licenses/change-key", "/api/v1/licenses/validate"]);
  });

  it.each(FAST_PATHS)("POST %s: each is honoured by the fast path or declared not to concern it", (path) => {
    const before = middlewareBefore(ctx.app, "POST", path);
    const undeclared = before.filter((route) => doorRuleOf(route.handler) === undefined).map((route) => `${route.method} ${route.path} (${(route.handler as { name?: string }).name || "anonymous"})`);
    expect(undeclared).toEqual([]);
    // The request frame, the security headers, the body limit and the JSON depth are the shared ones.
    expect(before.filter((route) => doorRuleOf(route.handler)?.doors === "both").length).toBeGreaterThanOrEqual(4);
  });
});
