// Gmail OTP Transactions (spec §2, §9): the count badge, Total Spent and Total Revenue (3 decimals),
// the row's id, codes and balance change, today by default, the empty and error states, in English
// and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { AdminOtpOrder } from "./api";

type Params = { search: string; from?: string; to?: string; page: number; pageSize: number };
const state = vi.hoisted(() => ({
  orders: undefined as unknown[] | undefined,
  error: null as unknown,
  lastParams: null as Params | null,
}));
const toast = vi.hoisted(() => ({ error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({
  useAdminOtpOrders: (params: Params) => {
    state.lastParams = params;
    const orders = state.orders;
    return {
      data: orders
        ? { orders, total: orders.length, totalIsEstimate: false, totalSpentMills: 150, totalRevenueMills: 9, successCount: 3, page: 1, pageSize: 50 }
        : undefined,
      isError: state.error !== null,
      error: state.error,
      isFetching: false,
      isPlaceholderData: false,
      refetch: vi.fn(),
    };
  },
}));

const { OtpTransactionsPanel } = await import("./otp-transactions-panel");

const order = (over: Partial<AdminOtpOrder>): AdminOtpOrder => ({
  id: "o1",
  address: "dara.otp@gmail.com",
  service: "facebook",
  priceMills: 50,
  codes: "123456,654321",
  latestCode: "654321",
  status: "success",
  failureReason: null,
  balanceBeforeMills: 5_000,
  balanceAfterMills: 4_950,
  createdAt: "2026-11-22T05:04:00.000Z",
  expiresAt: "2026-11-22T05:24:00.000Z",
  reorderOf: null,
  supplierRef: "G-778",
  costMills: 47,
  userEmail: "dara@example.com",
  ...over,
});

beforeEach(() => {
  state.orders = [];
  state.error = null;
  toast.error.mockReset();
});
afterEach(cleanup);

const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll("td")).map((td) => td.textContent);

describe("Gmail OTP Transactions", () => {
  it("counts the transactions and shows Total Spent and Total Revenue to the mill", () => {
    state.orders = [order({}), order({ id: "o2", supplierRef: null, codes: "", status: "pending", userEmail: null })];
    renderInLanguage("en", <OtpTransactionsPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "Gmail OTP Transactions" })).toBeTruthy();
    expect(screen.getByTestId("otp-count-badge").textContent).toBe("2 transactions");
    expect(screen.getByTestId("otp-total-spent").textContent).toBe("Total Spent$0.15Paid by customers, refunds excluded");
    expect(screen.getByTestId("otp-total-revenue").textContent).toBe("Total Revenue$0.009Profit (price − cost) on 3 successful orders");
  });

  it("writes a row's Gmail with its id and buyer, the codes, the price and the balance change", () => {
    state.orders = [order({}), order({ id: "o2", supplierRef: null, codes: "", status: "pending", userEmail: null })];
    renderInLanguage("en", <OtpTransactionsPanel />);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Date & Time", "Gmail", "Service", "Price", "OTP", "Balance Change", "Status"]);
    const [, first, second] = screen.getAllByRole("row");
    expect(cellsOf(first!).slice(1)).toEqual(["dara.otp@gmail.comID: G-778dara@example.com", "Facebook", "$0.05", "123456, 654321", "$5.00$4.95", "Success"]);
    expect(first!.querySelector('[aria-label="to"]')).toBeTruthy();
    // Without the supplier's id, the order's own id; without codes, a dash.
    expect(cellsOf(second!).slice(1, 5)).toEqual(["dara.otp@gmail.comID: o2", "Facebook", "$0.05", "—"]);
  });

  it("asks for today by default, in the shop's day", () => {
    renderInLanguage("en", <OtpTransactionsPanel />);
    expect(state.lastParams).toMatchObject({ search: "", page: 1, pageSize: 50 });
    const { from, to } = state.lastParams!;
    expect(from).toMatch(/T17:00:00\.000Z$/);
    expect(Date.parse(to!) - Date.parse(from!)).toBe(86_400_000 - 1);
    expect(Date.parse(from!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(to!)).toBeGreaterThanOrEqual(Date.now());
    expect(screen.getByRole("button", { name: "Today" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says nothing matched the dates, then that there are none yet once the dates are cleared", async () => {
    renderInLanguage("en", <OtpTransactionsPanel />);
    expect(screen.getByText("No transactions found")).toBeTruthy();
    expect(screen.getByText("Try other words or dates, or clear the dates.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear dates" }));
    expect(await screen.findByText("No Gmail transactions yet")).toBeTruthy();
    expect(state.lastParams).toEqual({ search: "", page: 1, pageSize: 50 });
  });

  it("searches with the trimmed words", async () => {
    renderInLanguage("en", <OtpTransactionsPanel />);
    fireEvent.change(screen.getByLabelText("Search Gmail transactions"), { target: { value: " facebook " } });
    await waitFor(() => expect(state.lastParams).toMatchObject({ search: "facebook", page: 1 }));
  });

  it("says 'Failed to fetch Gmail transactions' with the server's message", () => {
    state.orders = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <OtpTransactionsPanel />);
    expect(screen.getByText("Failed to fetch Gmail transactions")).toBeTruthy();
    expect(screen.getByTestId("otp-count-badge").textContent).toBe("…");
    expect(toast.error).toHaveBeenCalledWith("Failed to fetch Gmail transactions", expect.objectContaining({ description: "Unauthorized: Admin access required" }));
  });

  it("reads in Khmer: the heading, the count, the figures' names and the columns", () => {
    state.orders = [order({})];
    renderInLanguage("km", <OtpTransactionsPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "ប្រតិបត្តិការ OTP Gmail" })).toBeTruthy();
    expect(screen.getByTestId("otp-count-badge").textContent).toBe("ប្រតិបត្តិការ 1");
    expect(screen.getByTestId("otp-total-revenue").textContent).toBe("ចំណូលសរុប$0.009ប្រាក់ចំណេញ (តម្លៃ − ថ្លៃដើម) លើការបញ្ជាទិញជោគជ័យ 3");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["កាលបរិច្ឆេទ និងពេលវេលា", "Gmail", "សេវាកម្ម", "តម្លៃ", "OTP", "ការប្រែប្រួលសមតុល្យ", "ស្ថានភាព"]);
    expect(cellsOf(screen.getAllByRole("row")[1]!)[1]).toBe("dara.otp@gmail.comលេខសម្គាល់៖ G-778dara@example.com");
  });
});
