// The shared payment dialog (spec: the session e-mail loaded on open and shown read-only, the
// amount and what it buys, Pay disabled while anything is missing or loading; 'Error' / 'Failed to
// load PayWay script. Please try again.'): its states, what a refusal says inside it, and that it
// cannot be closed or paid twice while the order is being made.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { fakeRunner } from "~/test/fake-provider";
import { renderInLanguage } from "~/test/render";

import type { CheckoutDialogProps } from "./checkout-dialog";

const toast = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/provider-name", () => import("~/test/fake-provider"));

const { CheckoutDialog } = await import("./checkout-dialog");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  // Back to a script that loads.
  fakeRunner.load.mockReset();
});

const TEXT = {
  title: "Top up",
  description: "Add to your balance.",
  summaryLabel: "Order summary",
  itemLabel: "Item",
  amountLabel: "Amount",
  emailLabel: "E-mail",
  emailHint: "The receipt goes to this address.",
  emailLoading: "Loading…",
  emailMissing: "Your session has ended. Sign in again to pay.",
  emailError: "Could not read your e-mail address. Try again.",
  acceptsLabel: "We accept",
  cancel: "Cancel",
  pay: "Pay $10.00",
  paying: "Opening payment…",
};
const RESPONSE = { order: { tranId: "T1" }, checkout: { provider: "payway" }, receipt: "R" };

function Harness(props: Partial<CheckoutDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>reopen</button>
      <CheckoutDialog open={open} onOpenChange={setOpen} text={TEXT} item="Balance Top Up" amount="$10.00" loadEmail={() => Promise.resolve("dara@example.com")} request={() => Promise.resolve(RESPONSE as never)} {...props} />
    </>
  );
}

async function renderDialog(props: Partial<CheckoutDialogProps> = {}, lng: Language = "en") {
  renderInLanguage(lng, <Harness {...props} />);
  const dialog = screen.getByRole("dialog", { name: "Top up" });
  await act(async () => undefined);
  return dialog;
}

const pay = (dialog: HTMLElement, name = "Pay $10.00") => within(dialog).getByRole("button", { name }) as HTMLButtonElement;

describe("the payment dialog", () => {
  it("shows what is bought and the session's e-mail read-only, with the providers' logos", async () => {
    const dialog = await renderDialog();
    expect(within(dialog).getByTestId("checkout-item").textContent).toBe("Balance Top Up");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$10.00 USD");
    const email = within(dialog).getByLabelText("E-mail") as HTMLInputElement;
    expect(email.value).toBe("dara@example.com");
    expect(email.readOnly).toBe(true);
    expect(within(dialog).getByText("The receipt goes to this address.")).toBeTruthy();
    expect(within(within(dialog).getByRole("list", { name: "We accept" })).getAllByRole("img").length).toBeGreaterThan(0);
    expect(pay(dialog).disabled).toBe(false);
  });

  it("keeps Pay disabled while the e-mail loads, and says so when it cannot be read or the session has ended", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderInLanguage("en", <Harness loadEmail={() => new Promise(() => undefined)} />);
    let dialog = screen.getByRole("dialog");
    const email = within(dialog).getByLabelText("E-mail") as HTMLInputElement;
    expect(email.placeholder).toBe("Loading…");
    expect(email.getAttribute("aria-busy")).toBe("true");
    expect(pay(dialog).disabled).toBe(true);
    cleanup();
    dialog = await renderDialog({ loadEmail: () => Promise.reject(new Error("offline")) });
    expect(within(dialog).getByRole("alert").textContent).toBe("Could not read your e-mail address. Try again.");
    expect(pay(dialog).disabled).toBe(true);
    cleanup();
    dialog = await renderDialog({ loadEmail: () => Promise.resolve(null) });
    expect(within(dialog).getByRole("alert").textContent).toBe("Your session has ended. Sign in again to pay.");
    expect((within(dialog).getByLabelText("E-mail") as HTMLInputElement).getAttribute("aria-invalid")).toBe("true");
    expect(pay(dialog).disabled).toBe(true);
  });

  it("keeps Pay disabled while the amount is unknown", async () => {
    const dialog = await renderDialog({ amount: null });
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("— USD");
    expect(pay(dialog).disabled).toBe(true);
  });

  it("cannot be closed or paid twice while the order is being made", async () => {
    let answer: (value: never) => void = () => undefined;
    const request = vi.fn(() => new Promise<never>((resolve) => (answer = resolve)));
    fakeRunner.load.mockResolvedValue(undefined);
    const dialog = await renderDialog({ request });
    fireEvent.click(pay(dialog));
    const paying = within(dialog).getByRole("button", { name: "Opening payment…" }) as HTMLButtonElement;
    expect(paying.disabled).toBe(true);
    expect(paying.getAttribute("aria-busy")).toBe("true");
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("dialog")).toBe(dialog);
    fireEvent.click(paying);
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => answer(RESPONSE as never));
    // Made: the dialog closes and the provider's window opens over the page.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fakeRunner.start).toHaveBeenCalledWith({ provider: "payway" });
  });

  it("says the spec's words inside the dialog when the provider's script cannot load, and forgets them on reopening", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fakeRunner.load.mockRejectedValue(new Error("script"));
    const dialog = await renderDialog();
    await act(async () => fireEvent.click(pay(dialog)));
    expect(within(dialog).getByTestId("checkout-refusal").textContent).toBe("Error Failed to load PayWay script. Please try again.");
    expect(toast.error).toHaveBeenCalledWith("Error", { id: "checkout-error", description: "Failed to load PayWay script. Please try again." });
    expect(fakeRunner.start).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "reopen" }));
    const again = screen.getByRole("dialog");
    await act(async () => undefined);
    expect(within(again).queryByTestId("checkout-refusal")).toBeNull();
  });

  it("words a refused input as the page asks (a top-up's 'Invalid amount')", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const describeError = vi.fn((message: string) => ({ title: "Invalid amount", description: message }));
    const request = () => Promise.reject(new ApiError("VALIDATION_FAILED", "Invalid input", 422, [{ path: "amount", message: "Minimum top-up is $1.00" }]));
    const dialog = await renderDialog({ request, describeError });
    await act(async () => fireEvent.click(pay(dialog)));
    expect(describeError).toHaveBeenCalledWith("Minimum top-up is $1.00");
    expect(within(dialog).getByTestId("checkout-refusal").textContent).toBe("Invalid amount Minimum top-up is $1.00");
  });

  it("says the script's failure in Khmer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fakeRunner.load.mockRejectedValue(new Error("script"));
    const dialog = await renderDialog({}, "km");
    await act(async () => fireEvent.click(pay(dialog)));
    expect(within(dialog).getByTestId("checkout-refusal").textContent).toBe("មានបញ្ហា មិនអាចផ្ទុកកម្មវិធីបង់ប្រាក់ PayWay បានទេ។ សូមព្យាយាមម្ដងទៀត។");
  });
});

