import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

import { DASHBOARD_PAGES } from "./lib/dashboard-pages";

export default [
  // Public pages ("/", "/faq", the legal pages and "/donation-success" are prerendered).
  index("routes/home.tsx"),
  route("faq", "routes/faq.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("donation-success", "routes/donation-success.tsx"),
  route("subscription_tool", "routes/subscription-tool.tsx"),
  route("subscription_tool_v2", "routes/subscription-tool-v2.tsx"),
  // An expiry reminder's signed renew link (decision 026): no sign-in.
  route("renew/:token", "routes/renew.tsx"),

  // Sign-in.
  route("auth", "routes/auth.tsx"),

  // Dashboard (client-rendered, behind the session and role guard of the layout).
  route("dashboard", "routes/dashboard.tsx"),
  // Its pages come from the one table of dashboard pages, which the sidebar and the guard read too
  // (lib/dashboard-pages.ts, decision 061).
  layout(
    "routes/dashboard-layout.tsx",
    DASHBOARD_PAGES.map((page) => route(page.path, page.file)),
  ),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
