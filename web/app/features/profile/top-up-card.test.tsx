// Profile's Top Up Balance (spec §2, §5): 'Top Up Now' disabled below $1, the amount's checks with
// the spec's words, the 'Balance Top Up' dialog with the amount read once and the mills the order
// is asked for, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { renderInLanguage } from "~/test/render";

const checkoutApi = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ error: vi.fn() }));
const plansAnswer = vi.hoisted(() =>
  vi.fn(async (_path: string) => ({ data: { plans: [], paymentProvider: { id: "testpay", name: "Test Pay" } }, response: new Response("{}", { status: 200 }) })),
);

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/api", () => ({ ordersApi: { checkout: checkoutApi } }));
vi.mock("~/lib/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/lib/api")>()),
  api: { getMe: async () => ({ email: "dara@example.com" }) },
  // GET /api/plans names the provider new checkouts go to.
  client: { GET: plansAnswer },
}));
// The provider's part of Pay (its script, its window) is not this component's.
vi.mock("~/features/payments/use-checkout", () => import("~/test/fake-checkout"));

const { TopUpCard } = await import("./top-up-card");

beforeEach(() => {
  checkoutApi.mockReset().mockResolvedValue({});
  toast.error.mockReset();
});
afterEach(cleanup);

const amountField = () => screen.getByLabelText("Amount (USD)");
const topUpNow = () => screen.getByRole("button", { name: "Top Up Now" });

describe("Top Up Balance", () => {
  it("keeps 'Top Up Now' disabled with nothing or less than $1 typed", () => {
    renderInLanguage("en", <TopUpCard />);
    expect(screen.getByRole("heading", { name: "Top Up Balance" })).toBeTruthy();
    const field = amountField();
    expect(field.getAttribute("min")).toBe("1.00");
    expect(field.getAttribute("step")).toBe("0.01");
    expect(topUpNow().hasAttribute("disabled")).toBe(true);
    fireEvent.change(field, { target: { value: "0.99" } });
    expect(topUpNow().hasAttribute("disabled")).toBe(true);
    fireEvent.change(field, { target: { value: "1" } });
    expect(topUpNow().hasAttribute("disabled")).toBe(false);
  });

  it.each([
    ["10000.01", "Please enter an amount of $10000 or less"],
    ["1.005", "Invalid amount"],
  ])("refuses %j with 'Invalid amount' / %j and opens nothing", (value, description) => {
    renderInLanguage("en", <TopUpCard />);
    fireEvent.change(amountField(), { target: { value } });
    fireEvent.click(topUpNow());
    expect(toast.error).toHaveBeenCalledWith("Invalid amount", expect.objectContaining({ description }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens 'Balance Top Up' with the amount and the account's e-mail, and asks for that many mills", async () => {
    renderInLanguage("en", <TopUpCard />);
    fireEvent.change(amountField(), { target: { value: "12.5" } });
    fireEvent.click(topUpNow());
    const dialog = await screen.findByRole("dialog", { name: "Balance Top Up" });
    expect(within(dialog).getByTestId("checkout-item").textContent).toBe("Balance Top Up");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$12.50 USD");
    await waitFor(() => expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("dara@example.com"));
    // The amount was read when the dialog opened: typing again does not change what is paid.
    fireEvent.change(amountField(), { target: { value: "99" } });
    const pay = within(dialog).getByRole("button", { name: "Pay $12.50" });
    await waitFor(() => expect(pay.hasAttribute("disabled")).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(checkoutApi).toHaveBeenCalledWith({ kind: "topup", amountMills: 12_500, returnTo: "profile" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("names the provider the server says takes the payment", async () => {
    renderInLanguage("en", <TopUpCard />);
    fireEvent.change(amountField(), { target: { value: "5" } });
    fireEvent.click(topUpNow());
    const dialog = await screen.findByRole("dialog", { name: "Balance Top Up" });
    await waitFor(() => expect(within(dialog).getByText(/Add money to your API key balance with ABA Test Pay/)).toBeTruthy());
    expect(plansAnswer).toHaveBeenCalledWith("/api/plans", expect.anything());
  });

  it("closes with Cancel without asking for an order", async () => {
    renderInLanguage("en", <TopUpCard />);
    fireEvent.change(amountField(), { target: { value: "5" } });
    fireEvent.click(topUpNow());
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(checkoutApi).not.toHaveBeenCalled();
  });

  it("reads in Khmer: the card, the refusal and the dialog", async () => {
    renderInLanguage("km", <TopUpCard />);
    expect(screen.getByRole("heading", { name: "បញ្ចូលសមតុល្យ" })).toBeTruthy();
    const field = screen.getByLabelText("ចំនួនទឹកប្រាក់ (USD)");
    fireEvent.change(field, { target: { value: "20000" } });
    fireEvent.click(screen.getByRole("button", { name: "បញ្ចូលសមតុល្យឥឡូវនេះ" }));
    expect(toast.error).toHaveBeenCalledWith("ចំនួនទឹកប្រាក់មិនត្រឹមត្រូវ", expect.objectContaining({ description: "សូមបញ្ចូលចំនួនទឹកប្រាក់មិនលើសពី $10000" }));
    fireEvent.change(field, { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "បញ្ចូលសមតុល្យឥឡូវនេះ" }));
    // The payment dialog loads when first opened.
    const dialog = await screen.findByRole("dialog", { name: "ការបញ្ចូលសមតុល្យ" });
    expect(within(dialog).getByRole("button", { name: "បង់ $10.00" })).toBeTruthy();
  });
});
