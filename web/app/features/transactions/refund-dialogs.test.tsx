// The refund dialogs (decision 024): a super-admin's refund of an order (the amount in mills sent,
// or none for all that is left; the checks before sending; what the refund did) and a customer's
// money-back request (10 to 1000 characters), in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Order } from "~/features/payments/api";
import { renderInLanguage } from "~/test/render";

const refund = vi.hoisted(() => vi.fn());
const request = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/refunds/queries", () => ({
  useRefundOrder: () => ({ mutateAsync: refund, isPending: false }),
  useRequestRefund: () => ({ mutateAsync: request, isPending: false }),
}));

const { RefundOrderDialog, RequestRefundDialog } = await import("~/features/transactions/refund-dialogs");

const order = (over: Partial<Order> = {}): Order => ({
  id: "o1",
  tranId: "T-1",
  kind: "plan",
  email: "dara@example.com",
  planId: "local-3m",
  planTitle: "3 Months",
  planMonths: 3,
  amountMills: 74_990,
  amount: "74.99",
  currency: "USD",
  status: "paid",
  providerName: "PayWay",
  buyKey: "BUYKEY-0001",
  createdAt: "2026-11-21T06:00:00.000Z",
  paidAt: "2026-11-21T06:00:00.000Z",
  expiresAt: null,
  refundedMills: 0,
  refundRequest: null,
  refundRequestUntil: null,
  ...over,
});

const onClose = vi.fn();
beforeEach(() => {
  for (const fn of [refund, request, onClose, toast.success, toast.warning, toast.error]) fn.mockReset();
});
afterEach(cleanup);

const applied = (reversal: object, amountMills = 74_990) => ({ refund: { amountMills, appliedAt: "2026-11-22T07:00:00.000Z", reversal } });

