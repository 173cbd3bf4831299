// The dashboard's shell: the sidebar's menu for each role (a member, an admin, a super-admin; the
// current page marked), who is signed in with the theme toggle and Log out, the header's page name
// and the admin's customer search, and the skip link.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { SPEC_MENU, userFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

const signOut = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false }));
const toggleTheme = vi.hoisted(() => vi.fn());
const me = vi.hoisted(() => ({ value: null as unknown }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("~/features/session/use-sign-out", () => ({ useSignOut: () => signOut }));
vi.mock("~/lib/theme", () => ({ useTheme: () => ({ toggleTheme }) }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: me.value }), sessionKeys: { me: ["me"] } }));

const { AppSidebar } = await import("./app-sidebar");
const { SiteHeader } = await import("./site-header");
const { SkipLink } = await import("./skip-link");
const { SidebarProvider } = await import("./ui/sidebar");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  signOut.isPending = false;
  me.value = null;
});

const MEMBER = userFixture({ email: "dara.sok@example.com" });
const ADMIN = { ...MEMBER, role: "admin", name: "Sokha Chan", twoFactorEnabled: true, secondFactorVerified: true } as CurrentUser;
const SUPER = { ...ADMIN, superAdmin: true } as CurrentUser;

/** Stands in for the admin console's customer search, which the dashboard layout hands to the header. */
const CustomerSearch = ({ className }: { className?: string }) => <input aria-label="customer search" className={className} />;

function renderShell(user: CurrentUser | null, path = "/license-keys", lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter initialEntries={[path]}>
      <SidebarProvider>
        <AppSidebar user={user} />
        <SiteHeader AdminSearch={CustomerSearch} />
      </SidebarProvider>
    </MemoryRouter>,
  );
}

const menu = () => within(screen.getByRole("navigation", { name: "Dashboard" })).queryAllByRole("link").map((a) => a.textContent);

describe("the dashboard's sidebar", () => {
  it("gives a member their own pages only, and marks the current one", () => {
    renderShell(MEMBER);
    expect(menu()).toEqual(SPEC_MENU.member);
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(within(nav).getByRole("link", { name: "License Keys" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBeNull();
  });

  it("adds the admin pages for an admin, and the super-admin's for a super-admin", () => {
    renderShell(ADMIN);
    expect(menu()).toEqual(SPEC_MENU.admin);
    cleanup();
    renderShell(SUPER);
    expect(menu()).toEqual(SPEC_MENU.superAdmin);
  });

  it("shows Reseller to a reseller (in their language), and not to a super-admin who is not one (decision 080)", () => {
    renderShell({ ...MEMBER, reseller: true }, "/reseller");
    expect(menu()).toEqual([...SPEC_MENU.member, "Reseller"]);
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(within(nav).getByRole("link", { name: "Reseller" }).getAttribute("aria-current")).toBe("page");
    cleanup();
    renderShell(SUPER);
    expect(menu()).not.toContain("Reseller");
    cleanup();
    renderShell({ ...MEMBER, reseller: true }, "/reseller", "km");
    expect(within(screen.getByRole("navigation", { name: "ផ្ទាំងគ្រប់គ្រង" })).getByRole("link", { name: "អ្នកលក់បន្ត" })).toBeTruthy();
  });

  it("shows placeholders, no links, until the user is known", () => {
    renderShell(null);
    expect(menu()).toEqual([]);
    expect(screen.queryByText("dara.sok@example.com")).toBeNull();
  });

  it("names who is signed in: the address with the role, or the name with the address and initials", () => {
    renderShell(MEMBER);
    expect(screen.getByText("dara.sok@example.com")).toBeTruthy();
    expect(screen.getByText("Member")).toBeTruthy();
    expect(screen.getByText("DS")).toBeTruthy();
    cleanup();
    renderShell(SUPER);
    expect(screen.getByText("Sokha Chan")).toBeTruthy();
    expect(screen.getByText("SC")).toBeTruthy();
    expect(screen.queryByText("Super admin")).toBeNull();
    cleanup();
    renderShell({ ...SUPER, name: " " } as CurrentUser);
    expect(screen.getByText("Super admin")).toBeTruthy();
  });

  it("toggles the theme and logs out, once", () => {
    renderShell(MEMBER);
    fireEvent.click(screen.getByRole("button", { name: "Toggle theme" }));
    expect(toggleTheme).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(signOut.mutate).toHaveBeenCalledTimes(1);
    cleanup();
    signOut.isPending = true;
    renderShell(MEMBER);
    expect((screen.getByRole("button", { name: "Logging out ..." }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the dashboard's header", () => {
  it("names the page, including one outside the menu", () => {
    me.value = MEMBER;
    renderShell(MEMBER, "/license-history");
    expect(screen.getByRole("banner").textContent).toContain("Keyshop/License History");
    cleanup();
    renderShell(ADMIN, "/customers/dara%40example.com");
    expect(screen.getByRole("banner").textContent).toContain("Keyshop/Customer");
  });

  it("offers the customer search to an admin who has passed the second factor, and to no one else", async () => {
    me.value = ADMIN;
    renderShell(ADMIN, "/overview");
    expect(await within(screen.getByRole("banner")).findByRole("textbox", { name: "customer search" })).toBeTruthy();
    cleanup();
    me.value = { ...ADMIN, secondFactorVerified: false };
    renderShell(ADMIN, "/overview");
    expect(screen.queryByRole("textbox", { name: "customer search" })).toBeNull();
    cleanup();
    me.value = MEMBER;
    renderShell(MEMBER);
    expect(screen.queryByRole("textbox", { name: "customer search" })).toBeNull();
  });
});

describe("the dashboard's shell in Khmer", () => {
  it("says the menu, the role, Log out and the page's name in Khmer", () => {
    me.value = MEMBER;
    renderShell(MEMBER, "/license-keys", "km");
    expect(within(screen.getByRole("navigation", { name: "ផ្ទាំងគ្រប់គ្រង" })).getAllByRole("link").map((a) => a.textContent)).toEqual([
      "ទំព័រដើម",
      "ប្រវត្តិរូប",
      "លេខកូដអាជ្ញាប័ណ្ណ",
      "ប្រវត្តិអាជ្ញាប័ណ្ណ",
    ]);
    expect(screen.getByText("សមាជិក")).toBeTruthy();
    expect(screen.getByRole("button", { name: "ចាកចេញ" })).toBeTruthy();
    expect(screen.getByRole("banner").textContent).toContain("Keyshop/លេខកូដអាជ្ញាប័ណ្ណ");
  });
});

describe("the skip link", () => {
  it("jumps to the main content, in the reader's language", () => {
    renderInLanguage("en", <SkipLink />);
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
    cleanup();
    renderInLanguage("km", <SkipLink />);
    expect(screen.getByRole("link", { name: "រំលងទៅខ្លឹមសារ" })).toBeTruthy();
  });
});
