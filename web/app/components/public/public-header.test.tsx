// The public pages' header: the Contact and language menus (disclosure: click, arrows, Escape,
// click outside), the phone's menu, and the account buttons (Sign In, or Dashboard and Sign Out).
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { SITE } from "../../../../contracts/site";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const session = vi.hoisted(() => ({ value: null as object | null }));
const signOut = vi.hoisted(() => vi.fn());
const setLanguage = vi.hoisted(() => vi.fn());
vi.mock("~/lib/session", () => ({ usePublicSession: () => session.value }));
vi.mock("~/features/session/sign-out", () => ({ signOut }));
// The theme's own button needs the app's theme provider; not this header's logic.
vi.mock("~/components/theme-toggle", () => ({ ThemeToggleButton: () => null }));
vi.mock("~/lib/i18n", async (importOriginal) => ({ ...(await importOriginal<object>()), setLanguage }));

const { PublicHeader } = await import("./public-header");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  session.value = null;
});

function renderHeader(path = "/faq", lng: Language = "en") {
  const router = createMemoryRouter([{ path: "*", element: <PublicHeader /> }], { initialEntries: [path] });
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

const header = () => screen.getByRole("banner");

describe("the public header's menus", () => {
  it("opens Contact on click: the chat, community and docs in a new tab, and the FAQ", () => {
    renderHeader();
    const trigger = screen.getByRole("button", { name: "Contact" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(trigger.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(false);
    const support = within(panel).getByRole("link", { name: "Support chat" });
    expect(support.getAttribute("href")).toBe(SITE.links.supportChat);
    expect(support.getAttribute("target")).toBe("_blank");
    // "(opens in a new tab)" is read with it.
    expect(document.getElementById(support.getAttribute("aria-describedby")!)?.textContent).toBe("(opens in a new tab)");
    expect(within(panel).getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/faq");
  });

  it("works from the keyboard: arrows open and move, Escape closes and returns focus", async () => {
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    renderHeader();
    const trigger = screen.getByRole("button", { name: "Contact" });
    trigger.focus();
    await act(async () => {
      fireEvent.keyDown(trigger, { key: "ArrowDown" });
    });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement?.textContent).toContain("Support chat");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("FAQ");
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(trigger);
    raf.mockRestore();
  });

  it("closes on a click outside", () => {
    renderHeader();
    const trigger = screen.getByRole("button", { name: "Contact" });
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });

  it("lists each language by its own name, marks the current one and switches", () => {
    renderHeader();
    const trigger = screen.getByRole("button", { name: "Language: English" });
    fireEvent.click(trigger);
    const list = screen.getByRole("list", { name: "Language" });
    const english = within(list).getByRole("button", { name: "English" });
    const khmer = within(list).getByRole("button", { name: "ខ្មែរ" });
    expect(english.getAttribute("aria-pressed")).toBe("true");
    expect(khmer.getAttribute("aria-pressed")).toBe("false");
    expect(khmer.getAttribute("lang")).toBe("km");
    fireEvent.click(khmer);
    expect(setLanguage).toHaveBeenCalledWith("km");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("the phone's menu", () => {
  it("opens and closes from its button, and with Escape back to the button", () => {
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(menu.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(menu.hidden).toBe(false);
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");
    expect(header().getAttribute("data-menu-open")).toBe("true");
    expect(within(menu).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
  });

  it("closes when an entry is chosen, and Download goes to the home page's section from another page", async () => {
    const router = renderHeader("/faq");
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getAllByRole("navigation", { name: "Main" })[1]!;
    await act(async () => {
      fireEvent.click(within(menu).getByRole("button", { name: "Download" }));
    });
    expect(menu.hidden).toBe(true);
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.hash).toBe("#setup-section");
  });

  it("in Khmer: its button, entries and account buttons", () => {
    session.value = { user: { id: "u1" } };
    renderHeader("/faq", "km");
    fireEvent.click(screen.getByRole("button", { name: "បើកម៉ឺនុយ" }));
    const menu = screen.getAllByRole("navigation", { name: "ម៉ឺនុយមេ" })[1]!;
    expect(within(menu).getAllByRole("button").map((b) => b.textContent)).toEqual(["វីដេអូ", "ទាញយក", "ចាកចេញ"]);
    expect(within(menu).getByRole("link", { name: "ផ្ទាំងគ្រប់គ្រង" }).getAttribute("href")).toBe("/license-keys");
    expect(within(menu).getByRole("link", { name: /ជជែកជាមួយផ្នែកជំនួយ/ })).toBeTruthy();
  });
});

describe("the account buttons", () => {
  const desktop = () => within(screen.getByRole("banner").querySelector<HTMLElement>(".md\\:flex.ml-1")!);

  it("signed out: Sign In", () => {
    renderHeader("/");
    expect(desktop().getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(desktop().queryByRole("button", { name: "Sign Out" })).toBeNull();
  });

  it("signed in on the home page: Dashboard only; elsewhere Sign Out too, which signs out", async () => {
    session.value = { user: { id: "u1" } };
    renderHeader("/");
    expect(desktop().getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/license-keys");
    expect(desktop().queryByRole("button", { name: "Sign Out" })).toBeNull();
    cleanup();

    signOut.mockResolvedValue(undefined);
    renderHeader("/faq");
    await act(async () => {
      fireEvent.click(desktop().getByRole("button", { name: "Sign Out" }));
    });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
