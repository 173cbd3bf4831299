// The dashboard's shared parts: a screen's header (one <h1>, its subtitle, badge and actions), the
// legal links in the footer, and the loading state announced while the session is checked.
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { registerNamespace } from "~/lib/i18n";
import enShell from "~/locales/en/shell.json";
import { renderInLanguage } from "~/test/render";

import { DashboardFooter } from "./dashboard-footer";
import { PageHeader } from "./page-header";
import { PageSkeleton } from "./page-skeleton";
import { ScreenPlaceholder } from "./screen-placeholder";

registerNamespace("shell", { en: enShell });

afterEach(cleanup);

describe("a dashboard screen's header", () => {
  it("is the page's one heading, with its subtitle, badge and actions", () => {
    renderInLanguage(
      "en",
      <PageHeader title="License Keys" description="Your licenses." badge={<span>3</span>} actions={<button type="button">Buy</button>} />,
    );
    expect(screen.getAllByRole("heading")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: "License Keys" })).toBeTruthy();
    expect(screen.getByText("Your licenses.")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Buy" })).toBeTruthy();
  });

  it("leaves out what it was not given", () => {
    const { container } = renderInLanguage("en", <PageHeader title="Profile" />);
    expect(container.querySelectorAll("p")).toHaveLength(0);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("a screen still to come says so under its title", () => {
    renderInLanguage("en", <ScreenPlaceholder title="Reports" description="Sales reports." />);
    expect(screen.getByRole("heading", { level: 1, name: "Reports" })).toBeTruthy();
    expect(screen.getByText("This screen arrives in a later release.")).toBeTruthy();
  });
});

describe("the dashboard's footer", () => {
  it.each([
    ["en", "Legal", ["Privacy Policy", "Terms of Service", "FAQ"]],
    ["km", "ព័ត៌មានច្បាប់", ["គោលការណ៍ឯកជនភាព", "លក្ខខណ្ឌប្រើប្រាស់សេវាកម្ម", "សំណួរញឹកញាប់"]],
  ] as const)("links the legal pages and the FAQ (%s)", (lng, label, names) => {
    renderInLanguage(lng, <MemoryRouter><DashboardFooter /></MemoryRouter>);
    const nav = screen.getByRole("navigation", { name: label });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(names);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/privacy-policy", "/terms-of-service", "/faq"]);
    expect(screen.getByText("© 2024 Keyshop")).toBeTruthy();
  });
});

describe("the dashboard's loading state", () => {
  it.each([
    ["en", "Loading your dashboard"],
    ["km", "កំពុងផ្ទុកផ្ទាំងគ្រប់គ្រងរបស់អ្នក"],
  ] as const)("is announced politely (%s)", (lng, text) => {
    renderInLanguage(lng, <PageSkeleton />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe(text);
  });
});
