// License History: the spec's columns, who changed a key (the shop's own names translated, a
// person by e-mail), N/A for no key, the count, search and its empty state, a load failure's
// message and retry, and the phone's cards.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { LicenseHistoryEntry } from "./api";

type Query = {
  data?: { entries: LicenseHistoryEntry[]; total: number; page: number; pageSize: number; totalIsEstimate?: boolean };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => void;
};
const state = vi.hoisted(() => ({ mobile: false, query: null as unknown as Query, calls: [] as unknown[][] }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("~/lib/toast", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("./queries", () => ({
  useLicenseHistory: (...args: unknown[]) => {
    state.calls.push(args);
    return state.query;
  },
}));

const { LicenseHistoryPanel } = await import("./license-history-panel");

afterEach(() => {
  cleanup();
  state.mobile = false;
  state.calls = [];
});

const entries: LicenseHistoryEntry[] = [
  {
    id: "h1",
    changeDate: "2026-11-20T05:30:00.000Z",
    changedBy: "dara@example.com",
    email: "dara@example.com",
    buykey: "BUYKEY-0001",
    oldDeviceKey: null,
    newDeviceKey: "LDREEL-NEW-0001",
  },
  {
    id: "h2",
    changeDate: "2026-11-21T05:30:00.000Z",
    changedBy: "desktop tool",
    email: "dara@example.com",
    buykey: "BUYKEY-0002",
    oldDeviceKey: "LDREEL-OLD-0002",
    newDeviceKey: "LDREEL-NEW-0002",
  },
] as LicenseHistoryEntry[];

function loaded(list: LicenseHistoryEntry[], total = list.length): Query {
  return { data: { entries: list, total, page: 1, pageSize: 50 }, isError: false, error: null, isFetching: false, isPlaceholderData: false, refetch: vi.fn() };
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole("cell").map((cell) => cell.textContent);

describe("License History", () => {
  it("shows each change under the spec's columns, newest first as the server sends them", () => {
    state.query = loaded(entries);
    renderInLanguage("en", <LicenseHistoryPanel />);
    expect(screen.getByText("2 changes, newest first")).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Date",
      "Changed By",
      "Buy Key",
      "Old License",
      "New License",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(cellsOf(rows[0]!).slice(1)).toEqual(["dara@example.com", "BUYKEY-0001", "N/A", "LDREEL-NEW-0001"]);
    // The shop's own names are translated, not shown as the server's ids.
    expect(cellsOf(rows[1]!).slice(1, 2)).toEqual(["Desktop tool"]);
  });

  it("asks the server for the typed search from the first page, and says when nothing matches", async () => {
    vi.useFakeTimers();
    try {
      state.query = loaded(entries);
      renderInLanguage("en", <LicenseHistoryPanel />);
      expect(state.calls.at(-1)).toEqual(["", 1, 50]);
      fireEvent.change(screen.getByRole("searchbox", { name: "Search license history" }), { target: { value: "  LDREEL-X " } });
      state.query = loaded([]);
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(state.calls.at(-1)).toEqual(["LDREEL-X", 1, 50]);
      expect(screen.getByText("No results found for your search")).toBeTruthy();
      expect(screen.getByText("Nothing matches “LDREEL-X”.")).toBeTruthy();
      expect(screen.getByText("0 matching changes")).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says there is no history yet", () => {
    state.query = loaded([]);
    renderInLanguage("en", <LicenseHistoryPanel />);
    expect(screen.getByText("No key changes yet")).toBeTruthy();
    expect(screen.getByText("No history found")).toBeTruthy();
    expect(screen.getByText("Every license key change is recorded here.")).toBeTruthy();
  });

  it("says the list could not be loaded, with the server's reason, and retries", async () => {
    const refetch = vi.fn();
    state.query = { isError: true, error: new ApiError("RATE_LIMITED", "Too many requests. Please wait a moment and try again.", 429), isFetching: false, isPlaceholderData: false, refetch };
    renderInLanguage("en", <LicenseHistoryPanel />);
    expect(screen.getByText("Could not load the license history")).toBeTruthy();
    expect(screen.getAllByText("Too many requests. Please wait a moment and try again.").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: /try again|retry/i }));
    expect(refetch).toHaveBeenCalled();
  });

  it("pages only past 50 changes", () => {
    state.query = loaded(entries, 120);
    renderInLanguage("en", <LicenseHistoryPanel />);
    expect(screen.getByRole("navigation", { name: "License history pages" })).toBeTruthy();
    cleanup();
    state.query = loaded(entries);
    renderInLanguage("en", <LicenseHistoryPanel />);
    expect(screen.queryByRole("navigation", { name: "License history pages" })).toBeNull();
  });

  it("in Khmer on a phone: cards with the translated fields and names", () => {
    state.mobile = true;
    state.query = loaded(entries);
    renderInLanguage("km", <LicenseHistoryPanel />);
    expect(screen.getByText("ការប្ដូរ 2 ដង ថ្មីបំផុតមុនគេ")).toBeTruthy();
    const cards = within(screen.getByRole("list", { name: "ការប្ដូរកូដឧបករណ៍ ថ្មីបំផុតមុនគេ។" })).getAllByRole("listitem");
    expect([...cards[1]!.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual([
      "អ្នកប្ដូរ",
      "លេខកូដអាជ្ញាប័ណ្ណ",
      "កូដឧបករណ៍ចាស់",
      "កូដឧបករណ៍ថ្មី",
    ]);
    expect(within(cards[1]!).getByText("កម្មវិធីកុំព្យូទ័រ")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
