// A return from paying onto the landing (issue #14): a declined or cancelled checkout is said here;
// a paid plan the server confirms goes on to the dashboard with the server's figures; a claimed
// success the server does not confirm is 'Payment not found'.
import { cleanup, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const get = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/payments/api", async (importOriginal) => ({ ...(await importOriginal<object>()), ordersApi: { get } }));

const { LandingPaymentReturn } = await import("./landing-payment-return");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const ID = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

function renderReturn(search: string, lng: Language = "en") {
  const router = createMemoryRouter([{ path: "*", element: <LandingPaymentReturn /> }], { initialEntries: [`/${search}`] });
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

describe("a return to the landing", () => {
  it("goes on to the dashboard with the server's plan and amount for a confirmed payment", async () => {
    get.mockResolvedValue({ order: { id: ID, status: "paid", kind: "plan", planTitle: "12 Months", planMonths: 12, amountMills: 119_990 } });
    const router = renderReturn(`?payment_success=true&plan_price=%240.01&plan_title=12%20Months&order=${ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      payment_success: "true",
      plan_price: "$119.99",
      plan_title: "12 Months",
      order: ID,
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Payment not found' for a success the server does not know, and stays", async () => {
    get.mockRejectedValue(new ApiError("NOT_FOUND", "Not found", 404));
    const router = renderReturn(`?payment_success=true&plan_price=%2429.99&plan_title=3%20Months&order=${ID}`);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Payment not found", expect.anything()));
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("");
  });

  it("says a cancelled checkout, in Khmer too", () => {
    renderReturn("?payment_status=cancelled");
    expect(toast.info).toHaveBeenCalledWith("Payment cancelled", expect.objectContaining({ description: "The payment was cancelled. Nothing was charged." }));
    cleanup();
    renderReturn("?payment_status=failed", "km");
    expect(toast.error).toHaveBeenCalledWith("ការបង់ប្រាក់បរាជ័យ", expect.anything());
    expect(get).not.toHaveBeenCalled();
  });
});
