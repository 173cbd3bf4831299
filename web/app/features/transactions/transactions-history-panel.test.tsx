// Transactions History names what was bought from the plan's length in the reader's language
// (planTitle(planMonths, language)), not from the English title the order stored: a plan of any
// length, in any language, needs nothing here (issue #27). A checkout that was closed or ran out
// reads "Not completed" (Khmer too), and its owner gets "Try again", which opens a fresh checkout
// of the same thing: the same plan, the same top-up amount, a renewal of the same licence (#29 item 5, decision 060).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Order } from "~/features/payments/api";
import { renderInLanguage } from "~/test/render";

const state = vi.hoisted(() => ({
  mobile: false,
  orders: [] as unknown[],
  me: {} as Record<string, unknown>,
  prepare: vi.fn(),
  launch: vi.fn(),
  checkout: vi.fn(),
  renew: vi.fn(),
}));

vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: state.me }) }));
// The checkout's two steps: the request is what is asserted; the provider's window is not opened here.
vi.mock("~/features/payments/use-checkout", () => ({
  useCheckout: () => ({ prepare: state.prepare, launch: state.launch, preparing: false, refusal: null, clearRefusal: vi.fn() }),
}));
vi.mock("~/features/payments/api", () => ({ ordersApi: { checkout: state.checkout } }));
vi.mock("~/features/renewals/api", () => ({ renewalsApi: { renew: state.renew } }));
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
  providerName: "PayWay",
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
  state.me = { role: "user", superAdmin: false, email: "dara@example.com" };
  state.prepare.mockReset().mockImplementation(async (request: () => Promise<unknown>) => (await request(), true));
  state.launch.mockReset();
  state.checkout.mockReset().mockResolvedValue({});
  state.renew.mockReset().mockResolvedValue({});
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

  it("names a reseller's bulk order's size by its plan (decision 080), and nothing for one licence", () => {
    state.orders = [order({ planTitle: "1 Month", planMonths: 1, quantity: 3, buyKey: null }), order({ id: "o2", tranId: "T0002", quantity: 1 })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    expect(planCells()).toEqual(["1 Month × 3", "6 Months"]);
    cleanup();
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(planCells()[0]).toBe("1 ខែ × 3\u00a0អាជ្ញាប័ណ្ណ");
  });

  it("on a phone's cards too", () => {
    state.mobile = true;
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(screen.getByText("6 ខែ")).toBeTruthy();
    expect(screen.queryByText("Half Year")).toBeNull();
  });

  it("says a discount code's order's code and what it took off, in English and Khmer (decision 077)", () => {
    state.orders = [order({ discountCode: "NEWYEAR", discountMills: 6_000, amountMills: 23_990, amount: "23.99" }), order({ id: "o3", tranId: "T0003" })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    expect(screen.getAllByTestId("order-discount").map((el) => el.textContent)).toEqual(["Code NEWYEAR: −$6.00"]);
    cleanup();
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(screen.getByTestId("order-discount").textContent).toBe("កូដ NEWYEAR៖ បញ្ចុះ $6.00");
  });

  it("keeps the stored title of a plan no longer known", () => {
    state.orders = [order({ planTitle: "Lifetime", planMonths: null })];
    renderInLanguage("km", <TransactionsHistoryPanel />);
    expect(planCells()).toEqual(["Lifetime"]);
  });
});

/** A 3-month plan's checkout that was not completed. */
const notCompleted = (o: Partial<Order> = {}): Order =>
  order({ status: "cancelled", buyKey: null, paidAt: null, planId: "local-3m", planTitle: "3 Months", planMonths: 3, amountMills: 29_990, amount: "29.99", ...o });

const rowOf = (text: string) => screen.getAllByRole("row").find((r) => r.textContent?.includes(text))!;

