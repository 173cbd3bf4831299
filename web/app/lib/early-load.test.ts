// The first load's early requests (decision 073): which modules a dashboard address preloads, and
// the API client taking an early answer once.
import { afterEach, describe, expect, it, vi } from "vitest";

import { licensesApi } from "~/features/licenses/api";
import { accountApi } from "~/features/profile/api";

import { FIRST_REQUESTS, matchedRoutes, modulesToPreload, type ManifestRoute } from "./early-load";
import { requestEarly, takeEarly } from "./early-requests";

const ROUTES: Record<string, ManifestRoute> = {
  root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/framework.js"] },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home.js" },
  "routes/dashboard-layout": { id: "routes/dashboard-layout", parentId: "root", module: "/assets/layout.js", imports: ["/assets/framework.js", "/assets/query.js"] },
  "routes/license-keys": { id: "routes/license-keys", parentId: "routes/dashboard-layout", path: "license-keys", module: "/assets/license-keys.js", imports: ["/assets/query.js", "/assets/table.js"] },
  "routes/customer": { id: "routes/customer", parentId: "routes/dashboard-layout", path: "customers/:email", module: "/assets/customer.js" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: "/assets/not-found.js" },
};

describe("the routes of an address", () => {
  it("finds a dashboard page under its layout, and a page with a parameter", () => {
    expect(matchedRoutes(ROUTES, "/license-keys").map((r) => r.id)).toEqual(["root", "routes/dashboard-layout", "routes/license-keys"]);
    expect(matchedRoutes(ROUTES, "/customers/a@b.com").map((r) => r.id)).toEqual(["root", "routes/dashboard-layout", "routes/customer"]);
    expect(matchedRoutes(ROUTES, "/").map((r) => r.id)).toEqual(["root", "routes/home"]);
    expect(matchedRoutes(ROUTES, "/nowhere").map((r) => r.id)).toEqual(["root", "routes/not-found"]);
  });

  it("preloads each module once, not those the page already preloads", () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/root.js"><link rel="modulepreload" href="/assets/framework.js">';
    expect(modulesToPreload(matchedRoutes(ROUTES, "/license-keys"))).toEqual(["/assets/layout.js", "/assets/query.js", "/assets/license-keys.js", "/assets/table.js"]);
    document.head.innerHTML = "";
  });
});

describe("an early answer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is taken once, by a GET of the same address", async () => {
    const answer = new Response("{}");
    const fetch = vi.fn(() => Promise.resolve(answer));
    vi.stubGlobal("fetch", fetch);
    requestEarly("/api/me");
    expect(fetch).toHaveBeenCalledWith("/api/me", { credentials: "same-origin", headers: { Accept: "application/json" } });
    expect(takeEarly(new Request("http://localhost:3000/api/me", { method: "POST" }))).toBeUndefined();
    expect(takeEarly(new Request(`${location.origin}/api/me?x=1`))).toBeUndefined();
    expect(await takeEarly(new Request(`${location.origin}/api/me`))).toBe(answer);
    expect(takeEarly(new Request(`${location.origin}/api/me`))).toBeUndefined();
  });

  it("is asked for again when it was a refusal other than 401, or no answer", async () => {
    const fresh = new Response("{}");
    const fetch = vi.fn().mockResolvedValueOnce(new Response("{}", { status: 403 })).mockRejectedValueOnce(new TypeError("offline")).mockResolvedValue(fresh);
    vi.stubGlobal("fetch", fetch);
    requestEarly("/api/profile");
    requestEarly("/api/balance");
    expect(await takeEarly(new Request(`${location.origin}/api/profile`))).toBe(fresh);
    expect(await takeEarly(new Request(`${location.origin}/api/balance`))).toBe(fresh);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("is not used when it is old (the page asks afresh)", () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}"))));
    requestEarly("/api/me");
    vi.advanceTimersByTime(16_000);
    expect(takeEarly(new Request(`${location.origin}/api/me`))).toBeUndefined();
  });
});

describe("a page's first requests", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are the very addresses the pages' API clients ask for", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", vi.fn((request: Request) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      return Promise.resolve(Response.json({}));
    }));
    await licensesApi.list("");
    await licensesApi.history({ search: "", page: 1 });
    await Promise.all([accountApi.profile(), accountApi.apiKey(), accountApi.balance()]);
    expect(asked).toEqual([...FIRST_REQUESTS["routes/license-keys"]!, ...FIRST_REQUESTS["routes/license-history"]!, ...FIRST_REQUESTS["routes/profile"]!]);
  });
});
