// The discount code at a checkout (decision 077): closed behind its link until asked for, Apply
// shows the old price struck through, the discount and the new price, a refusal is said under the
// field (aria-invalid, aria-describedby) in English and Khmer, Remove gives the full price back,
// the checkout request carries the code, and a code the checkout refuses is said at the field.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { loadErrorWords } from "~/lib/error-text";

// The ApiErrors here are made by hand: the API client would have brought the errors namespace's words.
beforeAll(() => loadErrorWords());
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { CheckoutDialogProps } from "~/features/payments/checkout-dialog";

const toast = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn() }));
// The quote's answer per test: a plain function (a refusal is a rejected promise the field handles).
const api = vi.hoisted(() => ({ quote: vi.fn(), answer: (() => Promise.resolve({})) as () => Promise<unknown> }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/provider-name", () => import("~/test/fake-provider"));
vi.mock("./api", () => ({
  discountsApi: {
    quote: (body: unknown) => {
      api.quote(body);
      return api.answer();
    },
  },
}));

const { CheckoutDialog } = await import("~/features/payments/checkout-dialog");

const TEXT = {
  title: "3 Months",
  description: "Pay for your plan.",
  summaryLabel: "Order summary",
  itemLabel: "Item",
  amountLabel: "Amount",
  emailLabel: "E-mail",
  emailHint: "The receipt goes to this address.",
  emailLoading: "Loading…",
  emailMissing: "Sign in again.",
  emailError: "Could not read your e-mail.",
  acceptsLabel: "We accept",
  cancel: "Cancel",
  pay: "Pay $29.99",
  payFor: (price: string) => `Pay ${price}`,
  paying: "Opening payment…",
};
const RESPONSE = { order: { tranId: "T1" }, checkout: { provider: "payway" }, receipt: "R" };
const QUOTE = { code: "NEWYEAR", planId: "local-3m", priceMills: 29_990, discountMills: 6_000, amountMills: 23_990 };

async function renderDialog(props: Partial<CheckoutDialogProps> = {}, lng: Language = "en") {
  const request = vi.fn((_extras: unknown) => Promise.resolve(RESPONSE as never));
  renderInLanguage(
    lng,
    <CheckoutDialog open onOpenChange={() => undefined} text={TEXT} item="3 Months" amount="$29.99" loadEmail={() => Promise.resolve("dara@example.com")} request={request} discount={{ planId: "local-3m" }} {...props} />,
  );
  const dialog = screen.getByRole("dialog", { name: "3 Months" });
  await act(async () => undefined);
  return { dialog, request };
}

async function enterCode(dialog: HTMLElement, code: string, toggle = "Have a discount code?") {
  fireEvent.click(within(dialog).getByRole("button", { name: toggle }));
  const field = within(dialog).getByRole("textbox", { name: /Discount code|កូដបញ្ចុះតម្លៃ/ }) as HTMLInputElement;
  fireEvent.change(field, { target: { value: code } });
  return field;
}

const described = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby")!)!.textContent;

beforeEach(() => {
  api.answer = () => Promise.resolve(QUOTE);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the discount code at checkout", () => {
  it("stays behind its link until asked for, and is not offered where nothing is priced (a top-up)", async () => {
    const { dialog } = await renderDialog();
    expect(within(dialog).queryByRole("textbox", { name: "Discount code" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Have a discount code?" }).getAttribute("aria-expanded")).toBe("false");
    cleanup();
    const topUp = await renderDialog({ discount: undefined });
    expect(within(topUp.dialog).queryByRole("button", { name: "Have a discount code?" })).toBeNull();
  });

  it("applies a code: the old price struck through, the discount, the new price, and the checkout carries the code", async () => {
    const { dialog, request } = await renderDialog();
    await enterCode(dialog, " newyear ");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply" })));
    expect(api.quote).toHaveBeenCalledWith({ code: "NEWYEAR", planId: "local-3m" });
    const amount = within(dialog).getByTestId("checkout-amount");
    expect(amount.querySelector("del")!.textContent).toBe("Was $29.99");
    expect(amount.querySelector("ins")!.textContent).toBe("Now $23.99");
    expect(within(dialog).getByTestId("checkout-discount").textContent).toBe("−$6.00");
    expect(within(dialog).getByTestId("checkout-discount").previousElementSibling!.textContent).toBe("Discount (NEWYEAR)");
    // The code is the seller's word: a translator leaves it as written.
    expect(within(dialog).getByTestId("checkout-discount").previousElementSibling!.querySelector("[translate=no]")!.textContent).toBe("NEWYEAR");
    expect(within(dialog).getByRole("status").textContent).toBe("Code NEWYEAR applied: $6.00 off.");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Pay $23.99" })));
    expect(request).toHaveBeenCalledWith({ discountCode: "NEWYEAR" });
  });

  it("says a refusal under the field, wired to it, and sends no code", async () => {
    api.answer = () => Promise.reject(new ApiError("DISCOUNT_EXPIRED", "This discount code has expired.", 422));
    const { dialog, request } = await renderDialog();
    const field = await enterCode(dialog, "OLDCODE");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply" })));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(described(field)).toBe("This discount code has expired.");
    expect(within(dialog).getByRole("alert").textContent).toBe("This discount code has expired.");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$29.99 USD");
    // Typing again clears the refusal; a code typed but not applied is applied by Pay, not paid with.
    api.answer = () => Promise.reject(new ApiError("DISCOUNT_NOT_FOR_PLAN", "This discount code is not for this plan.", 422));
    fireEvent.change(field, { target: { value: "OTHER" } });
    expect(field.getAttribute("aria-invalid")).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" })));
    expect(described(field)).toBe("This discount code is not for this plan.");
    expect(request).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says the refusal in Khmer", async () => {
    api.answer = () => Promise.reject(new ApiError("DISCOUNT_USED_UP", "This discount code has been used up.", 422));
    const { dialog } = await renderDialog({}, "km");
    const field = await enterCode(dialog, "GONE", "មានកូដបញ្ចុះតម្លៃទេ?");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "ប្រើកូដ" })));
    expect(described(field)).toBe("កូដបញ្ចុះតម្លៃនេះត្រូវបានប្រើអស់ហើយ។");
  });

  it("removes an applied code: the full price again, and the checkout carries none", async () => {
    const { dialog, request } = await renderDialog();
    await enterCode(dialog, "NEWYEAR");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply" })));
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Remove the code NEWYEAR" })));
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$29.99 USD");
    expect(within(dialog).queryByTestId("checkout-discount")).toBeNull();
    expect((within(dialog).getByRole("textbox", { name: "Discount code" }) as HTMLInputElement).value).toBe("");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" })));
    expect(request).toHaveBeenCalledWith({});
  });

  it("says a code the checkout refuses at the field, with no toast, and the full price back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = vi.fn(() => Promise.reject(new ApiError("DISCOUNT_USED_UP", "This discount code has been used up.", 422)));
    const { dialog } = await renderDialog({ request });
    await enterCode(dialog, "NEWYEAR");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply" })));
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Pay $23.99" })));
    const field = within(dialog).getByRole("textbox", { name: "Discount code" });
    expect(described(field)).toBe("This discount code has been used up.");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$29.99 USD");
    expect(within(dialog).queryByTestId("checkout-refusal")).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