describe("a checkout that was not completed", () => {
  it("reads Not completed, not Cancelled, and offers Try again (a paid one does not)", () => {
    state.orders = [notCompleted(), order({ id: "o2", tranId: "T0002", status: "paid", amountMills: 9_990, amount: "9.99", planId: "local-1m", planMonths: 1, planTitle: "1 Month" })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    const row = rowOf("$29.99");
    expect(within(row).getByText("Not completed")).toBeTruthy();
    expect(screen.queryByText("Cancelled")).toBeNull();
    expect(within(row).getByRole("button", { name: "Try again: pay for 3 Months ($29.99) again" })).toBeTruthy();
    expect(within(rowOf("$9.99")).queryByRole("button", { name: /Try again/ })).toBeNull();
  });

  it("in Khmer too", () => {
    state.orders = [notCompleted()];
    renderInLanguage("km", <TransactionsHistoryPanel />);
    const row = rowOf("$29.99");
    expect(within(row).getByText("មិនបានបញ្ចប់")).toBeTruthy();
    expect(within(row).getByTestId("try-again").textContent).toBe("ព្យាយាមម្ដងទៀត");
  });

  it("Try again opens a fresh checkout of the same plan, and the payment window opens", async () => {
    state.orders = [notCompleted()];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    fireEvent.click(screen.getByTestId("try-again"));
    await waitFor(() => expect(state.launch).toHaveBeenCalledOnce());
    expect(state.checkout).toHaveBeenCalledWith({ kind: "plan", planId: "local-3m", returnTo: "license-keys" });
  });

  it("a gift stays a gift to the same recipient, and its row says for whom", async () => {
    state.orders = [notCompleted({ giftEmail: "sokha@example.com" })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    expect(screen.getAllByText(/Gift for/)[0]!.textContent).toContain("sokha@example.com");
    fireEvent.click(screen.getByTestId("try-again"));
    await waitFor(() => expect(state.launch).toHaveBeenCalledOnce());
    expect(state.checkout).toHaveBeenCalledWith({ kind: "plan", planId: "local-3m", returnTo: "license-keys", giftEmail: "sokha@example.com" });
  });

  it("of the same top-up amount", async () => {
    state.orders = [notCompleted({ kind: "topup", planId: null, planTitle: "Balance Top Up", planMonths: null, amountMills: 12_340, amount: "12.34" })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    fireEvent.click(screen.getByTestId("try-again"));
    await waitFor(() => expect(state.launch).toHaveBeenCalledOnce());
    expect(state.checkout).toHaveBeenCalledWith({ kind: "topup", amountMills: 12_340, returnTo: "profile" });
  });

  it("a renewal renews the same licence", async () => {
    state.orders = [notCompleted({ renewLicenseId: "lic-42" })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    fireEvent.click(screen.getByTestId("try-again"));
    await waitFor(() => expect(state.launch).toHaveBeenCalledOnce());
    expect(state.renew).toHaveBeenCalledWith("lic-42", "local-3m", { discountCode: undefined });
    expect(state.checkout).not.toHaveBeenCalled();
  });

  it("a refused checkout opens no window", async () => {
    state.prepare.mockResolvedValue(false);
    state.orders = [notCompleted()];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    fireEvent.click(screen.getByTestId("try-again"));
    await waitFor(() => expect(state.prepare).toHaveBeenCalledOnce());
    expect(state.launch).not.toHaveBeenCalled();
  });

  it("an admin sees Not completed on a customer's order but no Try again (only on their own)", () => {
    state.me = { role: "admin", superAdmin: true, email: "boss@example.com" };
    state.orders = [notCompleted(), notCompleted({ id: "o3", tranId: "T0003", email: "Boss@example.com", amountMills: 4_000, amount: "4.00", kind: "topup", planId: null, planTitle: "Balance Top Up", planMonths: null })];
    renderInLanguage("en", <TransactionsHistoryPanel />);
    expect(within(rowOf("$29.99")).getByText("Not completed")).toBeTruthy();
    expect(within(rowOf("$29.99")).queryByTestId("try-again")).toBeNull();
    expect(within(rowOf("$4.00")).getByTestId("try-again")).toBeTruthy();
  });
});
