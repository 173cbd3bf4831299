// The subscription tool page (spec: three plan cards, one selected at a time, an e-mail input with
// its English/Khmer placeholder, Purchase; the `license` query parameter carried into the payment):
// the alerts in the spec's order, the banner's note on the link's key, and what the purchase sends.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { registerNamespace } from "~/lib/i18n";
import enSubscription from "~/locales/en/subscription.json";
import { fakeRunner } from "~/test/fake-provider";
import type { Market } from "../../../../contracts/plan-catalogue";
import { forgetPlans } from "~/features/plans/use-plans";
import { planDtos } from "~/test/plans";
import { renderInLanguage } from "~/test/render";

const toolCheckout = vi.hoisted(() => vi.fn());
// The header and footer are tested on their own; the page's logic is the form.
vi.mock("~/components/public/public-page", () => ({ PublicPage: ({ children }: { children: ReactNode }) => <main>{children}</main> }));
vi.mock("~/features/payments/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ordersApi: { toolCheckout },
}));
vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"));
// The seller's plans (GET /api/plans, decision 076): the code's catalogue unless a test says otherwise.
const listPlans = vi.hoisted(() => vi.fn());
vi.mock("~/features/plans/api", () => ({ plansApi: { list: listPlans } }));
vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"));

// As the route does (web/app/routes/subscription-tool.tsx).
registerNamespace("subscription", { en: enSubscription });
const { SubscriptionToolPage } = await import("./subscription-tool-page");

