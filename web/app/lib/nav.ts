import { HistoryIcon, HomeIcon, KeyRoundIcon, UserIcon } from "lucide-react";
import { type ComponentType } from "react";
import { matchPath } from "react-router";

import { DASHBOARD_PAGES, type Access, type DashboardPage, type MenuPage } from "~/lib/dashboard-pages";
import type { CurrentUser } from "~/lib/api";
import { lazyNamed } from "~/lib/lazy-component";
import type { LaterMenuKey } from "~/lib/nav-icons-later";

export type { Access };

export type NavEntry = {
  /** The English title (the spec's); shown in the reader's language as the shell namespace's `nav.<key>`. */
  title: string;
  key: string;
  url: string;
  /** A lucide icon, or (admin and reseller entries) one loaded when first shown: render it inside Suspense. */
  icon: NavIcon;
  /** Who sees the entry in the sidebar menu. */
  menu: Access;
  /** Who may open the page; null for pages outside the dashboard (e.g. Home). */
  page: Access | null;
};

export type NavIcon = ComponentType<{ "aria-hidden"?: boolean | "true"; className?: string }>;

/** The menu pages every signed-in user sees; the others' icons are in lib/nav-icons-later.ts. */
type CustomerMenuKey = Extract<MenuPage, { menu: "user" }>["key"];
type OtherMenuKey = Exclude<MenuPage["key"], CustomerMenuKey>;
// nav-icons-later.ts has an icon for every other menu page, and for nothing else (does not compile otherwise).
const LATER_KEYS_MATCH: [OtherMenuKey, LaterMenuKey] extends [LaterMenuKey, OtherMenuKey] ? true : never = true;
void LATER_KEYS_MATCH;

/**
 * Each menu page's icon (a page added to the table without one does not compile). A customer's
 * sidebar shows only the pages every user sees; the admin and reseller entries' icons
 * (lib/nav-icons-later.ts) load when a sidebar first shows one, about 2 KB off every customer's
 * first load (issue #28 item 5, decision 084).
 */
const CUSTOMER_MENU_ICONS: Record<CustomerMenuKey, NavIcon> = {
  profile: UserIcon,
  licenseKeys: KeyRoundIcon,
  licenseHistory: HistoryIcon,
};
const laterIcons = () => import("~/lib/nav-icons-later").then((m) => m.LATER_ICONS);

function menuIcon(page: MenuPage): NavIcon {
  return page.menu === "user" ? CUSTOMER_MENU_ICONS[page.key as CustomerMenuKey] : (lazyNamed(laterIcons, page.key as LaterMenuKey) as NavIcon);
}

function isMenuPage(page: (typeof DASHBOARD_PAGES)[number]): page is MenuPage {
  return page.menu !== null;
}

/** The sidebar: Home, then the dashboard pages of lib/dashboard-pages.ts that have a menu entry. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { title: "Home", key: "home", url: "/", icon: HomeIcon, menu: "user", page: null },
  ...DASHBOARD_PAGES.filter(isMenuPage).map((page) => ({
    title: page.title,
    key: page.key,
    url: `/${page.path}`,
    icon: menuIcon(page),
    menu: page.menu,
    page: page.page,
  })),
];

/** Who the guards look at: the role, the super-admin flag and (for the Reseller page) the reseller flag. */
type Viewer = Pick<CurrentUser, "role" | "superAdmin"> & Partial<Pick<CurrentUser, "reseller">>;

export function hasAccess(user: Viewer, access: Access) {
  switch (access) {
    case "user":
      return true;
    case "admin":
      return user.role === "admin";
    case "superAdmin":
      // As on the server: the super-admin flag counts only together with the admin role.
      return user.role === "admin" && user.superAdmin === true;
    case "reseller":
      // The account's own flag, whatever its role: an admin is not a reseller by being one.
      return user.reseller === true;
  }
}

export function menuEntriesFor(user: Viewer) {
  return NAV_ENTRIES.filter((entry) => hasAccess(user, entry.menu));
}

export function findNavEntry(pathname: string): NavEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return NAV_ENTRIES.find((entry) => entry.url === path);
}

/** The menu entry or dashboard page at this path: its title and who may open it. */
export function findPage(pathname: string): Pick<DashboardPage, "title" | "key"> & { page: Access | null } | undefined {
  return (
    findNavEntry(pathname) ??
    DASHBOARD_PAGES.find((page) => matchPath(`/${page.path}`, pathname) !== null)
  );
}

/** A customer's page: /customers/<e-mail, URL-encoded>. */
export function customerPath(email: string) {
  return `/customers/${encodeURIComponent(email)}`;
}

/** Whether the user may open a dashboard page; pages not in the table only need a session. */
export function canOpenPage(user: Viewer, pathname: string) {
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
