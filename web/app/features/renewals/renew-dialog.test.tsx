// Renew on License Keys (decision 026): the plans of the licence's market with the popular one
// chosen, the item's name, the session's e-mail, Pay's price, the plan the renewal is asked for,
// and the toast when the plans cannot be read, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Plan } from "../../../../contracts/plans";
import { ApiError } from "~/lib/api";
import { licenseFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

const api = vi.hoisted(() => ({ options: vi.fn(), renew: vi.fn() }));
const session = vi.hoisted(() => ({ email: "dara@example.com" as string | null }));
const toast = vi.hoisted(() => ({ error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./api", () => ({ renewalsApi: api }));
vi.mock("~/lib/session", () => ({ refreshPublicSession: async () => (session.email ? { user: { email: session.email } } : null) }));
// The provider's part of Pay (its script, its window) is not this component's.
vi.mock("~/features/payments/use-checkout", () => import("~/test/fake-checkout"));

const { RenewDialog, licenseLabel } = await import("./renew-dialog");

const plan = (id: string, months: number, price: string, over: Partial<Plan> = {}): Plan => ({
  id,
  title: `${months} Months`,
  months,
  market: "local",
  priceMills: Math.round(Number(price.slice(1)) * 1000),
  price,
  periodDays: months * 30,
  bonusDays: 0,
  keyChanges: 2,
  isPopular: false,
  features: [],
  featureList: [],
  ...over,
});
const PLANS = [plan("local-1m", 1, "$29.99"), plan("local-3m", 3, "$74.99", { isPopular: true, bonusDays: 15 }), plan("local-12m", 12, "$249.99", { bonusDays: 30 })];

const license = licenseFixture({ deviceKey: "LDREEL-1", startDate: "2026-10-01T00:00:00.000Z", expireDate: "2026-12-01T00:00:00.000Z" });

const onOpenChange = vi.fn();
beforeEach(() => {
  api.options.mockReset().mockResolvedValue({ plans: PLANS });
  api.renew.mockReset().mockResolvedValue({});
  session.email = "dara@example.com";
  onOpenChange.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

describe("renewing a licence from License Keys", () => {
  it("offers the licence's plans with the popular one chosen, and the session's e-mail", async () => {
    renderInLanguage("en", <RenewDialog license={license} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole("dialog", { name: "Renew Office PC" });
    expect(within(dialog).getByText(/^The days you buy are added to this licence's current expiry/)).toBeTruthy();
    expect(within(dialog).getByText("Loading plans…")).toBeTruthy();
    const radios = await within(dialog).findAllByRole("radio");
    await waitFor(() => expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true, false]));
    expect(within(dialog).getByText("+105 days")).toBeTruthy();
    expect(screen.getByTestId("checkout-item").textContent).toBe("Renew Office PC: 3 Months");
    expect(screen.getByTestId("checkout-amount").textContent).toBe("$74.99 USD");
    await waitFor(() => expect((within(dialog).getByLabelText("E-mail") as HTMLInputElement).value).toBe("dara@example.com"));
    expect(api.options).toHaveBeenCalledWith("l1");
  });

  it("asks to renew with the plan chosen, then closes for the payment window", async () => {
    renderInLanguage("en", <RenewDialog license={license} open onOpenChange={onOpenChange} />);
    fireEvent.click(await screen.findByRole("radio", { name: /12 Months/ }));
    expect(screen.getByTestId("checkout-item").textContent).toBe("Renew Office PC: 12 Months");
    const pay = screen.getByRole("button", { name: "Pay $249.99" });
    await waitFor(() => expect(pay.hasAttribute("disabled")).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(api.renew).toHaveBeenCalledWith("l1", "local-12m", {}));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("will not pay once the session has ended", async () => {
    session.email = null;
    renderInLanguage("en", <RenewDialog license={license} open onOpenChange={onOpenChange} />);
    expect(await screen.findByText("Your session has ended. Sign in again to pay.")).toBeTruthy();
    // The popular plan is chosen once the plans have arrived.
    const pay = await screen.findByRole("button", { name: "Pay $74.99" });
    expect(pay.hasAttribute("disabled")).toBe(true);
    fireEvent.click(pay);
    expect(api.renew).not.toHaveBeenCalled();
  });

  it("says a licence not activated yet lengthens its term", () => {
    renderInLanguage("en", <RenewDialog license={{ ...license, expireDate: null, name: " " }} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole("dialog", { name: "Renew 1 Month licence" });
    expect(within(dialog).getByText(/^This licence is not activated yet: the days you buy lengthen its term/)).toBeTruthy();
  });

  it("closes with 'Could not open the renewal' when the plans cannot be read", async () => {
    api.options.mockRejectedValue(new ApiError("FORBIDDEN", "This licence was revoked", 403));
    renderInLanguage("en", <RenewDialog license={license} open onOpenChange={onOpenChange} />);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not open the renewal", expect.objectContaining({ description: "This licence was revoked" })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("asks for nothing while closed", () => {
    renderInLanguage("en", <RenewDialog license={license} open={false} onOpenChange={onOpenChange} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.options).not.toHaveBeenCalled();
  });

  it("reads in Khmer: the title, the plans, Pay", async () => {
    renderInLanguage("km", <RenewDialog license={license} open onOpenChange={onOpenChange} />);
    expect(screen.getByRole("dialog", { name: "បន្តសុពលភាព Office PC" })).toBeTruthy();
    expect(screen.getByText("កំពុងផ្ទុកគម្រោង…")).toBeTruthy();
    await screen.findAllByRole("radio");
    expect(screen.getByRole("radiogroup", { name: "គម្រោង" })).toBeTruthy();
    expect(screen.getByText("បន្ថែម 105 ថ្ងៃ")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "បង់ $74.99" })).toBeTruthy();
  });
});

describe("a licence's name in the renewal", () => {
  it("is its display name, else its plan, else 'your licence'", async () => {
    const { translatorFor } = await import("~/lib/i18n");
    const t = translatorFor("payments");
    renderInLanguage("en", <></>);
    expect(licenseLabel(t, { name: "  Shop PC ", planTitle: "1 Month", planMonths: 1 })).toBe("Shop PC");
    expect(licenseLabel(t, { name: "", planTitle: "3 Months", planMonths: 3 })).toBe("3 Months licence");
    expect(licenseLabel(t, { name: "", planTitle: null, planMonths: null })).toBe("your licence");
  });
});
