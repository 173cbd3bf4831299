// The money-back queue on the Overview (decision 024): what an admin and a super-admin each see,
// the approve and decline dialogs, the request and the toasts after, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { AdminRefundRequest, RefundQueue } from "~/features/refunds/api";

const state = vi.hoisted(() => ({ queue: undefined as unknown, error: null as unknown, superAdmin: true }));
const decide = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { id: "me", superAdmin: state.superAdmin } }) }));
vi.mock("~/features/refunds/queries", () => ({
  useRefundQueue: () => ({ data: state.queue, isError: state.error !== null, error: state.error }),
  useDecideRefundRequest: () => ({ mutateAsync: decide, isPending: false }),
}));

const { RefundQueueCard } = await import("~/features/admin/refund-queue-card");

const request = (over: Partial<AdminRefundRequest["order"]> = {}, id = "r1"): AdminRefundRequest => ({
  id,
  status: "open",
  reason: "The tool does not start on my PC",
  decisionNote: null,
  createdAt: "2026-11-22T06:00:00.000Z",
  decidedAt: null,
  order: {
    id: "o1",
    tranId: "T-1",
    kind: "plan",
    email: "dara@example.com",
    planTitle: "3 Months",
    planMonths: 3,
    amountMills: 74_990,
    refundedMills: 10_000,
    status: "paid",
    paidAt: "2026-11-21T06:00:00.000Z",
    ...over,
  },
});

const queue = (over: Partial<RefundQueue> = {}): RefundQueue => ({ requests: [request()], shortfalls: [], windowDays: 3, ...over });

beforeEach(() => {
  state.queue = queue();
  state.error = null;
  state.superAdmin = true;
  for (const fn of [decide, toast.success, toast.warning, toast.error]) fn.mockReset();
});
afterEach(cleanup);

describe("the refund requests queue", () => {
  it("lists an open request with what is left to refund and the customer's reason", () => {
    renderInLanguage("en", <RefundQueueCard />);
    expect(screen.getByText("Refund requests")).toBeTruthy();
    expect(screen.getByTestId("refund-queue-count").textContent).toBe("1");
    expect(screen.getByText(/^The money-back guarantee: customers ask within 3 days of paying\. Approving refunds/)).toBeTruthy();
    const item = within(screen.getByRole("list", { name: "Open refund requests, oldest first" })).getByTestId("refund-request");
    expect(within(item).getByText(/^3 Months · \$64\.99 · paid /)).toBeTruthy();
    // The customer's words in their own element, which translators (and the pseudo-locale walk) leave.
    const reason = within(item).getByText("The tool does not start on my PC");
    expect(reason.parentElement?.textContent).toMatch(/^Asked .*: “The tool does not start on my PC”$/);
    expect(reason.getAttribute("translate")).toBe("no");
    expect(reason.getAttribute("lang")).toBe("");
  });

  it("lets a super-admin decide, and shows an admin the requests without the buttons", () => {
    renderInLanguage("en", <RefundQueueCard />);
    expect(screen.getByRole("button", { name: "Approve the refund request of dara@example.com" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Decline the refund request of dara@example.com" })).toBeTruthy();
    cleanup();
    state.superAdmin = false;
    renderInLanguage("en", <RefundQueueCard />);
    expect(screen.getByTestId("refund-request")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /refund request of/ })).toBeNull();
    expect(screen.getByText(/A super-admin approves or declines\.$/)).toBeTruthy();
  });

  it("says when nothing is open, and lists refunds the spent credit could not cover", () => {
    state.queue = queue({
      requests: [],
      shortfalls: [{ refundId: "f1", orderId: "o9", tranId: "T-9", email: "sokha@example.com", amountMills: 10_000, shortfallMills: 2_505, createdAt: "2026-11-20T06:00:00.000Z" }],
    });
    renderInLanguage("en", <RefundQueueCard />);
    expect(screen.getByText("No open requests.")).toBeTruthy();
    expect(screen.getByTestId("refund-queue-count").textContent).toBe("0");
    const shortfalls = screen.getByTestId("refund-shortfalls");
    expect(within(shortfalls).getByText(/^sokha@example\.com: \$10\.00 refunded \(T-9\), \$2\.505 could not be taken off the balance — /)).toBeTruthy();
  });

  it("shows the error of a failed load instead of the list", () => {
    state.queue = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <RefundQueueCard />);
    expect(screen.getByText("Unauthorized: Admin access required")).toBeTruthy();
    expect(screen.queryByTestId("refund-queue-count")).toBeNull();
  });
});