beforeEach(() => {
  forgetPlans();
  listPlans.mockReset().mockImplementation(async (market?: Market) => planDtos(market));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const DEVICE = "PC-LDREEL-12345";

/** Renders the page and waits for its plans. */
async function renderPage({ search = "", lng = "en" as Language, variant = "v1" as "v1" | "v2" } = {}) {
  const router = createMemoryRouter([{ path: "*", element: <SubscriptionToolPage variant={variant} /> }], {
    initialEntries: [`/subscription_tool${search}`],
  });
  renderInLanguage(lng, <RouterProvider router={router} />);
  await screen.findAllByRole("radio");
  return router;
}

const purchase = (name = "Purchase") => fireEvent.click(screen.getByRole("button", { name }));
const email = (label = "Email address") => screen.getByLabelText(label) as HTMLInputElement;

describe("the subscription tool page in English", () => {
  it("shows the three plans of the spec's price list, none chosen, and the e-mail's two-language placeholder", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Extend your license" })).toBeTruthy();
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(screen.getByRole("radio", { name: "1 Month $9.99" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "3 Months $29.99" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "12 Months $119.99" })).toBeTruthy();
    expect(radios.every((r) => !r.checked)).toBe(true);
    expect(screen.getByText("+15 Days Free")).toBeTruthy();
    expect(screen.getByText("+30 Days Free")).toBeTruthy();
    const popular = screen.getByText("Most Popular").closest("label")!;
    expect(within(popular).getByText("3 Months")).toBeTruthy();
    expect(email().placeholder).toBe("Enter your email / បញ្ចូលអ៊ីមែលរបស់អ្នក");
    expect(screen.getByTestId("tool-total").textContent).toBe("No plan selected");
    expect(screen.getByText("No device license in this link: a new license key is e-mailed to you.")).toBeTruthy();
  });

  it("asks for a plan first, then for a valid address, focusing the field concerned, and sends nothing", async () => {
    await renderPage();
    const button = screen.getByRole("button", { name: "Purchase" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    purchase();
    expect(screen.getByRole("alert").textContent).toBe("Please select a plan first");
    expect(document.activeElement).toBe(screen.getAllByRole("radio")[0]);

    fireEvent.click(screen.getByRole("radio", { name: "3 Months $29.99" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("tool-total").textContent).toBe("$29.99 · 3 Months");

    fireEvent.change(email(), { target: { value: "buyer@example" } });
    purchase();
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email());
    // The alert goes as soon as the address is valid.
    fireEvent.change(email(), { target: { value: " buyer@example.com " } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(button.getAttribute("aria-disabled")).toBeNull();
    expect(toolCheckout).not.toHaveBeenCalled();
  });

  it("keeps one plan chosen at a time", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("radio", { name: "1 Month $9.99" }));
    fireEvent.click(screen.getByRole("radio", { name: "12 Months $119.99" }));
    const checked = (screen.getAllByRole("radio") as HTMLInputElement[]).filter((r) => r.checked);
    expect(checked.map((r) => r.value)).toEqual(["local-12m"]);
    expect(screen.getByTestId("tool-total").textContent).toBe("$119.99 · 12 Months");
  });

  it("confirms the purchase, then sends the plan, the trimmed address and the link's device key", async () => {
    toolCheckout.mockResolvedValue({
      order: { tranId: "T1", planTitle: "3 Months" },
      checkout: { provider: "payway" },
      receipt: "R1",
    });
    await renderPage({ search: `?license=${DEVICE}`, variant: "v2" });
    expect(screen.getByTestId("device-key").textContent).toBe(DEVICE);
    fireEvent.click(screen.getByRole("radio", { name: "3 Months $29.99" }));
    fireEvent.change(email(), { target: { value: " buyer@example.com " } });
    purchase();

    const dialog = await screen.findByRole("dialog", { name: "Confirm your purchase" });
    expect(within(dialog).getByTestId("checkout-item").textContent).toBe("3 Months");
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$29.99 USD");
    expect(within(dialog).getByText("Extends the license of this device by 105 days.")).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("buyer@example.com"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" }));

    await waitFor(() => expect(toolCheckout).toHaveBeenCalledTimes(1));
    expect(toolCheckout).toHaveBeenCalledWith({ planId: "local-3m", email: "buyer@example.com", deviceKey: DEVICE, variant: "v2" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fakeRunner.start).toHaveBeenCalledWith({ provider: "payway" });
  });

  it("says in the dialog why the server refused, in its own words, and keeps the dialog open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    toolCheckout.mockRejectedValue(new ApiError("VALIDATION_FAILED", "Invalid request", 422, [{ path: "email", message: "Please enter a valid email address" }]));
    await renderPage();
    fireEvent.click(screen.getByRole("radio", { name: "1 Month $9.99" }));
    fireEvent.change(email(), { target: { value: "buyer@example.com" } });
    purchase();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("A new license key for 30 days is e-mailed to you.")).toBeTruthy();
    const pay = within(dialog).getByRole("button", { name: "Pay $9.99" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect((await within(dialog).findByTestId("checkout-refusal")).textContent).toBe("Error Please enter a valid email address");
    expect(toolCheckout.mock.calls[0]![0]).toMatchObject({ deviceKey: undefined, variant: "v1" });
    expect(fakeRunner.start).not.toHaveBeenCalled();
  });

  it("says the spec's failure words when the server cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    toolCheckout.mockRejectedValue(new ApiError("NETWORK_ERROR", "offline", 0));
    await renderPage();
    fireEvent.click(screen.getByRole("radio", { name: "1 Month $9.99" }));
    fireEvent.change(email(), { target: { value: "buyer@example.com" } });
    purchase();
    const dialog = await screen.findByRole("dialog");
    const pay = within(dialog).getByRole("button", { name: "Pay $9.99" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect((await within(dialog).findByTestId("checkout-refusal")).textContent).toBe("Error Failed to process payment. Please try again.");
  });

  it("refuses to sell for a link whose key is a buy key, says which key it is and offers the page without it", async () => {
    await renderPage({ search: "?license=KS-ABCDE-FGHIJ-KLMNO-PQRST" });
    const note = screen.getByTestId("wrong-key");
    expect(within(note).getByText("This link holds a buy key, not the tool's device key.")).toBeTruthy();
    expect(within(note).getByRole("link", { name: "Buy a new licence instead" }).getAttribute("href")).toBe("/subscription_tool");
    fireEvent.click(screen.getByRole("radio", { name: "1 Month $9.99" }));
    fireEvent.change(email(), { target: { value: "buyer@example.com" } });
    purchase();
    expect(screen.getByText(/^This link has no valid device key, so nothing can be paid for it\./)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("names a key without the tool's marker as not valid", async () => {
    await renderPage({ search: "?license=PC-12345" });
    expect(within(screen.getByTestId("wrong-key")).getByText("The license key in this link is not valid. Please open this page from the tool.")).toBeTruthy();
  });
});

describe("the seller's price list (decision 076)", () => {
  it("offers the plans on sale as the server has them: a new price, a new bonus, no retired plan", async () => {
    listPlans.mockImplementation(async () =>
      planDtos("local")
        .filter((p) => p.id !== "local-12m")
        .map((p) => (p.id === "local-1m" ? { ...p, priceMills: 12_990, bonusDays: 5 } : p)),
    );
    await renderPage();
    expect(listPlans).toHaveBeenCalledWith("local");
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    fireEvent.click(screen.getByRole("radio", { name: "1 Month $12.99" }));
    expect(screen.getByText("+5 Days Free")).toBeTruthy();
    expect(screen.getByTestId("tool-total").textContent).toBe("$12.99 · 1 Month");
  });

  it("says while the plans load, and when they could not be, with a retry", async () => {
    listPlans.mockRejectedValueOnce(new Error("offline"));
    const router = createMemoryRouter([{ path: "*", element: <SubscriptionToolPage variant="v1" /> }], { initialEntries: ["/subscription_tool"] });
    renderInLanguage("en", <RouterProvider router={router} />);
    expect(screen.getByRole("status").textContent).toBe("Loading the plans…");
    expect((await screen.findByRole("alert")).textContent).toContain("The plans could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByRole("radio")).toHaveLength(3);
  });
});

describe("the subscription tool page in Khmer", () => {
  it("says the plans, the alerts and the device's licence in Khmer", async () => {
    await renderPage({ lng: "km", search: `?license=${DEVICE}` });
    expect(screen.getByRole("heading", { level: 1, name: "បន្តអាជ្ញាប័ណ្ណរបស់អ្នក" })).toBeTruthy();
    expect(screen.getByText("អាជ្ញាប័ណ្ណរបស់ឧបករណ៍នេះ")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "3 ខែ $29.99" })).toBeTruthy();
    expect(screen.getByText("ថែម 15 ថ្ងៃ ឥតគិតថ្លៃ")).toBeTruthy();
    expect(screen.getByText("ពេញនិយមបំផុត")).toBeTruthy();
    purchase("ទិញ");
    expect(screen.getByRole("alert").textContent).toBe("សូមជ្រើសរើសគម្រោងជាមុនសិន");
    fireEvent.click(screen.getByRole("radio", { name: "12 ខែ $119.99" }));
    expect(screen.getByTestId("tool-total").textContent).toBe("$119.99 · 12 ខែ");
    purchase("ទិញ");
    expect(screen.getByRole("alert").textContent).toBe("សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ");
    expect(email("អាសយដ្ឋានអ៊ីមែល")).toBe(document.activeElement);
  });
});
