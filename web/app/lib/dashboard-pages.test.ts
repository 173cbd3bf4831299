import { existsSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import routes from "../routes";
import { DASHBOARD_PAGES } from "./dashboard-pages";
import { canOpenPage, findPage, menuEntriesFor, NAV_ENTRIES } from "./nav";
import { SPEC_MENU } from "~/test/fixtures";

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };

// Vitest runs from the repository root.
const appDir = join(process.cwd(), "web/app");
const dashboardRoutes = (routes as RouteEntry[]).find((entry) => entry.file === "routes/dashboard-layout.tsx")?.children ?? [];

const user = { role: "user" as const, superAdmin: false };
const admin = { role: "admin" as const, superAdmin: false };
const superAdmin = { role: "admin" as const, superAdmin: true };

describe("the dashboard's pages, the routes and the sidebar (one table, decision 061)", () => {
  it("every route behind the dashboard guard is a page of the table, and every page a route with its module", () => {
    expect(dashboardRoutes.map((entry) => [entry.path, entry.file])).toEqual(
      DASHBOARD_PAGES.map((page) => [page.path, page.file]),
    );
    for (const page of DASHBOARD_PAGES) expect(existsSync(join(appDir, page.file)), page.file).toBe(true);
  });

  it("every sidebar entry but Home opens a dashboard route, and its guard is the page's", () => {
    const routePaths = new Set(dashboardRoutes.map((entry) => `/${entry.path}`));
    for (const entry of NAV_ENTRIES.filter((item) => item.url !== "/")) {
      expect(routePaths.has(entry.url), entry.url).toBe(true);
      expect(findPage(entry.url)).toMatchObject({ key: entry.key, page: entry.page });
    }
  });

  it("the menu each role sees (the spec's sidebar)", () => {
    const titles = (who: Parameters<typeof menuEntriesFor>[0]) => menuEntriesFor(who).map((entry) => entry.title);
    expect(titles(user)).toEqual(SPEC_MENU.member);
    expect(titles(admin)).toEqual(SPEC_MENU.admin);
    expect(titles(superAdmin)).toEqual(SPEC_MENU.superAdmin);
  });

  it("pages without a menu entry are still guarded (a customer's page: admins only)", () => {
    expect(findPage("/customers/a%40example.com")).toMatchObject({ key: "customer", page: "admin" });
    expect(canOpenPage(user, "/customers/a%40example.com")).toBe(false);
    expect(canOpenPage(admin, "/customers/a%40example.com")).toBe(true);
    expect(canOpenPage(admin, "/user-management")).toBe(false);
    expect(canOpenPage(superAdmin, "/user-management/")).toBe(true);
  });
});
