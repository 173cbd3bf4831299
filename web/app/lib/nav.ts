import {
  BanknoteIcon,
  HistoryIcon,
  HomeIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MailCheckIcon,
  ReceiptTextIcon,
  ScrollTextIcon,
  UserCogIcon,
  UserIcon,
  WalletIcon,
  WebhookIcon,
  type LucideIcon,
} from "lucide-react";

import type { CurrentUser } from "~/lib/api";

/**
 * Who may see something: any signed-in user, an admin (role === "admin"), or a super admin
 * (the extra privileged flag). The server enforces the same rules; this only shapes the UI.
 */
export type Access = "user" | "admin" | "superAdmin";

export type NavEntry = {
  /** The English title (the spec's); shown in the reader's language as the shell namespace's `nav.<key>`. */
  title: string;
  key: string;
  url: string;
  icon: LucideIcon;
  /** Who sees the entry in the sidebar menu. */
  menu: Access;
  /** Who may open the page; null for pages outside the dashboard (e.g. Home). */
  page: Access | null;
};

/** The single table behind both the sidebar and the dashboard route guard. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { title: "Home", key: "home", url: "/", icon: HomeIcon, menu: "user", page: null },
  { title: "Overview", key: "overview", url: "/overview", icon: LayoutDashboardIcon, menu: "admin", page: "admin" },
  { title: "Profile", key: "profile", url: "/profile", icon: UserIcon, menu: "user", page: "user" },
  { title: "License Keys", key: "licenseKeys", url: "/license-keys", icon: KeyRoundIcon, menu: "user", page: "user" },
  {
    title: "License History",
    key: "licenseHistory",
    url: "/license-history",
    icon: HistoryIcon,
    menu: "user",
    page: "user",
  },
  {
    title: "Transactions History",
    key: "transactionsHistory",
    url: "/transactions-history",
    icon: ReceiptTextIcon,
    menu: "admin",
    page: "user",
  },
  {
    title: "Transactions Gmail",
    key: "transactionsGmail",
    url: "/transactions-gmail",
    icon: MailCheckIcon,
    menu: "admin",
    page: "admin",
  },
  { title: "OTP Gmail", key: "otpGmail", url: "/otp-gmail", icon: WalletIcon, menu: "admin", page: "user" },
  {
    title: "User Management",
    key: "userManagement",
    url: "/user-management",
    icon: UserCogIcon,
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Manage Balance",
    key: "manageBalance",
    url: "/manage-balance",
    icon: BanknoteIcon,
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Audit Log",
    key: "auditLog",
    url: "/audit-log",
    icon: ScrollTextIcon,
    menu: "superAdmin",
    page: "superAdmin",
  },
  {
    title: "Webhooks",
    key: "webhooks",
    url: "/webhooks",
    icon: WebhookIcon,
    menu: "superAdmin",
    page: "superAdmin",
  },
];

export function hasAccess(user: Pick<CurrentUser, "role" | "superAdmin">, access: Access) {
  switch (access) {
    case "user":
      return true;
    case "admin":
      return user.role === "admin";
    case "superAdmin":
      // As on the server: the super-admin flag counts only together with the admin role.
      return user.role === "admin" && user.superAdmin === true;
  }
}

export function menuEntriesFor(user: Pick<CurrentUser, "role" | "superAdmin">) {
  return NAV_ENTRIES.filter((entry) => hasAccess(user, entry.menu));
}

export function findNavEntry(pathname: string): NavEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return NAV_ENTRIES.find((entry) => entry.url === path);
}

/** Dashboard pages opened from other pages, not from the menu: who may open them, and their title. */
export const INNER_PAGES: readonly { title: string; key: string; prefix: string; page: Access }[] = [
  // A customer's page, from the admin shell's search (issue #16).
  { title: "Customer", key: "customer", prefix: "/customers/", page: "admin" },
];

/** The menu entry or inner page at this path: its title and who may open it. */
export function findPage(pathname: string): { title: string; key: string; page: Access | null } | undefined {
  return findNavEntry(pathname) ?? INNER_PAGES.find((inner) => pathname.startsWith(inner.prefix));
}

/** A customer's page: /customers/<e-mail, URL-encoded>. */
export function customerPath(email: string) {
  return `/customers/${encodeURIComponent(email)}`;
}

/** Whether the user may open a dashboard page; pages not in the table only need a session. */
export function canOpenPage(user: Pick<CurrentUser, "role" | "superAdmin">, pathname: string) {
  const page = findPage(pathname)?.page ?? "user";
  return hasAccess(user, page);
}

/** The account has a second factor: an authenticator app or a passkey (decisions 018, 038). */
export function hasSecondFactor(user: Pick<CurrentUser, "twoFactorEnabled" | "passkeyEnabled">) {
  return user.twoFactorEnabled || user.passkeyEnabled;
}

/**
 * What the dashboard must ask for before showing a page (decisions 018, 038): "code" when the
 * account has a second factor (an authenticator app or a passkey) and this session has not passed
 * it (the server refuses everything else until it has), "enrol" on an admin page when the admin
 * has none yet, or null.
 */
export function secondFactorDue(
  user: Pick<CurrentUser, "role" | "twoFactorEnabled" | "passkeyEnabled" | "secondFactorVerified">,
  pathname: string,
): "code" | "enrol" | null {
  if (hasSecondFactor(user) && !user.secondFactorVerified) return "code";
  const page = findPage(pathname)?.page;
  if (user.role === "admin" && !hasSecondFactor(user) && (page === "admin" || page === "superAdmin")) return "enrol";
  return null;
}

export const DASHBOARD_HOME = "/dashboard";
export const BRAND_NAME = "Keyshop";
