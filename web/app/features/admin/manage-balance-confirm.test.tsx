// Manage Balances' confirmation (spec §5, §8, decision 053): the before → after figure, the mills
// the confirm sends, the note's limit, the toasts after, and the phone layout's cards.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { BalanceUser } from "./api";

const state = vi.hoisted(() => ({ mobile: false }));
const mutateAsync = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

const dara: BalanceUser = {
  id: "u1",
  email: "dara@example.com",
  name: "Dara",
  apiKeys: [{ id: "k1", key: "ABCDEF0123456789ABCDEF0123456789", balanceMills: 4_955, isActive: true }],
};

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("./queries", () => ({
  useBalances: () => ({
    data: { users: [dara], total: 1, totalIsEstimate: false, page: 1, pageSize: 10 },
    isError: false,
    error: null,
    isFetching: false,
    isPlaceholderData: false,
    refetch: vi.fn(),
  }),
  useAdjustBalance: () => ({ mutateAsync }),
}));

const { ManageBalancePanel } = await import("./manage-balance-panel");

beforeEach(() => {
  state.mobile = false;
  mutateAsync.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

function start(operation: "Add to" | "Subtract from", amount: string) {
  fireEvent.change(screen.getByLabelText(`Amount in dollars for ${dara.email}`), { target: { value: amount } });
  fireEvent.click(screen.getByRole("button", { name: `${operation} the balance of ${dara.email}` }));
  return screen.getByRole("dialog");
}

describe("confirming a balance adjustment", () => {
  it("adds $1.25 to $4.955: says $6.205 after, sends 1250 mills with the note, then 'Success'", async () => {
    mutateAsync.mockResolvedValue({ operation: "add" });
    renderInLanguage("en", <ManageBalancePanel />);
    const dialog = start("Add to", "1.25");
    expect(within(dialog).getByRole("heading", { name: "Add $1.25 to this balance?" })).toBeTruthy();
    expect(within(dialog).getByText("dara@example.com: $4.955 → $6.205. The change is recorded with your name.")).toBeTruthy();
    expect(within(dialog).getByText(dara.apiKeys[0]!.key)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Note (optional)"), { target: { value: "refund for order #123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add $1.25" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mutateAsync).toHaveBeenCalledWith({ apiKeyId: "k1", operation: "add", amountMills: 1_250, note: "refund for order #123" });
    expect(toast.success).toHaveBeenCalledWith("Success", { description: "Balance added successfully" });
  });

  it("subtracts $0.005 with no note: sends 5 mills and no note, and says 'Balance subtracted successfully'", async () => {
    mutateAsync.mockResolvedValue({ operation: "subtract" });
    renderInLanguage("en", <ManageBalancePanel />);
    const dialog = start("Subtract from", "0.005");
    expect(within(dialog).getByText("dara@example.com: $4.955 → $4.95. The change is recorded with your name.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Subtract $0.005" }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith({ apiKeyId: "k1", operation: "subtract", amountMills: 5, note: undefined }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Success", { description: "Balance subtracted successfully" }));
  });

  it("refuses a note over 500 characters and sends nothing", async () => {
    renderInLanguage("en", <ManageBalancePanel />);
    const dialog = start("Add to", "1");
    const note = within(dialog).getByLabelText("Note (optional)");
    fireEvent.change(note, { target: { value: "x".repeat(501) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add $1.00" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The note can be 500 characters at most");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("closes on Escape without sending", async () => {
    renderInLanguage("en", <ManageBalancePanel />);
    const dialog = start("Add to", "2");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("a refusal from the server below zero reads 'Invalid operation' / 'Balance cannot be negative'", async () => {
    mutateAsync.mockRejectedValue(new ApiError("INSUFFICIENT_FUNDS", "Insufficient funds", 409));
    renderInLanguage("en", <ManageBalancePanel />);
    fireEvent.click(within(start("Subtract from", "1")).getByRole("button", { name: "Subtract $1.00" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Invalid operation", { description: "Balance cannot be negative" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("reads in Khmer: the title, the figure and the button", async () => {
    mutateAsync.mockResolvedValue({ operation: "add" });
    renderInLanguage("km", <ManageBalancePanel />);
    fireEvent.change(screen.getByLabelText(`ចំនួនទឹកប្រាក់ជាដុល្លារសម្រាប់ ${dara.email}`), { target: { value: "1.25" } });
    fireEvent.click(screen.getByRole("button", { name: `បន្ថែមទៅសមតុល្យរបស់ ${dara.email}` }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "បន្ថែម $1.25 ទៅសមតុល្យនេះ?" })).toBeTruthy();
    expect(within(dialog).getByText("dara@example.com៖ $4.955 → $6.205។ ការប្ដូរនេះត្រូវបានកត់ត្រាជាមួយឈ្មោះរបស់អ្នក។")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "បន្ថែម $1.25" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("ជោគជ័យ", { description: "អ្នកបានបន្ថែមសមតុល្យដោយជោគជ័យ។" }));
  });
});

describe("on a phone", () => {
  it("lists the users as cards with the same amount field and buttons", async () => {
    state.mobile = true;
    mutateAsync.mockResolvedValue({ operation: "add" });
    renderInLanguage("en", <ManageBalancePanel />);
    const list = screen.getByRole("list", { name: "User balances" });
    expect(within(list).getByTestId("key-balance").textContent).toBe("$4.955");
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(within(start("Add to", "3")).getByRole("button", { name: "Add $3.00" }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ amountMills: 3_000 })));
  });
});