describe("deciding a refund request", () => {
  it("approves a licence's request with a note and says 'Refund approved' with the server's words", async () => {
    decide.mockResolvedValue({ refund: { appliedAt: "2026-11-22T07:00:00.000Z" }, message: "Refunded $64.99" });
    renderInLanguage("en", <RefundQueueCard />);
    fireEvent.click(screen.getByRole("button", { name: "Approve the refund request of dara@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Refund $64.99 to dara@example.com?" });
    expect(within(dialog).getByText(/^The rest of the 3 Months payment goes back .* and the licence is revoked\. The customer is told by e-mail, with your note\.$/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Note for the customer (optional)"), { target: { value: "  Sorry it did not work  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve and refund" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(decide).toHaveBeenCalledWith({ requestId: "r1", decision: "approve", note: "Sorry it did not work" });
    expect(toast.success).toHaveBeenCalledWith("Refund approved", { description: "Refunded $64.99" });
  });

  it("warns when the refund was recorded but not yet applied", async () => {
    decide.mockResolvedValue({ refund: { appliedAt: null }, message: "Recorded; finishing" });
    renderInLanguage("en", <RefundQueueCard />);
    fireEvent.click(screen.getByRole("button", { name: "Approve the refund request of dara@example.com" }));
    fireEvent.click(screen.getByRole("button", { name: "Approve and refund" }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith("Refund approved", { description: "Recorded; finishing" }));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says a top-up's approval takes the amount off the balance", () => {
    state.queue = queue({ requests: [request({ kind: "topup", planTitle: "Balance Top Up", planMonths: null, refundedMills: 0, amountMills: 5_000 })] });
    renderInLanguage("en", <RefundQueueCard />);
    fireEvent.click(screen.getByRole("button", { name: "Approve the refund request of dara@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Refund $5.00 to dara@example.com?" });
    expect(within(dialog).getByText(/^The rest of the Balance Top Up payment goes back .* and is taken off the balance\./)).toBeTruthy();
  });

  it("declines and says 'Request not declined' with the server's message on a failure", async () => {
    decide.mockRejectedValue(new ApiError("CONFLICT", "The request was already decided", 409));
    renderInLanguage("en", <RefundQueueCard />);
    fireEvent.click(screen.getByRole("button", { name: "Decline the refund request of dara@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Decline this refund request?" });
    expect(within(dialog).getByText("Nothing is refunded. The customer is told by e-mail, with your note.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Note for the customer"), { target: { value: "Used for a month" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Request not declined", { description: "The request was already decided" }));
    expect(decide).toHaveBeenCalledWith({ requestId: "r1", decision: "decline", note: "Used for a month" });
  });

  it("closes on Escape without deciding", async () => {
    renderInLanguage("en", <RefundQueueCard />);
    fireEvent.click(screen.getByRole("button", { name: "Decline the refund request of dara@example.com" }));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(decide).not.toHaveBeenCalled();
  });

  it("reads in Khmer: the card, the buttons and the approval's dialog", async () => {
    decide.mockResolvedValue({ refund: { appliedAt: "2026-11-22T07:00:00.000Z" }, message: "ok" });
    renderInLanguage("km", <RefundQueueCard />);
    expect(screen.getByText("សំណើសងប្រាក់វិញ")).toBeTruthy();
    const reason = screen.getByText("The tool does not start on my PC");
    expect(reason.parentElement?.textContent).toMatch(/^បានស្នើសុំ .*៖ “The tool does not start on my PC”$/);
    expect(reason.getAttribute("translate")).toBe("no");
    fireEvent.click(screen.getByRole("button", { name: "យល់ព្រមសំណើសងប្រាក់វិញរបស់ dara@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "សងប្រាក់វិញ $64.99 ទៅ dara@example.com?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "យល់ព្រម និងសងប្រាក់វិញ" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("បានយល់ព្រមការសងប្រាក់វិញ", { description: "ok" }));
  });
});
