// The Overview (spec §2): the five cards with the spec's names, money as formatMoney writes it,
// the plan mix, Recent Transactions, suspicious licences, the loading, empty and error states,
// in English and Khmer (issue #31). The chart (recharts) is stubbed: its figures are also in the
// screen readers' table, which is checked here.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { Overview } from "./api";

const state = vi.hoisted(() => ({
  data: undefined as unknown,
  error: null as unknown,
  isFetching: false,
  refetch: (() => undefined) as () => void,
}));
const toast = vi.hoisted(() => ({ error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/admin/refund-queue-card", () => ({ RefundQueueCard: () => null }));
vi.mock("./shop-health-card", () => ({ ShopHealthCard: () => null }));
vi.mock("./revenue-chart", () => ({ default: ({ days }: { days: unknown[] }) => <div data-testid="revenue-chart">{days.length} days</div> }));
vi.mock("./queries", () => ({
  useOverview: () => ({ data: state.data, isError: state.error !== null, error: state.error, isFetching: state.isFetching, refetch: state.refetch }),
}));

const { OverviewPanel } = await import("./overview-panel");

const overview = (over: Partial<Overview> = {}): Overview => ({
  timeZone: "Asia/Phnom_Penh",
  generatedAt: "2026-11-22T05:00:00.000Z",
  cards: { totalUsers: 12_345, activeUsers: 678, salesTodayMills: 4_955, monthlySalesMills: 1_234_500, allTimeRevenueMills: 98_765_430 },
  revenueByDay: [
    { day: "2026-11-21", planMills: 29_990, topupMills: 0 },
    { day: "2026-11-22", planMills: 0, topupMills: 5_500 },
  ],
  planMix: [
    { planId: "local-1m", title: "1 Month", months: 1, market: "local", count: 3, mills: 89_970 },
    { planId: "old", title: "Lifetime", months: null, market: null, count: 1, mills: 10_000 },
  ],
  recentTransactions: [
    {
      id: "o1",
      tranId: "T1",
      kind: "topup",
      email: "dara@example.com",
      planId: null,
      planTitle: "Balance Top Up",
      planMonths: null,
      amountMills: 5_500,
      amount: "5.50",
      currency: "USD",
      status: "pending",
      buyKey: null,
      createdAt: "2026-11-22T04:00:00.000Z",
      paidAt: null,
      expiresAt: null,
      refundedMills: 0,
    } as Overview["recentTransactions"][number],
  ],
  suspiciousLicences: [
    {
      licenceId: "l1",
      buyKey: "BUYKEY-0001",
      email: "sokha@example.com",
      deviceKey: null,
      addresses: 7,
      refusedKeys: 3,
      flaggedAt: "2026-11-22T03:00:00.000Z",
      updatedAt: "2026-11-22T03:00:00.000Z",
    },
  ],
  suspicionThresholds: { addresses: 5, refusedKeys: 2 },
  ...over,
});

beforeEach(() => {
  state.data = overview();
  state.error = null;
  state.isFetching = false;
  state.refetch = vi.fn();
  toast.error.mockReset();
});
afterEach(cleanup);

const card = (testId: string) => screen.getByTestId(testId);

describe("the Overview's figures", () => {
  it("names the five cards as the spec does and writes money to the mill", () => {
    renderInLanguage("en", <OverviewPanel />);
    const figures = screen.getByRole("region", { name: "Key figures" });
    expect(within(figures).getAllByRole("heading").map((h) => h.textContent)).toEqual(["Total Users", "Active Users", "Sales Today", "Monthly Sales", "All-Time Revenue"]);
    expect(within(card("card-active-users")).getByText("Users with valid licenses")).toBeTruthy();
    expect(within(card("card-all-time")).getByText("Total Sales")).toBeTruthy();
    expect(screen.getByTestId("card-total-users-value").textContent).toBe("12,345");
    expect(screen.getByTestId("card-active-users-value").textContent).toBe("678");
    expect(screen.getByTestId("card-sales-today-value").textContent).toBe("$4.955");
    expect(screen.getByTestId("card-monthly-sales-value").textContent).toBe("$1,234.50");
    expect(screen.getByTestId("card-all-time-value").textContent).toBe("$98,765.43");
  });

  it("gives screen readers the chart's days as a table, and the chart its 30 days", async () => {
    renderInLanguage("en", <OverviewPanel />);
    const table = screen.getByRole("table", { name: "Revenue by day, last 30 days" });
    expect(within(table).getAllByRole("row").map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ["Day", "Plans", "Top-ups"],
      ["Nov 21", "$29.99", "$0.00"],
      ["Nov 22", "$0.00", "$5.50"],
    ]);
    expect((await screen.findByTestId("revenue-chart")).textContent).toBe("2 days");
  });

  it("lists the plan mix with the count sold, and says when nothing sold", () => {
    renderInLanguage("en", <OverviewPanel />);
    expect(screen.getByText("Licence sales by plan, last 30 days (4 sold).")).toBeTruthy();
    const mix = screen.getByRole("list", { name: "Plan mix" });
    expect(within(mix).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["1 Monthlocal$89.97 · 3 sold", "Lifetime$10.00 · 1 sold"]);
    cleanup();
    state.data = overview({ planMix: [] });
    renderInLanguage("en", <OverviewPanel />);
    expect(screen.getByText("No licence sales in the last 30 days.")).toBeTruthy();
    expect(screen.getByText("Licence sales by plan, last 30 days.")).toBeTruthy();
  });

  it("lists Recent Transactions: a top-up by its name, the amount with its currency, the status", () => {
    renderInLanguage("en", <OverviewPanel />);
    const table = screen.getByRole("table", { name: "The latest 40 orders, newest first." });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Date", "Email", "Plan", "Amount", "Status", "Buy Key"]);
    const cells = Array.from(within(table).getAllByRole("row")[1]!.querySelectorAll("td")).map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(["dara@example.com", "Balance Top Up", "$5.50 USD", "Pending", "—"]);
  });

  it("names the suspicious licences with the thresholds they crossed", () => {
    renderInLanguage("en", <OverviewPanel />);
    const suspicious = screen.getByTestId("suspicious-licences");
    expect(within(suspicious).getByText("Last 24 hours: used from more than 5 addresses, or refused for more than 2 other device keys.")).toBeTruthy();
    const cells = Array.from(within(suspicious).getAllByRole("row")[1]!.querySelectorAll("td")).map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(["sokha@example.com", "BUYKEY-0001", "N/A", "7", "3"]);
  });

  it("says when there are no transactions and nothing suspicious", () => {
    state.data = overview({ recentTransactions: [], suspiciousLicences: [] });
    renderInLanguage("en", <OverviewPanel />);
    expect(screen.getByText("No transactions yet")).toBeTruthy();
    expect(screen.getByText("Orders appear here as soon as customers check out.")).toBeTruthy();
    expect(screen.getByText("Nothing suspicious")).toBeTruthy();
  });

  it("reads in Khmer: the cards, a market's name and the empty tables", () => {
    state.data = overview({ recentTransactions: [] });
    renderInLanguage("km", <OverviewPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "ទិដ្ឋភាពទូទៅ" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "តួលេខសំខាន់ៗ" })).getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "អ្នកប្រើសរុប",
      "អ្នកប្រើសកម្ម",
      "ការលក់ថ្ងៃនេះ",
      "ការលក់ប្រចាំខែ",
      "ចំណូលសរុបគ្រប់ពេល",
    ]);
    expect(screen.getByText("ក្នុងប្រទេស")).toBeTruthy();
    expect(screen.getByText("មិនទាន់មានប្រតិបត្តិការនៅឡើយទេ")).toBeTruthy();
  });
});

describe("the Overview while loading and after a failure", () => {
  it("shows the card names without figures while the first load is under way", () => {
    state.data = undefined;
    state.isFetching = true;
    renderInLanguage("en", <OverviewPanel />);
    expect(screen.getByText("Total Users")).toBeTruthy();
    expect(screen.queryByTestId("card-total-users-value")).toBeNull();
    expect(screen.getByRole("button", { name: "Refresh" }).hasAttribute("disabled")).toBe(true);
  });

  it("says 'Error fetching statistics' with the message, toasts it, and tries again", () => {
    state.data = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <OverviewPanel />);
    expect(screen.getByText("Error fetching statistics")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Key figures" })).toBeNull();
    expect(toast.error).toHaveBeenCalledWith("Error fetching statistics", expect.objectContaining({ description: "Unauthorized: Admin access required" }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it("reads again on Refresh", () => {
    renderInLanguage("en", <OverviewPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });
});
