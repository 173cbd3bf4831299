// License Keys in Khmer and English: the table's headers, statuses and dates, the empty state,
// and the cards on a phone (issue #27).
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { License } from "./api";
import { renderInLanguage } from "~/test/render";

const state = vi.hoisted(() => ({ mobile: false, licenses: [] as unknown[] }));

vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("./queries", () => ({
  useLicenses: () => ({
    data: { licenses: state.licenses },
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    error: null,
    refetch: vi.fn(),
  }),
}));

const { LicensesPanel } = await import("./licenses-panel");

const active: License = {
  id: "l1",
  name: "Office PC",
  deviceKey: "LDREEL-7F3A-0001",
  buyKey: "BUYKEY-0001",
  // 31 Dec 2026 20:00 UTC is 1 January 2027 in Phnom Penh.
  startDate: "2026-12-31T20:00:00.000Z",
  expireDate: "2099-03-01T00:00:00.000Z",
  status: "Active",
  changesLeft: 9,
  termDays: 90,
  planTitle: "3 Months",
  planMonths: 3,
  canChangeKey: true,
  revokedAt: null,
};
const fresh: License = { ...active, id: "l2", name: "", deviceKey: null, buyKey: "BUYKEY-0002", startDate: null, expireDate: null, status: "New", changesLeft: 2, planTitle: "1 Month", planMonths: 1, termDays: 30 };

beforeEach(() => {
  state.mobile = false;
  state.licenses = [active, fresh];
});
afterEach(cleanup);

describe("License Keys in Khmer", () => {
  it("has Khmer column headers, statuses, plan titles and dates with Western digits", () => {
    renderInLanguage("km", <LicensesPanel />);
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["ឈ្មោះ", "កូដឧបករណ៍", "លេខកូដអាជ្ញាប័ណ្ណ", "កាលបរិច្ឆេទចាប់ផ្ដើម", "កាលបរិច្ឆេទផុតកំណត់", "ស្ថានភាព", "ចំនួនប្ដូរនៅសល់", "សកម្មភាព"]);
    const [, first, second] = screen.getAllByRole("row");
    expect(within(first!).getByText("សកម្ម")).toBeTruthy();
    expect(within(first!).getByText("គម្រោង 3 ខែ")).toBeTruthy();
    expect(within(first!).getByText("1 មករា 2027")).toBeTruthy();
    expect(within(second!).getByText("ថ្មី")).toBeTruthy();
    expect(within(second!).getByText("គ្មានឈ្មោះ")).toBeTruthy();
    expect(within(second!).getByText("30 ថ្ងៃ ចាប់ពីការធ្វើឱ្យសកម្មលើកដំបូង")).toBeTruthy();
    expect(screen.getByRole("searchbox").getAttribute("placeholder")).toBe("ស្វែងរកអាជ្ញាប័ណ្ណ...");
    expect(screen.getByRole("button", { name: "បន្តសុពលភាព Office PC" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b(Active|New|Name|Status|Renew|Unnamed|plan)\b/);
  });

  it("says no licence was found, in Khmer", () => {
    state.licenses = [];
    renderInLanguage("km", <LicensesPanel />);
    expect(screen.getByText("រកមិនឃើញអាជ្ញាប័ណ្ណទេ")).toBeTruthy();
    expect(screen.getByText("អាជ្ញាប័ណ្ណដែលអ្នកទិញនឹងបង្ហាញនៅទីនេះ ជាមួយលេខកូដ និងកាលបរិច្ឆេទផុតកំណត់របស់វា។")).toBeTruthy();
    expect(screen.getByText("អាជ្ញាប័ណ្ណ 0")).toBeTruthy();
  });

  it("shows the cards on a phone with Khmer labels", () => {
    state.mobile = true;
    renderInLanguage("km", <LicensesPanel />);
    const cards = screen.getByRole("list", { name: "អាជ្ញាប័ណ្ណរបស់អ្នក" });
    const terms = within(cards).getAllByRole("term").map((dt) => dt.textContent);
    expect(terms.slice(0, 5)).toEqual(["កូដឧបករណ៍", "លេខកូដអាជ្ញាប័ណ្ណ", "កាលបរិច្ឆេទចាប់ផ្ដើម", "កាលបរិច្ឆេទផុតកំណត់", "ចំនួនប្ដូរនៅសល់"]);
    expect(within(cards).getAllByText("សកម្ម")).toHaveLength(1);
    expect(within(cards).getByText("គ្មាន")).toBeTruthy(); // no device key yet
  });
});

describe("License Keys in English", () => {
  it("keeps the spec's texts", () => {
    renderInLanguage("en", <LicensesPanel />);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Name", "License Key", "Buy Key", "Start Date", "Expiry Date", "Status", "Changes Left", "Actions"]);
    expect(screen.getByRole("searchbox").getAttribute("placeholder")).toBe("Search licenses...");
    expect(screen.getByText("Jan 1, 2027")).toBeTruthy();
    expect(screen.getByText("3 Months plan")).toBeTruthy();
    expect(screen.getByText("N/A")).toBeTruthy();
    cleanup();
    state.licenses = [];
    renderInLanguage("en", <LicensesPanel />);
    expect(screen.getByText("No licenses found")).toBeTruthy();
  });
});
