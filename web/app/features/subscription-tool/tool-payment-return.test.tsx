// The subscription pages' return from paying (spec: the success popup after payment_success=true
// with plan_price and plan_title, the query string cleared; v2 also a deep link payment-success://,
// a PAYMENT_SUCCESS message and a local transaction with source subscription_tool). Only a payment
// the server confirms (the receipt) is celebrated, with the server's plan and amount (issue #14).
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { rememberToolCheckout } from "~/features/payments-return/payment-return";
import { ApiError } from "~/lib/api";
import { registerNamespace, type Language } from "~/lib/i18n";
import enSubscription from "~/locales/en/subscription.json";
import { renderInLanguage } from "~/test/render";

const receipt = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/api", async (importOriginal) => ({ ...(await importOriginal<object>()), ordersApi: { receipt } }));

registerNamespace("subscription", { en: enSubscription });
const { ToolPaymentReturn } = await import("./tool-payment-return");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.querySelectorAll("iframe[data-app-link]").forEach((frame) => frame.remove());
});

const RECEIPT = "T1700000000000.abcdefghijklmnopqrstuv";
const PAID = { status: "paid", kind: "tool", planTitle: "3 Months", planMonths: 3, amountMills: 29_990 };

function renderReturn(search: string, { variant = "v1" as "v1" | "v2", lng = "en" as Language } = {}) {
  const router = createMemoryRouter([{ path: "*", element: <ToolPaymentReturn variant={variant} /> }], {
    initialEntries: [`/subscription_tool${search}`],
  });
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

const success = (claimedPrice = "$29.99") =>
  `?license=PC-LDREEL-1&payment_success=true&plan_price=${encodeURIComponent(claimedPrice)}&plan_title=3%20Months&receipt=${RECEIPT}`;

describe("a return to the subscription page", () => {
  it("shows the success popup with the server's plan and amount, toasts, and cleans the address but keeps the licence", async () => {
    receipt.mockResolvedValue({ receipt: PAID });
    const router = renderReturn(success("$0.01"));
    const dialog = await screen.findByRole("dialog", { name: "Payment Successful!" });
    expect(receipt).toHaveBeenCalledWith(RECEIPT);
    expect(within(dialog).getByText("Your 3 Months subscription has been processed.")).toBeTruthy();
    expect(within(dialog).getByTestId("paid-plan").textContent).toBe("3 Months");
    // The address claimed $0.01; the server's receipt says what was paid.
    expect(within(dialog).getByTestId("paid-amount").textContent).toBe("$29.99");
    expect(within(dialog).getByText("A confirmation with your license details is on its way to your inbox.")).toBeTruthy();
    expect(within(dialog).queryByRole("link", { name: "Open in the app" })).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("Payment Successful!", expect.objectContaining({ description: "Your 3 Months subscription has been processed." }));
    expect(router.state.location.pathname + router.state.location.search).toBe("/subscription_tool?license=PC-LDREEL-1");
    // v1 keeps no local record and opens no app.
    expect(localStorage.getItem("transactions")).toBeNull();
    expect(document.querySelector("iframe[data-app-link]")).toBeNull();
  });

  it("v2 hands the payment to the app, tells other windows and records the transaction with the buyer's e-mail", async () => {
    receipt.mockResolvedValue({ receipt: PAID });
    rememberToolCheckout({ email: "buyer@example.com", tranId: "T1700000000000", planTitle: "3 Months" });
    const messages: unknown[] = [];
    const listen = (event: MessageEvent) => messages.push(event.data);
    window.addEventListener("message", listen);
    renderReturn(success(), { variant: "v2" });
    const dialog = await screen.findByRole("dialog", { name: "Payment Successful!" });
    const link = "payment-success://payment?title=3+Months&price=%2429.99";
    expect(within(dialog).getByRole("link", { name: "Open in the app" }).getAttribute("href")).toBe(link);
    expect(document.querySelector<HTMLIFrameElement>("iframe[data-app-link]")!.src).toBe(link);
    expect(JSON.parse(localStorage.getItem("transactions")!)).toEqual([
      expect.objectContaining({ transactionId: "T1700000000000", email: "buyer@example.com", planTitle: "3 Months", planPrice: "$29.99", status: "success", source: "subscription_tool" }),
    ]);
    await waitFor(() => expect(messages).toContainEqual(expect.objectContaining({ type: "PAYMENT_SUCCESS", planTitle: "3 Months", planPrice: "$29.99" })));
    window.removeEventListener("message", listen);
  });

  it("celebrates nothing when the server does not know the receipt: 'Payment not found'", async () => {
    receipt.mockRejectedValue(new ApiError("NOT_FOUND", "Not found", 404));
    renderReturn(success(), { variant: "v2" });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Payment not found", expect.objectContaining({ description: "We could not find this payment. If money was taken, please contact support." })),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem("transactions")).toBeNull();
  });

  it("says a payment the provider has not confirmed yet is pending", async () => {
    receipt.mockResolvedValue({ receipt: { ...PAID, status: "pending" } });
    renderReturn(success());
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith("Payment pending", expect.anything()));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says a cancelled or failed payment in the page's words, without asking the server", async () => {
    const router = renderReturn("?payment_status=cancelled");
    expect(toast.info).toHaveBeenCalledWith("Payment cancelled", expect.objectContaining({ description: "The payment was cancelled. Nothing was charged." }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    cleanup();
    renderReturn("?payment_status=failed");
    expect(toast.error).toHaveBeenCalledWith("Payment failed", expect.objectContaining({ description: "PayWay did not approve the payment. No money was taken; please try again." }));
    expect(receipt).not.toHaveBeenCalled();
  });
});

describe("a return to the subscription page in Khmer", () => {
  it("says the popup and the plan's title in Khmer", async () => {
    receipt.mockResolvedValue({ receipt: PAID });
    renderReturn(success(), { lng: "km" });
    const dialog = await screen.findByRole("dialog", { name: "ការបង់ប្រាក់បានជោគជ័យ!" });
    expect(within(dialog).getByText("ការជាវគម្រោង 3 ខែ របស់អ្នកត្រូវបានដំណើរការរួចរាល់។")).toBeTruthy();
    expect(within(dialog).getByTestId("paid-plan").textContent).toBe("3 ខែ");
    expect(within(dialog).getByRole("button", { name: "រួចរាល់" })).toBeTruthy();
  });
});
