// A dashboard page's first load, asked for at once (issue #28 item 5, decision 073). The SPA
// fallback (build/client/__spa-fallback.html) is rendered for "/", so its <head> preloads the root
// route's modules only: the page's own route modules were fetched after hydration, each chunk's
// imports found one level at a time (a round trip each on a phone), and the signed-in user
// (GET /api/me) was asked for only once the dashboard layout had rendered. Before hydrating,
// entry.client.tsx preloads every module of the routes the address matches and, on a dashboard
// page, sends GET /api/me and the page's first data requests; the API client (lib/api.ts) takes
// those answers instead of asking again.
import { matchRoutes, type RouteObject } from "react-router";

import { requestEarly } from "~/lib/early-requests";

/** What React Router's build writes into window.__reactRouterManifest, as far as read here. */
export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};

/** The dashboard layout's route id (routes.ts): its pages need the signed-in user first. */
const DASHBOARD_LAYOUT = "routes/dashboard-layout";
/**
 * A page's first data requests when its address has no search (no filter, the first page), as its
 * API client sends them (features/<page>/api.ts). One that drifts is only not taken (the page asks
 * again); pages whose first request depends on the day (transactions, OTP orders) are not here.
 */
export const FIRST_REQUESTS: Record<string, readonly string[]> = {
  "routes/license-keys": ["/api/licenses"],
  "routes/license-history": ["/api/license-history?page=1&pageSize=50"],
  "routes/profile": ["/api/profile", "/api/api-key", "/api/balance"],
};
/** The routes a path matches, outermost first, from the build's route manifest. */
export function matchedRoutes(routes: Record<string, ManifestRoute>, pathname: string): ManifestRoute[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
    );
  return (matchRoutes(tree(undefined), pathname) ?? []).map((match) => routes[match.route.id!]!);
}

/** Every module of the routes, minus those the document already preloads. */
export function modulesToPreload(matched: ManifestRoute[], doc: Document = document): string[] {
  const present = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")));
  const wanted = new Set(matched.flatMap((route) => [route.module, ...(route.imports ?? [])]));
  return [...wanted].filter((href) => !present.has(href));
}

/**
 * On the SPA fallback only (a prerendered page lists its own modules): preload the matched
 * routes' modules and, on a dashboard page, ask for the signed-in user.
 */
export function startEarlyLoad() {
  const context = (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext;
  const manifest = (window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } }).__reactRouterManifest;
  if (!context?.isSpaMode || !manifest) return;
  const matched = matchedRoutes(manifest.routes, location.pathname);
  if (matched.some((route) => route.id === DASHBOARD_LAYOUT)) {
    requestEarly("/api/me");
    if (!location.search) for (const route of matched) for (const path of FIRST_REQUESTS[route.id] ?? []) requestEarly(path);
  }
  for (const href of modulesToPreload(matched)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}
