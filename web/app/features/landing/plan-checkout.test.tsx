// A plan button on the landing (spec: 'must sign in to buy on the landing page'): signed out, the
// 'Welcome' sign-in dialog for that plan (e-mail, sign-up and password reset, Google when enabled),
// then its payment dialog; signed in, the payment dialog at once: the plan, its price, the
// session's e-mail and what Pay sends.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { plansForMarket, type CataloguePlan } from "../../../../contracts/plan-catalogue";
import { ApiError } from "~/lib/api";
import { registerNamespace, type Language } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import { fakeRunner } from "~/test/fake-provider";
import { renderInLanguage } from "~/test/render";

type Session = { user: { id: string; email: string }; session: { id: string } } | null | undefined;
const session = vi.hoisted(() => ({ value: undefined as Session, refreshed: null as Session }));
const auth = vi.hoisted(() => ({ signInEmail: vi.fn(), social: vi.fn(), googleEnabled: false }));
const checkout = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/lib/session", () => ({
  usePublicSession: () => session.value,
  refreshPublicSession: () => Promise.resolve(session.refreshed),
}));
vi.mock("~/lib/auth-client", () => ({ authClient: { signIn: { email: auth.signInEmail, social: auth.social } } }));
vi.mock("~/features/session/queries", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAppConfig: () => ({ data: { googleEnabled: auth.googleEnabled } }),
}));
vi.mock("~/features/payments/api", async (importOriginal) => ({ ...(await importOriginal<object>()), ordersApi: { checkout } }));
vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"));
vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"));

registerNamespace("landing", { en: enLanding });
const { usePlanCheckout } = await import("./plan-checkout");

const PLANS = plansForMarket("local");
const DARA = { user: { id: "u1", email: "dara@example.com" }, session: { id: "s1" } };

function Plans({ plans }: { plans: CataloguePlan[] }) {
  const { choosePlan, dialogs } = usePlanCheckout();
  return (
    <>
      {plans.map((plan) => (
        <button key={plan.id} onClick={() => choosePlan(plan)}>{`buy ${plan.id}`}</button>
      ))}
      {dialogs}
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  session.value = undefined;
  session.refreshed = null;
  auth.googleEnabled = false;
});

async function choose(planId: string, lng: Language = "en") {
  renderInLanguage(lng, <Plans plans={PLANS} />);
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: `buy ${planId}` }));
  });
  // The dialogs are fetched on demand (the first time takes a while).
  return screen.findByRole("dialog", undefined, { timeout: 5_000 });
}

describe("a plan button while signed out", () => {
  it("opens 'Welcome' for the plan chosen, with the e-mail sign-in and no magic link", async () => {
    session.value = null;
    const dialog = await choose("local-3m");
    expect(within(dialog).getByRole("heading", { name: "Welcome" })).toBeTruthy();
    expect(within(dialog).getByText("Sign in or create an account to continue with the 3 Months plan.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Email address")).toBeTruthy();
    const others = within(dialog).getByRole("navigation", { name: "Other ways to sign in" });
    expect(within(others).getAllByRole("button").map((b) => b.textContent)).toEqual(["Forgot your password?", "Don't have an account? Sign up"]);
    expect(within(dialog).queryByRole("button", { name: "Sign in with Google" })).toBeNull();
  });

  it("switches to sign-up inside the dialog, titled as creating an account, and back", async () => {
    session.value = null;
    const dialog = await choose("local-1m");
    fireEvent.click(within(dialog).getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(within(dialog).getByRole("heading", { name: "Create your account" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Already have an account? Sign in" }));
    expect(within(dialog).getByRole("heading", { name: "Welcome" })).toBeTruthy();
  });

  it("offers Google when the server has it, back to the landing, and says its refusal in the dialog", async () => {
    session.value = null;
    auth.googleEnabled = true;
    auth.social.mockResolvedValue({ error: { status: 0 } });
    const dialog = await choose("local-1m");
    expect(within(dialog).getByText("or continue with e-mail")).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Sign in with Google" }));
    });
    expect(auth.social).toHaveBeenCalledWith(expect.objectContaining({ provider: "google", callbackURL: "/" }));
    expect(within(dialog).getByText("Unable to reach the server. Check your connection and try again.")).toBeTruthy();
    // No Google on the password reset.
    fireEvent.click(within(dialog).getByRole("button", { name: "Forgot your password?" }));
    expect(within(dialog).queryByRole("button", { name: "Sign in with Google" })).toBeNull();
  });

  it("after signing in, greets and goes on to pay for the same plan", async () => {
    session.value = null;
    session.refreshed = DARA;
    auth.signInEmail.mockResolvedValue({ data: { user: DARA.user }, error: null });
    const dialog = await choose("local-12m");
    fireEvent.change(within(dialog).getByLabelText("Email address"), { target: { value: "dara@example.com" } });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "a password" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Sign in" }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Welcome! Successfully signed in to your account.", { id: "signed-in" }));
    expect(await screen.findByRole("dialog", { name: "12 Months — $119.99" })).toBeTruthy();
  });

  it("waits for the session check when clicked before it has answered, then pays a signed-in visitor", async () => {
    session.value = undefined;
    session.refreshed = DARA;
    const dialog = await choose("local-1m");
    expect(within(dialog).getByRole("heading", { name: "1 Month — $9.99" })).toBeTruthy();
  });
});

