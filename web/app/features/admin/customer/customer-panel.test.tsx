// The customer's page (issue #16): loading, nobody with this e-mail (with Issue licence), a failed
// load with Try again, the account card, the sections' counts, and the orders' Refund offered to
// super-admins only on what is left to refund, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { orderFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

import type { CustomerOrder, CustomerView } from "./api";

const state = vi.hoisted(() => ({
  view: undefined as unknown,
  error: null as unknown,
  refetch: (() => undefined) as () => void,
  superAdmin: false,
}));

vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { id: "me", superAdmin: state.superAdmin } }) }));
vi.mock("./licences-section", () => ({ LicensesSection: () => null }));
vi.mock("./queries", () => ({
  useCustomer: () => ({
    data: state.view,
    isPending: state.view === undefined && state.error === null,
    isError: state.error !== null,
    error: state.error,
    isFetching: false,
    refetch: state.refetch,
  }),
  useIssueLicense: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));
vi.mock("~/features/refunds/queries", () => ({
  useRefundOrder: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useRequestRefund: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { CustomerPanel } = await import("./customer-panel");

const section = <T,>(items: T[], total = items.length) => ({ items, total });
const order = (over: Partial<CustomerOrder>): CustomerOrder => ({
  ...orderFixture(),
  provider: "payway",
  providerRef: "APV-9",
  deviceKey: null,
  ...over,
});

const view = (over: Partial<CustomerView> = {}): CustomerView => ({
  email: "dara@example.com",
  account: {
    id: "acc-1",
    name: "Dara",
    username: "dara",
    role: "admin",
    superAdmin: false,
    emailVerified: false,
    twoFactorEnabled: true,
    createdAt: "2026-10-01T00:00:00.000Z",
  },
  licences: section([], 3),
  orders: section([order({}), order({ id: "o2", tranId: "T-0002", refundedMills: 29_990, status: "refunded" }), order({ id: "o3", tranId: "T-0003", status: "pending", providerRef: null })], 140),
  balance: { apiKey: null, ledger: section([]) },
  otpOrders: section([], 0),
  history: section([]),
  audit: section([], 7),
  ...over,
});

function renderPanel(lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter>
      <CustomerPanel email="dara@example.com" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.view = view();
  state.error = null;
  state.refetch = vi.fn();
  state.superAdmin = false;
});
afterEach(cleanup);

describe("the customer's page", () => {
  it("says it is loading, under the e-mail asked for", () => {
    state.view = undefined;
    renderPanel();
    expect(screen.getByRole("heading", { level: 1, name: "dara@example.com" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Loading the customer");
  });

  it("says nobody has this e-mail and still offers to issue a licence", () => {
    state.view = undefined;
    state.error = new ApiError("NOT_FOUND", "No customer", 404);
    renderPanel();
    expect(screen.getByText("No customer has this e-mail")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Issue licence" }));
    expect(screen.getByRole("dialog", { name: "Issue a licence" })).toBeTruthy();
  });

  it("a 404 without the server's NOT_FOUND code (a proxy's page) is a failure, not 'no customer'", () => {
    state.view = undefined;
    state.error = new ApiError("HTTP_ERROR", "The server answered 404 Not Found", 404);
    renderPanel();
    expect(screen.queryByText("No customer has this e-mail")).toBeNull();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("shows another failure with the server's message and Try again", () => {
    state.view = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderPanel();
    expect(screen.getByText("Could not load this customer")).toBeTruthy();
    expect(screen.getByText("Unauthorized: Admin access required")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Issue licence" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the account and links to each section with its count", () => {
    renderPanel();
    const account = screen.getByTestId("customer-account");
    expect(within(account).getByRole("heading", { name: "Dara" })).toBeTruthy();
    expect(within(account).getByText("@dara")).toBeTruthy();
    expect(within(account).getByText("No")).toBeTruthy();
    expect(within(account).getByText("On")).toBeTruthy();
    expect(within(account).getByText("acc-1")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Sections" });
    expect(within(nav).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Licences (3)", "#licences"],
      ["Orders (140)", "#orders"],
      ["Balance", "#balance"],
      ["OTP (0)", "#otp-orders"],
      ["History", "#history"],
      ["Audit (7)", "#audit"],
    ]);
  });

  it("says when the e-mail has no account (buys without signing in)", () => {
    state.view = view({ account: null });
    renderPanel();
    expect(within(screen.getByTestId("customer-account")).getByText("No account (buys without signing in)")).toBeTruthy();
  });

  it("reads in Khmer", () => {
    state.view = view({ account: null });
    renderPanel("km");
    expect(screen.getByText("គ្មានគណនី (ទិញដោយមិនចូលគណនី)")).toBeTruthy();
    expect(within(screen.getByRole("navigation", { name: "ផ្នែក" })).getAllByRole("link")[0]!.textContent).toBe("អាជ្ញាប័ណ្ណ (3)");
  });
});

describe("the customer's orders", () => {
  const ordersTable = () => within(screen.getByRole("region", { name: "Orders" }));

  it("lists amounts, refunds and the provider's references, without Refund for an admin", () => {
    renderPanel();
    const rows = ordersTable().getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelectorAll("td")[2]!.textContent)).toEqual(["$29.99", "$29.99refunded $29.99", "$29.99"]);
    expect(rows[0]!.querySelectorAll("td")[4]!.textContent).toContain("apv APV-9");
    expect(ordersTable().queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(ordersTable().queryByRole("button", { name: /^Refund/ })).toBeNull();
  });

  it("shows a discounted order's code and what it took off, the code left as written, in English and Khmer", () => {
    state.view = view({ orders: section([order({ amountMills: 24_000, discountCode: "NEWYEAR-2027", discountMills: 5_990 })]) });
    renderPanel();
    const note = ordersTable().getByTestId("order-discount");
    expect(note.textContent).toBe("Code NEWYEAR-2027: −$5.99");
    expect(within(note).getByText("NEWYEAR-2027").getAttribute("translate")).toBe("no");
    cleanup();
    renderPanel("km");
    expect(screen.getByTestId("order-discount").textContent).toBe("កូដ NEWYEAR-2027៖ បញ្ចុះ $5.99");
  });

  it("says whom a gift was for, linking to the recipient's page (their licence is there), in English and Khmer", () => {
    state.view = view({ orders: section([order({ giftEmail: "sokha@example.com", buyKey: null })]) });
    renderPanel();
    const note = ordersTable().getByTestId("order-gift");
    expect(note.textContent).toBe("Gift for sokha@example.com");
    expect(within(note).getByRole("link", { name: "sokha@example.com" }).getAttribute("href")).toBe("/customers/sokha%40example.com");
    cleanup();
    renderPanel("km");
    expect(screen.getAllByTestId("order-gift")[0]!.textContent).toBe("អំណោយសម្រាប់ sokha@example.com");
  });

  it("names the references by the providers that took the orders, as the server says", () => {
    renderPanel();
    expect(ordersTable().getByRole("columnheader", { name: "PayWay tran_id" })).toBeTruthy();
    cleanup();
    state.view = view({ orders: section([order({}), order({ id: "o9", tranId: "TP0009", providerName: "Test Pay" })]) });
    renderPanel();
    expect(ordersTable().getByRole("columnheader", { name: "PayWay / Test Pay tran_id" })).toBeTruthy();
  });

  it("offers a super-admin Refund on a paid order with something left, and opens its dialog", () => {
    state.superAdmin = true;
    renderPanel();
    expect(ordersTable().getByRole("columnheader", { name: "Actions" })).toBeTruthy();
    const refunds = ordersTable().getAllByRole("button", { name: /^Refund / });
    expect(refunds.map((b) => b.getAttribute("aria-label"))).toEqual(["Refund 3 Months (T-0001)"]);
    fireEvent.click(refunds[0]!);
    expect(screen.getByRole("dialog", { name: "Refund this payment?" })).toBeTruthy();
  });
});
