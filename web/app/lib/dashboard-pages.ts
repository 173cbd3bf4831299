/**
 * Every dashboard page, once (issue #31): its path, its route module, its sidebar entry and who
 * may open it. web/app/routes.ts builds the dashboard layout's routes from this table, and
 * lib/nav.ts builds the sidebar and the route guard from it, so neither can name a page the other
 * lacks (decision 061). Plain data: routes.ts is read by React Router's build, so no React and no
 * icons here (lib/nav.ts gives each menu page its icon).
 */

/**
 * Who may see something: any signed-in user, an admin (role === "admin"), a super admin
 * (the extra privileged flag), or a reseller (the account's reseller flag, decision 080; an admin
 * who is not a reseller is not one). The server enforces the same rules; this only shapes the UI.
 */
export type Access = "user" | "admin" | "superAdmin" | "reseller";

export type DashboardPage = {
  /** The English title (the spec's); shown in the reader's language as the shell namespace's `nav.<key>`. */
  readonly title: string;
  readonly key: string;
  /** The route's path pattern under the dashboard layout, without the leading slash. */
  readonly path: string;
  /** The route module, relative to web/app. */
  readonly file: string;
  /** Who sees the page in the sidebar menu; null: opened from other pages only (e.g. a customer's page). */
  readonly menu: Access | null;
  /** Who may open the page. */
  readonly page: Access;
};

/** In the sidebar's order (after Home, which is not a dashboard page). */
export const DASHBOARD_PAGES = [
  { title: "Overview", key: "overview", path: "overview", file: "routes/overview.tsx", menu: "admin", page: "admin" },
  { title: "Profile", key: "profile", path: "profile", file: "routes/profile.tsx", menu: "user", page: "user" },
  {
    title: "License Keys",
    key: "licenseKeys",
    path: "license-keys",
    file: "routes/license-keys.tsx",
    menu: "user",
    page: "user",
  },
  {
    title: "License History",
    key: "licenseHistory",
    path: "license-history",
    file: "routes/license-history.tsx",
    menu: "user",
    page: "user",
  },
  // Bulk orders and their licences (decision 080): resellers only.
  { title: "Reseller", key: "reseller", path: "reseller", file: "routes/reseller.tsx", menu: "reseller", page: "reseller" },
  {
    title: "Transactions History",
    key: "transactionsHistory",
    path: "transactions-history",
    file: "routes/transactions-history.tsx",
    menu: "admin",
    page: "user",
  },
  {
    title: "Transactions Gmail",
    key: "transactionsGmail",
    path: "transactions-gmail",
    file: "routes/transactions-gmail.tsx",
    menu: "admin",
    page: "admin",
  },
  { title: "OTP Gmail", key: "otpGmail", path: "otp-gmail", file: "routes/otp-gmail.tsx", menu: "admin", page: "user" },
  {
    title: "User Management",
    key: "userManagement",
    path: "user-management",
    file: "routes/user-management.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Manage Balance",
    key: "manageBalance",
    path: "manage-balance",
    file: "routes/manage-balance.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Audit Log",
    key: "auditLog",
    path: "audit-log",
    file: "routes/audit-log.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Webhooks",
    key: "webhooks",
    path: "webhooks",
    file: "routes/webhooks.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Catalogue",
    key: "catalogue",
    path: "catalogue",
    file: "routes/catalogue.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Discount codes",
    key: "discounts",
    path: "discounts",
    file: "routes/discounts.tsx",
    menu: "superAdmin",
    page: "superAdmin",
  },
  // A discount code's page (decision 077): its uses, revenue, refunds and orders, from the list.
  {
    title: "Discount code",
    key: "discount",
    path: "discounts/:id",
    file: "routes/discount.tsx",
    menu: null,
    page: "superAdmin",
  },
  // A customer's page, from the admin shell's search (issue #16): /customers/<e-mail, URL-encoded>.
  {
    title: "Customer",
    key: "customer",
    path: "customers/:email",
    file: "routes/customer.tsx",
    menu: null,
    page: "admin",
  },
] as const satisfies readonly DashboardPage[];

export type DashboardPageKey = (typeof DASHBOARD_PAGES)[number]["key"];
export type MenuPage = Extract<(typeof DASHBOARD_PAGES)[number], { menu: Access }>;