describe("a plan button while signed in", () => {
  it("shows the plan, its price, what it includes and the session's e-mail, then sends the plan to pay", async () => {
    session.value = DARA;
    session.refreshed = DARA;
    checkout.mockResolvedValue({ order: { tranId: "T1" }, checkout: { provider: "payway" }, receipt: "R" });
    const dialog = await choose("local-3m");
    expect(within(dialog).getByRole("heading", { name: "3 Months — $29.99" })).toBeTruthy();
    expect(within(dialog).getByTestId("checkout-amount").textContent).toBe("$29.99 USD");
    expect(within(dialog).getByText("+15 Days Free")).toBeTruthy();
    expect(within(dialog).getByText("10 time-change keys")).toBeTruthy();
    const email = within(dialog).getByLabelText("Email") as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe("dara@example.com"));
    expect(email.readOnly).toBe(true);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" }));
    });
    expect(checkout).toHaveBeenCalledWith({ kind: "plan", planId: "local-3m", market: "local", returnTo: "home" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fakeRunner.start).toHaveBeenCalledTimes(1);
  });

  it("keeps Pay disabled and says so when the session has ended", async () => {
    session.value = DARA;
    session.refreshed = null;
    const dialog = await choose("local-1m");
    expect(await within(dialog).findByText("Your session has ended. Please sign in again.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Pay $9.99" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says the spec's 'Error' / 'Failed to process PayWay payment' when the order cannot be made, and stays open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    session.value = DARA;
    session.refreshed = DARA;
    checkout.mockRejectedValue(new ApiError("HTTP_ERROR", "Bad gateway", 502));
    const dialog = await choose("local-1m");
    await waitFor(() => expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("dara@example.com"));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Pay $9.99" }));
    });
    expect(within(dialog).getByTestId("checkout-refusal").textContent).toBe("Error Failed to process PayWay payment. Please try again.");
    expect(toast.error).toHaveBeenCalledWith("Error", { id: "checkout-error", description: "Failed to process PayWay payment. Please try again." });
    expect(screen.getByRole("dialog")).toBe(dialog);
    vi.restoreAllMocks();
  });
});

describe("the landing's dialogs in Khmer", () => {
  it("say the sign-in and the payment in Khmer", async () => {
    session.value = null;
    let dialog = await choose("local-3m", "km");
    expect(within(dialog).getByRole("heading", { name: "សូមស្វាគមន៍" })).toBeTruthy();
    expect(within(dialog).getByText("ចូលគណនី ឬបង្កើតគណនីថ្មី ដើម្បីបន្តជាមួយគម្រោង 3 ខែ។")).toBeTruthy();
    cleanup();
    session.value = DARA;
    session.refreshed = null;
    dialog = await choose("local-3m", "km");
    expect(within(dialog).getByRole("heading", { name: "3 ខែ — $29.99" })).toBeTruthy();
    expect(within(dialog).getByText("អ្វីដែលអ្នកនឹងទទួលបាន")).toBeTruthy();
    expect(await within(dialog).findByText("អ្នកបានចាកចេញពីគណនីហើយ។ សូមចូលគណនីម្ដងទៀត។")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "បង់ $29.99" })).toBeTruthy();
  });
});
