import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

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
  layout("routes/dashboard-layout.tsx", [
    route("overview", "routes/overview.tsx"),
    route("profile", "routes/profile.tsx"),
    route("license-keys", "routes/license-keys.tsx"),
    route("license-history", "routes/license-history.tsx"),
    route("transactions-history", "routes/transactions-history.tsx"),
    route("transactions-gmail", "routes/transactions-gmail.tsx"),
    route("user-management", "routes/user-management.tsx"),
    route("manage-balance", "routes/manage-balance.tsx"),
    route("audit-log", "routes/audit-log.tsx"),
    route("customers/:email", "routes/customer.tsx"),
    route("webhooks", "routes/webhooks.tsx"),
    route("otp-gmail", "routes/otp-gmail.tsx"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
