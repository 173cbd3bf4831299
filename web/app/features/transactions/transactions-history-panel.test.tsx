// Transactions History names what was bought from the plan's length in the reader's language
// (planTitle(planMonths, language)), not from the English title the order stored: a plan of any
// length, in any language, needs nothing here (issue #27).
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Order } from "~/features/payments/api";
import { renderInLanguage } from "~/test/render";

const state = vi.hoisted(() => ({ mobile: false, orders: [] as unknown[] }));

vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { role: "user", superAdmin: false } }) }));
vi.mock("~/features/payments/queries", () => ({
  useOrders: () => ({
    data: { orders: state.orders, total: state.orders.length, totalIsEstimate: false, totalPaidMills: 0, page: 1, pageSize: 20 },
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    error: null,
    refetch: vi.fn(),
  }),
}));

const { TransactionsHistoryPanel } = await import("./transactions-history-panel");

const order = (o: Partial<Order>): Order => ({
  id: "o1",
  tranId: "T0001",
  kind: "plan",
  email: "dara@example.com",
  planId: "local-6m",
  planTitle: "6 Months",
  planMonths: 6,
  amountMills: 54_990,
  amount: "54.99",
  currency: "USD",
  status: "paid",
  buyKey: "KS-AAAAA-BBBBB-CCCCC-DDDDD",
  createdAt: "2026-11-20T03:00:00.000Z",
  paidAt: "2026-11-20T03:01:00.000Z",
  expiresAt: null,
  refundedMills: 0,
  refundRequest: null,
  refundRequestUntil: null,
  ...o,
});

beforeEach(() => {
  state.mobile = false;
  // A half-year plan whose stored title is not "N Months", and a top-up.
  state.orders = [
    order({ planTitle: "Half Year" }),
    order({ id: "o2", tranId: "T0002", kind: "topup", planId: null, planTitle: "Balance Top Up", planMonths: null, amountMills: 5_000, amount: "5.00", buyKey: null }),
  ];
});
afterEach(cleanup);

const planCells = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[2]!.textContent);

describe("Transactions History's plan column", () => {
  it("says the plan's length in Khmer, whatever English title the order stored", () => {
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(planCells()).toEqual(["6 ខែ", "ការបញ្ចូលសមតុល្យ"]);
  });

  it("and in English", () => {
    renderInLanguage("en", <TransactionsHistoryPanel />);
    expect(planCells()).toEqual(["6 Months", "Balance Top Up"]);
  });

  it("on a phone's cards too", () => {
    state.mobile = true;
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(screen.getByText("6 ខែ")).toBeTruthy();
    expect(screen.queryByText("Half Year")).toBeNull();
  });

  it("keeps the stored title of a plan no longer known", () => {
    state.orders = [order({ planTitle: "Lifetime", planMonths: null })];
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(planCells()).toEqual(["Lifetime"]);
  });
});