describe("a gift (decision 079)", () => {
  const giftBox = (dialog: HTMLElement) => within(dialog).getByRole("checkbox", { name: "Buy as a gift" }) as HTMLInputElement;
  const recipient = (dialog: HTMLElement) => within(dialog).getByLabelText("Recipient's e-mail") as HTMLInputElement;

  it("is offered only where the page allows it (a top-up has no gift)", async () => {
    const dialog = await renderDialog();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
  });

  it("reveals the recipient's e-mail with its hint, and sends it trimmed and lower-cased", async () => {
    const request = vi.fn(() => Promise.resolve(RESPONSE as never));
    fakeRunner.load.mockResolvedValue(undefined);
    const dialog = await renderDialog({ gift: true, request });
    expect(within(dialog).queryByLabelText("Recipient's e-mail")).toBeNull();
    fireEvent.click(giftBox(dialog));
    expect(giftBox(dialog).getAttribute("aria-expanded")).toBe("true");
    expect(within(dialog).getByText("The licence key goes to this address and the licence is theirs. The receipt comes to you.")).toBeTruthy();
    // The payer's own address now gets the receipt only: its hint says so.
    expect(within(dialog).getByText("Your receipt is sent to this address. The licence key goes to the recipient.")).toBeTruthy();
    fireEvent.change(recipient(dialog), { target: { value: "  Sokha@Example.com " } });
    fireEvent.click(pay(dialog));
    await waitFor(() => expect(request).toHaveBeenCalledWith({ giftEmail: "sokha@example.com" }));
    // Unchecked again: a plain purchase, the address not sent.
    cleanup();
    const plain = vi.fn(() => Promise.resolve(RESPONSE as never));
    const again = await renderDialog({ gift: true, request: plain });
    fireEvent.click(giftBox(again));
    fireEvent.change(recipient(again), { target: { value: "sokha@example.com" } });
    fireEvent.click(giftBox(again));
    fireEvent.click(pay(again));
    await waitFor(() => expect(plain).toHaveBeenCalledWith({}));
  });

  it("says what is wrong under the field before anything is sent: empty, not an address, the payer's own", async () => {
    const request = vi.fn(() => Promise.resolve(RESPONSE as never));
    const dialog = await renderDialog({ gift: true, request });
    fireEvent.click(giftBox(dialog));
    for (const [value, said] of [
      ["", "Enter the recipient's e-mail address."],
      ["sokha@", "Please enter a valid email address"],
      ["DARA@example.com", "A gift must go to someone else's e-mail address. To buy for yourself, leave the gift unchecked."],
    ] as const) {
      fireEvent.change(recipient(dialog), { target: { value } });
      fireEvent.click(pay(dialog));
      await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(said));
      expect(recipient(dialog).getAttribute("aria-invalid")).toBe("true");
    }
    expect(request).not.toHaveBeenCalled();
  });

  it("says the server's refusal (GIFT_TO_SELF) at the field, not in a toast", async () => {
    const request = () => Promise.reject(new ApiError("GIFT_TO_SELF", "A gift must go to someone else's e-mail address.", 422, [{ path: "giftEmail", message: "x" }]));
    const dialog = await renderDialog({ gift: true, request }, "km");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "ទិញជាអំណោយ" }));
    fireEvent.change(within(dialog).getByLabelText("អ៊ីមែលរបស់អ្នកទទួល"), { target: { value: "sokha@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Pay $10.00" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("អំណោយត្រូវផ្ញើទៅអាសយដ្ឋានអ៊ីមែលរបស់អ្នកផ្សេង។ ដើម្បីទិញសម្រាប់ខ្លួនអ្នក សូមកុំធីកប្រអប់អំណោយ។"));
    expect(toast.error).not.toHaveBeenCalled();
  });
});
