import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { appOnly, bothDoors, callerAddress, doorRuleOf, middlewareBefore, requestIdOf } from "./request-edge";

describe("middlewareBefore", () => {
  it("lists, in order, what the app runs before a route's own handlers, and finds an undeclared one", () => {
    const app = new Hono();
    const frame = bothDoors(async (_c, next) => next(), "shared");
    const pages = appOnly(async (_c, next) => next(), "pages only");
    const added = async (_c: unknown, next: () => Promise<void>) => next();
    app.use("*", frame);
    app.use("/api/*", pages, added);
    app.use("/other/*", async (_c, next) => next());
    const tool = new Hono();
    tool.post("/v1/check", (c) => c.text("ok"));
    app.route("/api", tool);
    app.use("/api/*", async (_c, next) => next()); // after the route: never reached by it

    const before = middlewareBefore(app, "POST", "/api/v1/check");
    expect(before.map((route) => route.path)).toEqual(["/*", "/api/*", "/api/*"]);
    expect(before.map((route) => doorRuleOf(route.handler)?.doors)).toEqual(["both", "app", undefined]);
  });

  it("refuses a path the app does not answer itself", () => {
    const app = new Hono();
    app.use("*", async (_c, next) => next());
    expect(() => middlewareBefore(app, "POST", "/nowhere")).toThrow(/no POST \/nowhere/);
  });
});

describe("the request frame's rules", () => {
  it("keeps a safe request id and replaces an unsafe or missing one", () => {
    expect(requestIdOf("abc-123.x:y_z")).toBe("abc-123.x:y_z");
    expect(requestIdOf("bad id\n")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(["a", "b"])).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("believes X-Forwarded-For only behind a trusted proxy, and then its first address", () => {
    expect(callerAddress("203.0.113.7, 10.0.0.1", "127.0.0.1", true)).toBe("203.0.113.7");
    expect(callerAddress("203.0.113.7", "127.0.0.1", false)).toBe("127.0.0.1");
    expect(callerAddress(undefined, undefined, true)).toBe("unknown");
  });
});
