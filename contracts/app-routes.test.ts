import { describe, expect, it } from "vitest";
import routes from "../web/app/routes";
import { APP_PATH_PATTERNS, APP_PATHS, isAppPath } from "./app-routes";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every concrete page path of the route file (layouts contribute their children; "*" is no page). */
function pathsOf(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => {
    if (r.children) return pathsOf(r.children);
    if (r.index) return ["/"];
    return r.path && r.path !== "*" ? [`/${r.path}`] : [];
  });
}

describe("the app's pages", () => {
  it("are exactly the routes of web/app/routes.ts", () => {
    expect([...APP_PATHS, ...APP_PATH_PATTERNS].sort()).toEqual(pathsOf(routes as RouteEntry[]).sort());
  });

  it("are recognised with or without a trailing slash, and nothing else is", () => {
    expect(isAppPath("/license-keys")).toBe(true);
    expect(isAppPath("/license-keys/")).toBe(true);
    expect(isAppPath("/")).toBe(true);
    expect(isAppPath("/license-keys/extra")).toBe(false);
    expect(isAppPath("/no-such-page")).toBe(false);
    expect(isAppPath("/LICENSE-KEYS")).toBe(false);
    // A page with a parameter: one segment, whatever it holds (an e-mail has a dot).
    expect(isAppPath("/customers/someone@example.com")).toBe(true);
    expect(isAppPath("/customers/")).toBe(false);
    expect(isAppPath("/customers/a/b")).toBe(false);
  });
});
