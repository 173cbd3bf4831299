// The Buy licences in bulk card (decision 080): the price preview follows the plan's volume tiers
// as the server prices the order (unit price less the tier's percent, total = N × unit), a quantity
// out of 2..500 is said at the field in the reader's language and keeps Pay off, and Pay opens the
// shared payment dialog for the bulk checkout, returning to /reseller.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ResellerPlan } from "../../../../contracts/reseller";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const m = vi.hoisted(() => ({ checkout: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));
vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/provider-name", () => import("~/test/fake-provider"));
vi.mock("~/lib/api", async (original) => ({ ...(await original<typeof import("~/lib/api")>()), api: { getMe: () => Promise.resolve({ email: "shop@example.com" }) } }));
vi.mock("./api", async (original) => ({ ...(await original<typeof import("./api")>()), resellerApi: { checkout: m.checkout } }));

const { BulkBuyCard } = await import("./bulk-buy-card");

const PLANS: ResellerPlan[] = [
  { id: "local-1m", title: "1 Month", months: 1, market: "local", priceMills: 9_990, termDays: 30, keyChanges: 3, volumeTiers: [{ minQuantity: 10, percentOff: 10 }, { minQuantity: 50, percentOff: 20 }] },
  { id: "foreign-12m", title: "12 Months", months: 12, market: "foreign", priceMills: 99_990, termDays: 365, keyChanges: 9, volumeTiers: [] },
];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderCard(lng: Language = "en") {
  renderInLanguage(lng, <BulkBuyCard plans={PLANS} failed={false} />);
}
const quantity = (value: string, label = "Number of licences") => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const unit = () => screen.getByTestId("bulk-unit-price").textContent;
const total = () => screen.getByTestId("bulk-total").textContent;

describe("the bulk price preview", () => {
  it("takes the highest tier the quantity reaches: the unit price less its percent, and the total of N", () => {
    renderCard();
    // The default, 10 licences: the 10% tier ($9.99 less 99 cents, rounded down to whole cents).
    expect(unit()).toBe("$9.99$9.0010% off");
    expect(total()).toBe("$90.00");
    expect(screen.getByText("10 × $9.00")).toBeTruthy();
    quantity("5");
    expect(unit()).toBe("$9.99");
    expect(total()).toBe("$49.95");
    expect(screen.queryByTestId("bulk-percent-off")).toBeNull();
    quantity("50");
    expect(unit()).toBe("$9.99$8.0020% off");
    expect(total()).toBe("$400.00");
    // The tier taken is marked among the plan's tiers.
    const tiers = within(screen.getByTestId("volume-tiers")).getAllByRole("listitem");
    expect(tiers.map((tier) => tier.getAttribute("aria-current"))).toEqual([null, "true"]);
    expect(screen.getByRole("button", { name: "Pay $400.00" })).toBeTruthy();
    expect(screen.getByText(/Discount codes do not combine with volume prices/)).toBeTruthy();
  });

  it("groups the plans by price list (the local list's first chosen), and a plan without tiers costs its price for each licence", () => {
    renderInLanguage("en", <BulkBuyCard plans={[...PLANS].reverse()} failed={false} />);
    const select = screen.getByLabelText("Plan") as HTMLSelectElement;
    expect([...select.querySelectorAll("optgroup")].map((group) => group.label)).toEqual(["Local price list", "Foreign price list"]);
    expect(select.value).toBe("local-1m");
    fireEvent.change(select, { target: { value: "foreign-12m" } });
    expect(screen.getByText(/This plan has no volume prices/)).toBeTruthy();
    expect(unit()).toBe("$99.99");
    expect(total()).toBe("$999.90");
  });

  it("says a quantity out of 2 to 500 at the field, in the reader's language, and keeps Pay off", () => {
    renderCard();
    for (const bad of ["1", "501", "2.5", ""]) {
      quantity(bad);
      expect(screen.getByRole("alert").textContent).toBe("Enter a number of licences from 2 to 500");
      expect((screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled).toBe(true);
      expect(total()).toBe("—");
    }
    cleanup();
    renderCard("km");
    quantity("600", "ចំនួនអាជ្ញាប័ណ្ណ");
    expect(screen.getByRole("alert").textContent).toBe("សូមបញ្ចូលចំនួនអាជ្ញាប័ណ្ណពី 2 ដល់ 500");
  });

  it("pays through the shared payment dialog: N licences of the plan, back to the Reseller page", async () => {
    m.checkout.mockResolvedValue({ order: { id: "o1", tranId: "T1", providerName: "PayWay" }, checkout: { provider: "payway" }, receipt: "R" });
    renderCard();
    quantity("12");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pay $108.00" }));
    });
    // The payment dialog loads on the first Pay (a lazy chunk): slow on a busy machine.
    const dialog = await screen.findByRole("dialog", { name: "Pay for your licences" }, { timeout: 5_000 });
    expect(within(dialog).getByTestId("checkout-item").textContent).toBe("12 × 1 Month");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$108.00 USD");
    // No discount code field: a bulk order takes its volume price only.
    expect(within(dialog).queryByLabelText(/discount code/i)).toBeNull();
    await waitFor(() => expect((within(dialog).getByLabelText("E-mail") as HTMLInputElement).value).toBe("shop@example.com"), { timeout: 5_000 });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Pay $108.00" }));
    });
    await waitFor(() => expect(m.checkout).toHaveBeenCalledWith({ planId: "local-1m", quantity: 12, returnTo: "reseller" }));
  });
});
