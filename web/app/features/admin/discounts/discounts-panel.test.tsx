// The Discount codes page (super-admin, decision 077): the list with each code's discount, plans,
// window and uses; a new code sent as the server takes it (a fixed amount in mills, plans from the
// catalogue); a taken name (DISCOUNT_EXISTS) said at the code field in the table's words; editing a
// code's limits (only what changed is sent); switching a code off; and a code's page.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { DiscountDto, DiscountReport } from "../../../../../contracts/discounts";
import { ApiError } from "~/lib/api";
import { click, renderInLanguage, type } from "~/test/render";

const state = vi.hoisted(() => ({ discounts: [] as unknown[], report: null as unknown }));
const m = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("~/features/admin/catalogue/queries", () => ({
  useCatalogue: () => ({
    data: {
      plans: [
        { id: "local-1m", market: "local", months: 1, priceMills: 9_990, sortOrder: 1 },
        { id: "local-3m", market: "local", months: 3, priceMills: 29_990, sortOrder: 2 },
        { id: "foreign-1m", market: "foreign", months: 1, priceMills: 12_990, sortOrder: 1 },
      ],
    },
  }),
}));
vi.mock("./queries", () => {
  // A refusal is a rejected promise the dialog handles: made by a plain function, not a spy's result.
  const mutation = (fn: (input: unknown) => unknown) => () => ({
    mutateAsync: (input: unknown) => Promise.resolve().then(() => fn(input)),
    mutate: (input: unknown, o?: { onSuccess?: () => void; onError?: (e: unknown) => void }) =>
      Promise.resolve()
        .then(() => fn(input))
        .then(() => o?.onSuccess?.(), (e) => o?.onError?.(e)),
    isPending: false,
  });
  return {
    useDiscounts: () => ({ data: { discounts: state.discounts }, isError: false, error: null, refetch: vi.fn() }),
    useDiscountReport: () => ({ data: state.report, isError: false, error: null, refetch: vi.fn() }),
    useCreateDiscount: mutation((input) => m.create(input)),
    useUpdateDiscount: mutation((input) => m.update(input)),
  };
});

const { DiscountsPanel } = await import("./discounts-panel");
const { DiscountReportPanel } = await import("./discount-report");

function discount(over: Partial<DiscountDto> = {}): DiscountDto {
  return {
    id: "d1",
    code: "NEWYEAR",
    kind: "percent",
    value: 20,
    planIds: [],
    markets: [],
    startsAt: null,
    endsAt: null,
    maxUses: 100,
    maxUsesPerCustomer: 1,
    firstPurchaseOnly: false,
    note: "",
    active: true,
    usesPaid: 7,
    usesHeld: 2,
    createdAt: "2026-11-27T00:00:00.000Z",
    updatedAt: "2026-11-27T00:00:00.000Z",
    ...over,
  };
}

