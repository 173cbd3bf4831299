// /renew/:token, a reminder's one-click renewal (decision 026, #29): the licence's summary without
// a session, the checkout opening by itself, the link's failures said in words, a revoked licence,
// and the answer after paying, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Plan } from "../../../../contracts/plans";
import { DAY_MS } from "../../../../contracts/units";
import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { Renewal } from "./api";
import type { RenewalOutcome } from "./renewal-paid";

const api = vi.hoisted(() => ({ byLink: vi.fn(), renewByLink: vi.fn() }));
const state = vi.hoisted(() => ({ outcome: null as RenewalOutcome | null }));

vi.mock("./api", () => ({ renewalsApi: api }));
vi.mock("~/lib/toaster", () => ({ useToaster: () => undefined, showToaster: () => undefined }));
vi.mock("~/components/public/public-page", () => ({ PublicPage: ({ children }: { children: React.ReactNode }) => <main>{children}</main> }));
// The provider's part of Pay (its script, its window) is not this component's.
vi.mock("~/features/payments/use-checkout", () => import("~/test/fake-checkout"));
vi.mock("./renewal-paid", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./renewal-paid")>()),
  useRenewalReturn: () => state.outcome,
}));

const { RenewLinkPage } = await import("./renew-link-page");

const plan: Plan = {
  id: "local-3m",
  title: "3 Months",
  months: 3,
  market: "local",
  priceMills: 74_990,
  price: "$74.99",
  periodDays: 90,
  bonusDays: 15,
  keyChanges: 10,
  isPopular: true,
  features: [],
  featureList: [],
};

const renewal = (over: Partial<Renewal> = {}): Renewal => ({
  licenceId: "l1",
  name: "Office PC",
  planTitle: "1 Month",
  planMonths: 1,
  email: "dara@example.com",
  // 10 days left, whatever the time of the run.
  expireDate: new Date(Date.now() + 10 * DAY_MS - 60_000).toISOString(),
  termDays: 30,
  renewable: true,
  plans: [plan],
  ...over,
});

function renderPage(lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter initialEntries={["/renew/tok-123"]}>
      <Routes>
        <Route path="/renew/:token" element={<RenewLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api.byLink.mockReset().mockResolvedValue(renewal());
  api.renewByLink.mockReset().mockResolvedValue({});
  state.outcome = null;
});
afterEach(cleanup);

describe("a reminder's renewal link", () => {
  it("loads the link's licence, summarises it and opens the checkout with the owner's e-mail", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Renew your licence" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Loading your licence…");
    const dialog = await screen.findByRole("dialog", { name: "Renew Office PC" });
    expect(api.byLink).toHaveBeenCalledWith("tok-123");
    await waitFor(() => expect((within(dialog).getByLabelText("E-mail") as HTMLInputElement).value).toBe("dara@example.com"));
    await waitFor(() => expect(within(dialog).getByTestId("checkout-item").textContent).toBe("Renew Office PC: 3 Months"));
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const summary = screen.getByRole("region", { name: "Licence" });
    expect(within(summary).getByTestId("renew-licence-name").textContent).toBe("Office PC");
    expect(within(summary).getByText("1 Month plan")).toBeTruthy();
    expect(within(summary).getByText("10 days left")).toBeTruthy();
    expect(within(summary).getByText("dara@example.com")).toBeTruthy();
  });

  it("pays for the plan through the link's own checkout, and opens it again on request", async () => {
    renderPage();
    const dialog = await screen.findByRole("dialog");
    const pay = await within(dialog).findByRole("button", { name: "Pay $74.99" });
    await waitFor(() => expect(pay.hasAttribute("disabled")).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(api.renewByLink).toHaveBeenCalledWith("tok-123", "local-3m", {}));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Choose a plan and pay" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("names a licence without a name by its plan, and one not activated by its term", async () => {
    api.byLink.mockResolvedValue(renewal({ name: "", expireDate: null, termDays: 45 }));
    renderPage();
    await screen.findByRole("dialog", { name: "Renew 1 Month plan" });
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("renew-expiry").textContent).toBe("Not activated yet");
    expect(screen.getByText("45 days from first activation")).toBeTruthy();
  });

  it("does not offer to renew a revoked licence", async () => {
    api.byLink.mockResolvedValue(renewal({ renewable: false }));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("This licence was revoked and cannot be renewed.");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Choose a plan and pay" })).toBeNull();
  });

  it.each([
    ["RENEW_LINK_EXPIRED", "This renewal link has expired.", "Sign in and renew the licence from License Keys."],
    ["NOT_FOUND", "This renewal link is not valid.", "Open the whole link from the reminder e-mail, or sign in and renew the licence from License Keys."],
  ] as const)("says what is wrong with a %s link and what to do", async (code, title, body) => {
    api.byLink.mockRejectedValue(new ApiError(code, "server words", 410));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(title)).toBeTruthy();
    expect(within(alert).getByText(body)).toBeTruthy();
    expect(within(alert).queryByText("server words")).toBeNull();
    expect(within(alert).getByRole("link", { name: "Open License Keys" }).getAttribute("href")).toBe("/license-keys");
  });

  it("shows the server's message for any other failure", async () => {
    api.byLink.mockRejectedValue(new ApiError("RATE_LIMITED", "Too many requests, try again in a minute", 429));
    renderPage();
    expect(within(await screen.findByRole("alert")).getByText("Too many requests, try again in a minute")).toBeTruthy();
  });

  it("reads in Khmer", async () => {
    api.byLink.mockRejectedValue(new ApiError("RENEW_LINK_EXPIRED", "expired", 410));
    renderPage("km");
    expect(screen.getByRole("heading", { level: 1, name: "បន្តអាជ្ញាប័ណ្ណរបស់អ្នក" })).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("តំណសម្រាប់បន្តអាជ្ញាប័ណ្ណនេះ បានផុតកំណត់ហើយ។")).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "បើកទំព័រលេខកូដអាជ្ញាប័ណ្ណ" })).toBeTruthy();
  });
});

describe("back from paying on the link", () => {
  it("says the payment is being checked, without opening the checkout again", async () => {
    state.outcome = { state: "checking" };
    renderPage();
    expect(await screen.findByText("Checking your payment…")).toBeTruthy();
  });

  it("says what was paid and until when the licence now runs, without the pay button", async () => {
    state.outcome = { state: "paid", payment: { kind: "plan", planTitle: "3 Months", planMonths: 3, planPrice: "$74.99" } };
    renderPage();
    const paid = await screen.findByRole("region", { name: "Payment successful: your licence is renewed" });
    expect(within(paid).getByText("You paid $74.99 for 3 Months.")).toBeTruthy();
    await waitFor(() => expect(within(paid).getByTestId("renewal-paid-expiry").textContent).toMatch(/^Office PC now runs until .+ \(10 days left\)\.$/));
    expect(within(paid).getByText("A confirmation was e-mailed to dara@example.com.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Choose a plan and pay" })).toBeNull();
  });

  it("says a payment that did not go through", async () => {
    state.outcome = { state: "status", status: "refunded" };
    renderPage();
    const alert = (await screen.findAllByRole("alert"))[0]!;
    expect(within(alert).getByText("Payment refunded")).toBeTruthy();
    expect(within(alert).getByText("This payment has been refunded.")).toBeTruthy();
  });
});