describe("a super-admin's refund of an order", () => {
  it("offers all that is left, says what a licence refund does, and sends no amount for all of it", async () => {
    refund.mockResolvedValue(applied({ licenceRevoked: { buyKey: "BUYKEY-0001" }, daysRemoved: { days: 90 } }));
    renderInLanguage("en", <RefundOrderDialog order={order()} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Refund this payment?" });
    expect(within(dialog).getByText(/^dara@example\.com: 3 Months, \$74\.99 paid\. .* A refund of all that is left revokes the licence/)).toBeTruthy();
    const amount = within(dialog).getByLabelText("Amount (USD)") as HTMLInputElement;
    expect(amount.value).toBe("74.99");
    expect(within(dialog).getByText("All that is left by default: $74.99.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: " Charged twice " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(refund).toHaveBeenCalledWith({ orderId: "o1", body: { amountMills: undefined, reason: "Charged twice" } });
    expect(toast.success).toHaveBeenCalledWith("Refund made", { description: "$74.99 refunded; licence BUYKEY-0001 revoked; 90 days taken off the licence." });
  });

  it("a bulk order: says its unassigned licences are taken back, and how many were revoked, in words (English and Khmer)", async () => {
    for (const [language, what, outcome] of [
      ["en", "A bulk order of 10 licences", "$89.90 refunded; 7 licences revoked; 3 assigned licences stay valid."],
      ["km", "ការបញ្ជាទិញជាដុំនៃអាជ្ញាប័ណ្ណ 10", "បានដកហូតអាជ្ញាប័ណ្ណ 7; អាជ្ញាប័ណ្ណ 3 ដែលបានផ្ដល់ទៅអតិថិជន នៅតែមានសុពលភាព."],
    ] as const) {
      refund.mockResolvedValue(applied({ licencesRevoked: { count: 7, licenseIds: [], keptAssigned: 3 } }, 89_900));
      renderInLanguage(language, <RefundOrderDialog order={order({ quantity: 10, amountMills: 89_900 })} onClose={onClose} />);
      const dialog = screen.getByRole("dialog");
      expect(within(dialog).getByText(new RegExp(what))).toBeTruthy();
      fireEvent.change(dialog.querySelector("textarea")!, { target: { value: "Unused" } });
      fireEvent.submit(dialog.querySelector("form")!);
      await waitFor(() => expect(toast.success).toHaveBeenCalled());
      expect((toast.success as unknown as { mock: { calls: Array<[string, { description: string }]> } }).mock.calls.at(-1)![1].description).toContain(outcome);
      cleanup();
      (toast.success as unknown as { mockReset: () => void }).mockReset();
    }
  });

  it("sends a part in mills, and says the balance it took back on a top-up", async () => {
    refund.mockResolvedValue(applied({ balanceDebited: { mills: 2_500 } }, 2_500));
    renderInLanguage("en", <RefundOrderDialog order={order({ kind: "topup", planTitle: "Balance Top Up", planMonths: null, amountMills: 10_000, refundedMills: 5_000 })} onClose={onClose} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/^dara@example\.com: Balance Top Up, \$10\.00 paid, \$5\.00 refunded already\. .* The amount is taken off the customer's balance\.$/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "2.50" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Unused credit" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(refund).toHaveBeenCalledWith({ orderId: "o1", body: { amountMills: 2_500, reason: "Unused credit" } }));
    expect(toast.success).toHaveBeenCalledWith("Refund made", { description: "$2.50 refunded; $2.50 taken off the balance." });
  });

  it("warns when the refund is recorded but taking back what it paid for did not finish", async () => {
    refund.mockResolvedValue({ refund: { amountMills: 74_990, appliedAt: null, reversal: {} } });
    renderInLanguage("en", <RefundOrderDialog order={order()} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith("Refund made", { description: expect.stringMatching(/^\$74\.99 refunded and recorded\. Taking back what it paid for did not finish/) }));
  });

  it.each([
    ["0", "Enter an amount in whole cents, more than $0.00"],
    ["1.234", "Enter an amount in whole cents, more than $0.00"],
    ["abc", "Enter an amount in whole cents, more than $0.00"],
    ["75.00", "That is more than what is left to refund ($74.99)."],
  ])("refuses the amount %j: %s", async (value, message) => {
    renderInLanguage("en", <RefundOrderDialog order={order()} onClose={onClose} />);
    const amount = screen.getByLabelText("Amount (USD)");
    fireEvent.change(amount, { target: { value } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(refund).not.toHaveBeenCalled();
  });

  it("asks why, and refuses a reason with a control character", async () => {
    renderInLanguage("en", <RefundOrderDialog order={order()} onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Say why (1 to 500 characters)");
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "bad\u0007bell" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Must not contain control characters"));
    expect(refund).not.toHaveBeenCalled();
  });

  it("says 'Refund not made' with the server's message", async () => {
    refund.mockRejectedValue(new ApiError("CONFLICT", "The order was refunded already", 409));
    renderInLanguage("en", <RefundOrderDialog order={order()} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Refund not made", { description: "The order was refunded already" }));
  });

  it("reads in Khmer, its checks included", async () => {
    renderInLanguage("km", <RefundOrderDialog order={order()} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: "សងប្រាក់វិញសម្រាប់ការបង់ប្រាក់នេះ?" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("ចំនួនទឹកប្រាក់ (USD)"), { target: { value: "80" } });
    fireEvent.change(screen.getByLabelText("មូលហេតុ"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "សងប្រាក់វិញ" }));
    expect((await screen.findByRole("alert")).textContent).toBe("ចំនួននេះច្រើនជាងអ្វីដែលនៅសល់សម្រាប់សងវិញ ($74.99)។");
  });
});

describe("a customer's money-back request", () => {
  it("says until when, counts the characters and refuses fewer than 10", async () => {
    renderInLanguage("en", <RequestRefundDialog order={order({ refundRequestUntil: "2026-11-24T06:00:00.000Z" })} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Request a refund" });
    expect(within(dialog).getByText(/^3 Months, \$74\.99\. Our money-back guarantee: ask until .+ and a person reviews it\. If it is approved, the licence stops working\.$/)).toBeTruthy();
    const reason = within(dialog).getByLabelText("Why do you want a refund?");
    fireEvent.change(reason, { target: { value: "  too short " } });
    expect(within(dialog).getByText("9 / 1000 characters (at least 10)")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Tell us why in 10 to 1000 characters");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(request).not.toHaveBeenCalled();
  });

  it("sends the trimmed reason and says 'Refund requested'", async () => {
    request.mockResolvedValue({});
    renderInLanguage("en", <RequestRefundDialog order={order({ kind: "topup", planTitle: "Balance Top Up", planMonths: null, amountMills: 5_000 })} onClose={onClose} />);
    expect(screen.getByText(/^Balance Top Up, \$5\.00\. Our money-back guarantee: ask and a person reviews it\. If it is approved, the amount is taken off your balance\.$/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Why do you want a refund?"), { target: { value: "  I topped up the wrong account  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(request).toHaveBeenCalledWith({ orderId: "o1", reason: "I topped up the wrong account" });
    expect(toast.success).toHaveBeenCalledWith("Refund requested", { description: "We will answer by e-mail. Your purchase keeps working meanwhile." });
  });

  it("says 'Refund not requested' with the server's message", async () => {
    request.mockRejectedValue(new ApiError("CONFLICT", "The money-back window has closed", 409));
    renderInLanguage("en", <RequestRefundDialog order={order()} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText("Why do you want a refund?"), { target: { value: "It does not work for me" } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Refund not requested", { description: "The money-back window has closed" }));
  });

  it("closes on Escape", () => {
    renderInLanguage("en", <RequestRefundDialog order={order()} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("reads in Khmer, the length check included", async () => {
    renderInLanguage("km", <RequestRefundDialog order={order()} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: "ស្នើសុំសងប្រាក់វិញ" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "ផ្ញើសំណើ" }));
    // The copy keeps a no-break space before the unit.
    expect((await screen.findByRole("alert")).textContent).toMatch(/^សូមប្រាប់យើងពីមូលហេតុ ក្នុងចន្លោះ 10 ដល់ 1000\sតួអក្សរ$/);
  });
});