const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-discount="${id}"]`)!;
const renderPage = (lng: "en" | "km" = "en") => renderInLanguage(lng, <MemoryRouter><DiscountsPanel /></MemoryRouter>);

beforeEach(() => {
  state.discounts = [
    discount(),
    discount({ id: "d2", code: "YOUTUBE-SOKHA", kind: "fixed", value: 5_000, planIds: ["local-3m"], markets: ["local"], maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: true, active: false, usesPaid: 0, usesHeld: 0 }),
  ];
  m.create.mockImplementation(() => discount({ id: "d3", code: "PCHUMBEN" }));
  m.update.mockImplementation(() => discount());
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the Discount codes page", () => {
  it("lists each code with its discount, plans and price lists, window, uses and status", () => {
    renderPage();
    const first = row("d1");
    expect(within(first).getByTestId("discount-code").textContent).toBe("NEWYEAR");
    expect(within(first).getByText("20% off")).toBeTruthy();
    expect(within(first).getByText("1 per customer")).toBeTruthy();
    expect(within(first).getByText("All plans")).toBeTruthy();
    expect(within(first).getByText("Both price lists")).toBeTruthy();
    expect(within(first).getByText("No time limit")).toBeTruthy();
    expect(within(first).getByText("7 paid · 2 held")).toBeTruthy();
    expect(within(first).getByText("of 100")).toBeTruthy();
    expect(within(first).getByText("Active")).toBeTruthy();
    const second = row("d2");
    expect(within(second).getByText("$5.00 off")).toBeTruthy();
    expect(within(second).getByText("First purchase only")).toBeTruthy();
    expect(within(second).getByText("3 Months (Local)")).toBeTruthy();
    expect(within(second).getByText("no limit")).toBeTruthy();
    expect(within(second).getByText("Switched off")).toBeTruthy();
    expect(within(second).getByRole("link", { name: "Open YOUTUBE-SOKHA" }).getAttribute("href")).toBe("/discounts/d2");
  });

  it("words the list in Khmer", () => {
    renderPage("km");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("កូដបញ្ចុះតម្លៃ");
    expect(within(row("d1")).getByText("បញ្ចុះ 20%")).toBeTruthy();
    expect(within(row("d2")).getByText("បានបិទ")).toBeTruthy();
  });

  it("creates a code as the server takes it: a fixed amount in mills, the plans chosen, the limits", async () => {
    renderPage();
    await click("New code");
    const dialog = screen.getByRole("dialog", { name: "New discount code" });
    type("Code", "pchumben");
    fireEvent.click(within(dialog).getByLabelText("Fixed amount"));
    type("Amount off (USD)", "3.50");
    fireEvent.click(within(dialog).getByLabelText("3 Months · Local · $29.99"));
    type("Total uses", "50");
    fireEvent.click(within(dialog).getByLabelText("First purchase only (customers with no paid plan yet)"));
    await click("Create code", dialog);
    expect(m.create).toHaveBeenCalledWith({
      code: "PCHUMBEN",
      kind: "fixed",
      value: 3_500,
      planIds: ["local-3m"],
      markets: [],
      firstPurchaseOnly: true,
      startsAt: null,
      endsAt: null,
      maxUses: 50,
      maxUsesPerCustomer: null,
      note: "",
    });
    expect(toast.success).toHaveBeenCalledWith("Code created", { description: "PCHUMBEN" });
  });

  it("checks the fields first, and says a taken name at the code field in the table's words", async () => {
    renderPage();
    await click("New code");
    const dialog = screen.getByRole("dialog", { name: "New discount code" });
    type("Code", "x");
    type("Percent off", "150");
    await click("Create code", dialog);
    expect(m.create).not.toHaveBeenCalled();
    expect(within(dialog).getByText("A code is 3 to 32 letters, digits, - or _")).toBeTruthy();
    expect(within(dialog).getByText("A percent discount is 1 to 99")).toBeTruthy();
    m.create.mockImplementation(() => {
      throw new ApiError("DISCOUNT_EXISTS", "A discount code with this name exists already.", 409);
    });
    type("Code", "NEWYEAR");
    type("Percent off", "10");
    await click("Create code", dialog);
    const code = within(dialog).getByLabelText("Code");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("A discount code with this name exists already.")).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("edits a code's limits, sending only what changed", async () => {
    renderPage();
    await click("Edit NEWYEAR");
    const dialog = screen.getByRole("dialog", { name: "Edit NEWYEAR" });
    type("Total uses", "");
    type("Uses per customer", "2");
    await click("Save", dialog);
    expect(m.update).toHaveBeenCalledWith({ id: "d1", body: { maxUses: null, maxUsesPerCustomer: 2 } });
  });

  it("switches a code off, and one back on", async () => {
    renderPage();
    await click("Switch NEWYEAR off");
    expect(m.update).toHaveBeenCalledWith({ id: "d1", body: { active: false } });
    expect(toast.success).toHaveBeenCalledWith("Code switched off", { description: "NEWYEAR" });
    await click("Switch YOUTUBE-SOKHA on");
    expect(m.update).toHaveBeenLastCalledWith({ id: "d2", body: { active: true } });
  });
});

describe("a discount code's page", () => {
  const report: DiscountReport = {
    discount: discount({ note: "Sokha's channel" }),
    revenueMills: 167_930,
    discountedMills: 41_980,
    refundedMills: 23_990,
    refundedOrders: 1,
    orders: [
      { tranId: "T100", email: "dara@example.com", planTitle: "3 Months", planMonths: 3, status: "paid", amountMills: 23_990, discountMills: 6_000, refundedMills: 0, createdAt: "2026-11-27T01:00:00.000Z", paidAt: "2026-11-27T01:02:00.000Z" },
      { tranId: "T101", email: "sok@example.com", planTitle: "1 Month", planMonths: 1, status: "refunded", amountMills: 7_990, discountMills: 2_000, refundedMills: 7_990, createdAt: "2026-11-26T01:00:00.000Z", paidAt: null },
    ],
  };

  it("shows its uses, revenue, discount given, refunds, rules and orders", async () => {
    state.report = report;
    renderInLanguage("en", <MemoryRouter><DiscountReportPanel id="d1" /></MemoryRouter>);
    await act(async () => undefined);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("NEWYEAR");
    expect(screen.getByTestId("report-uses").textContent).toBe("7");
    expect(screen.getByTestId("report-revenue").textContent).toBe("$167.93");
    expect(screen.getByTestId("report-discounted").textContent).toBe("$41.98");
    expect(screen.getByTestId("report-refunds").textContent).toBe("$23.99");
    expect(screen.getByText("$23.99 (1 order)")).toBeTruthy();
    expect(screen.getByText("Sokha's channel")).toBeTruthy();
    const orders = screen.getAllByTestId("discount-order");
    expect(orders).toHaveLength(2);
    expect(within(orders[0]!).getByText("T100")).toBeTruthy();
    expect(within(orders[0]!).getByText("−$6.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Discount codes" }).getAttribute("href")).toBe("/discounts");
  });

  it("says when no order has used it yet, in Khmer", async () => {
    state.report = { ...report, orders: [] };
    renderInLanguage("km", <MemoryRouter><DiscountReportPanel id="d1" /></MemoryRouter>);
    await act(async () => undefined);
    expect(screen.getByText("មិនទាន់មានការបញ្ជាទិញដែលប្រើកូដនេះទេ")).toBeTruthy();
  });
});
