// A return from paying onto a dashboard page (spec: 'Payment Successful!' / 'Your {plan}
// subscription has been processed.', the PAYMENT_SUCCESS message, the local transaction, the query
// string cleared): believed only once the server confirms the order, then its verified status; a
// pending return waits for the provider and turns into the success, or closes with the failure.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Order } from "~/features/payments/api";
import type { Language } from "~/lib/i18n";
import { orderFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

// The order as the page's polling reads it (useOrder), changed by the tests.
const store = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const s = {
    value: { isPending: true, isError: false, data: undefined } as { isPending: boolean; isError: boolean; data?: { order: unknown } },
    set(order: unknown) {
      s.value = { isPending: false, isError: false, data: { order } };
      listeners.forEach((l) => l());
    },
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
  };
  return s;
});
const get = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/api", async (importOriginal) => ({ ...(await importOriginal<object>()), ordersApi: { get } }));
vi.mock("~/features/payments/queries", () => ({ useOrder: () => useSyncExternalStore(store.subscribe, () => store.value) }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { email: "dara@example.com" } }) }));
vi.mock("~/features/profile/queries", () => ({
  useBalance: () => ({ data: { balanceMills: 25_000 } }),
  accountKeys: { balance: ["balance"], apiKey: ["api-key"] },
}));
vi.mock("~/features/profile/api-key-card", () => ({ BalanceLinks: () => null }));
vi.mock("~/features/licenses/queries", () => ({ licenseQueryKeys: { all: ["licenses"], history: ["license-history"] } }));

const { DashboardPaymentReturn } = await import("./dashboard-payment-return");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
  store.value = { isPending: true, isError: false, data: undefined };
});

const ID = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
const ORDER = orderFixture({ id: ID, tranId: "T1700000000000", buyKey: "KS-ABCDE-FGHIJ-KLMNO-PQRST" });
const TOP_UP = { ...ORDER, kind: "topup", planId: null, planTitle: "Balance Top Up", planMonths: null, amountMills: 10_000, buyKey: null } as Order;

function renderReturn(search: string, { path = "/license-history", lng = "en" as Language } = {}) {
  const router = createMemoryRouter([{ path: "*", element: <DashboardPaymentReturn /> }], { initialEntries: [`${path}${search}`] });
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

const planReturn = `?payment_success=true&plan_price=%2429.99&plan_title=3%20Months&order=${ID}`;

describe("a return to the dashboard", () => {
  it("celebrates a paid plan the server confirms, says it was verified, records it and cleans the address", async () => {
    get.mockResolvedValue({ order: ORDER });
    store.set(ORDER);
    const router = renderReturn(planReturn);
    const dialog = await screen.findByRole("dialog", { name: "Payment Successful!" });
    expect(get).toHaveBeenCalledWith(ID);
    expect(within(dialog).getByText("Your 3 Months subscription has been processed.")).toBeTruthy();
    expect(within(dialog).getByTestId("paid-amount").textContent).toBe("$29.99");
    const status = within(dialog).getByTestId("payment-verified-status");
    expect(status.textContent).toBe("Verified with PayWay: paid. Your buy key KS-ABCDE-FGHIJ-KLMNO-PQRST was e-mailed to dara@example.com.");
    expect(within(dialog).getByRole("link", { name: "View your license keys" }).getAttribute("href")).toBe("/license-keys");
    expect(toast.success).toHaveBeenCalledWith("Payment Successful!", expect.objectContaining({ description: "Your 3 Months subscription has been processed." }));
    expect(JSON.parse(localStorage.getItem("lastTransaction")!)).toMatchObject({ transactionId: "T1700000000000", email: "dara@example.com", planTitle: "3 Months", source: "license_history" });
    expect(router.state.location.search).toBe("");
  });

  it("shows the new balance for a top-up", async () => {
    get.mockResolvedValue({ order: TOP_UP });
    store.set(TOP_UP);
    renderReturn(`?payment_success=true&topup=true&amount=10.00&order=${ID}`, { path: "/license-keys" });
    const dialog = await screen.findByRole("dialog", { name: "Payment Successful!" });
    expect(within(dialog).getByText("Your balance top-up of $10.00 has been processed.")).toBeTruthy();
    expect(within(dialog).getByTestId("payment-new-balance").textContent).toBe("$25.00");
    expect(within(dialog).getByTestId("payment-verified-status").textContent).toBe("Verified with PayWay: paid. The amount has been added to your API key balance.");
    expect(within(dialog).queryByRole("link", { name: "View your license keys" })).toBeNull();
  });

  it("says when the provider later reports the payment otherwise", async () => {
    get.mockResolvedValue({ order: ORDER });
    store.set({ ...ORDER, status: "refunded" });
    renderReturn(planReturn);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("payment-verified-status").textContent).toBe("PayWay reports this payment as refunded. If money was taken, please contact support.");
  });

  it("celebrates nothing the server does not confirm, and records nothing", async () => {
    get.mockResolvedValue({ order: { ...ORDER, status: "failed" } });
    renderReturn(planReturn);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Payment failed", expect.objectContaining({ description: "PayWay did not approve the payment. No money was taken; please try again." })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem("lastTransaction")).toBeNull();
  });

  it("waits for a pending payment, then celebrates it once the provider confirms", async () => {
    renderReturn(`?payment_status=pending&order=${ID}`);
    const dialog = screen.getByRole("dialog", { name: "Confirming your payment" });
    expect(within(dialog).getByRole("status").textContent).toBe("Waiting for PayWay…");
    act(() => store.set({ ...ORDER, status: "pending" }));
    expect(within(dialog).getByText("3 Months")).toBeTruthy();
    expect(within(dialog).getByText("$29.99")).toBeTruthy();
    act(() => store.set(ORDER));
    expect(await screen.findByRole("dialog", { name: "Payment Successful!" })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
  });

  it("closes the wait with the failure when the provider declines", async () => {
    renderReturn(`?payment_status=pending&order=${ID}`);
    act(() => store.set({ ...ORDER, status: "failed" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.error).toHaveBeenCalledWith("Payment failed", expect.objectContaining({ id: `payment-status-${ID}` }));
  });

  it("says a cancelled payment without opening anything", () => {
    renderReturn("?payment_status=cancelled");
    expect(toast.info).toHaveBeenCalledWith("Payment cancelled", expect.objectContaining({ description: "The payment was cancelled. Nothing was charged." }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a return to the dashboard in Khmer", () => {
  it("says the popup, the plan and the verified status in Khmer", async () => {
    get.mockResolvedValue({ order: ORDER });
    store.set({ ...ORDER, kind: "tool" });
    renderReturn(planReturn, { lng: "km" });
    const dialog = await screen.findByRole("dialog", { name: "ការបង់ប្រាក់បានជោគជ័យ!" });
    expect(within(dialog).getByText("ការជាវគម្រោង 3 ខែ របស់អ្នក បានដំណើរការរួចរាល់។")).toBeTruthy();
    expect(within(dialog).getByTestId("payment-verified-status").textContent).toBe("បានផ្ទៀងផ្ទាត់ជាមួយ PayWay៖ បានបង់ប្រាក់។ ការបញ្ជាក់មួយបានផ្ញើតាមអ៊ីមែលទៅ dara@example.com ហើយ។");
  });
});
