// The /auth panel: the view in the address (?view=...), the links between views carrying the typed
// address, the e-mailed links' outcomes (confirmed, expired, failed), Google only where it belongs,
// and "password updated" shown back on sign-in.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  sendVerificationEmail: vi.fn(),
  resetPassword: vi.fn(),
  social: vi.fn(),
}));
const config = vi.hoisted(() => ({ googleEnabled: false }));
vi.mock("~/lib/auth-client", () => ({
  authClient: {
    sendVerificationEmail: auth.sendVerificationEmail,
    resetPassword: auth.resetPassword,
    signIn: { social: auth.social },
  },
}));
vi.mock("~/features/session/queries", () => ({ useAppConfig: () => ({ data: { googleEnabled: config.googleEnabled } }) }));

import { AuthPanel } from "~/features/auth/auth-panel";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  config.googleEnabled = false;
});

function renderAt(url: string, lng: Language = "en") {
  const router = createMemoryRouter([{ path: "/auth", element: <AuthPanel onSignedIn={() => undefined} /> }], {
    initialEntries: [url],
  });
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the auth panel", () => {
  it("opens the view named in the address, and sign-in for an unknown one", () => {
    renderAt("/auth?view=magic_link");
    expect(screen.getByRole("button", { name: "Send magic link" })).toBeTruthy();
    cleanup();
    renderAt("/auth?view=no_such_view");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("switches views by its links, keeping the typed address, and each view links back to sign-in", async () => {
    const router = renderAt("/auth");
    const links = screen.getByRole("navigation", { name: "Other ways to sign in" });
    expect([...links.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Forgot your password?",
      "Send a magic link email",
      "Sign in with a one-time code",
      "Don't have an account? Sign up",
    ]);
    fireEvent.change(field("Email address"), { target: { value: "dara@example.com" } });

    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Forgot your password?" }));
    });
    expect(router.state.location.search).toBe("?view=forgotten_password");
    expect(field("Email address").value).toBe("dara@example.com");
    expect(screen.getByRole("button", { name: "Send reset password instructions" })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Already have an account? Sign in" }));
    });
    expect(router.state.location.search).toBe("");
    expect(field("Email address").value).toBe("dara@example.com");
    expect(field("Password")).toBeTruthy();
  });

  it("says an address was confirmed", () => {
    renderAt("/auth?verified=1");
    expect(screen.getByRole("status").textContent).toBe("Your e-mail is confirmed. Sign in to continue.");
  });

  it("offers a new confirmation link when the e-mailed one has expired, and sends it", async () => {
    auth.sendVerificationEmail.mockResolvedValue({ data: { status: true }, error: null });
    renderAt("/auth?verified=1&error=TOKEN_EXPIRED");
    expect(screen.getByRole("alert").textContent).toBe(
      "This confirmation link has expired or is no longer valid. Enter your e-mail address and we will send you a new one.",
    );
    expect(screen.queryByLabelText("Password")).toBeNull();
    fireEvent.change(field("Email address"), { target: { value: "dara@example.com" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send a new confirmation link" }));
    });
    expect(auth.sendVerificationEmail).toHaveBeenCalledWith(expect.objectContaining({ email: "dara@example.com" }));
    expect(screen.getByRole("status").textContent).toBe("Check your email for the confirmation link");
  });

  it.each([
    ["INVALID_TOKEN", "This link is invalid or has expired. Please request a new one."],
    ["user_not_found", "We could not find an account for this link."],
    ["SOMETHING_ELSE", "Something went wrong with that link. Please try again."],
  ])("puts a failed link's error %s in words", (code, text) => {
    renderAt(`/auth?view=magic_link&error=${code}`);
    expect(screen.getByRole("alert").textContent).toBe(text);
  });

  it("in Khmer: a failed link and the view's words", () => {
    renderAt("/auth?view=verify_otp&error=EXPIRED_TOKEN", "km");
    expect(screen.getByRole("alert").textContent).toBe("តំណនេះមិនត្រឹមត្រូវ ឬបានផុតកំណត់ហើយ។ សូមស្នើសុំតំណថ្មី។");
    expect(screen.getByRole("button", { name: "ផ្ញើលេខកូដ" })).toBeTruthy();
  });

  it("shows Google only on sign-in and sign-up, when the shop has it, and its refusal", async () => {
    renderAt("/auth");
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).toBeNull();
    cleanup();

    config.googleEnabled = true;
    auth.social.mockResolvedValue({ data: null, error: { code: "RATE_LIMITED", status: 429 } });
    renderAt("/auth?view=sign_up");
    expect(screen.getByText("or continue with e-mail")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in with Google" }));
    });
    expect(auth.social).toHaveBeenCalledWith({ provider: "google", callbackURL: "/dashboard", errorCallbackURL: "/auth" });
    expect(screen.getByRole("alert").textContent).toBe("Too many attempts. Please wait a moment and try again.");
    cleanup();

    renderAt("/auth?view=magic_link");
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).toBeNull();
  });

  it("after a new password, goes back to sign-in without the token and says the password was updated", async () => {
    auth.resetPassword.mockResolvedValue({ data: { status: true }, error: null });
    const router = renderAt("/auth?view=update_password&token=abc");
    fireEvent.change(field("New password"), { target: { value: "a new long password" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Update password" }));
    });
    expect(auth.resetPassword).toHaveBeenCalledWith({ newPassword: "a new long password", token: "abc" });
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("status").textContent).toBe("Your password has been updated");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("a reset link that failed shows the invalid-link message, not the form", () => {
    renderAt("/auth?view=update_password&token=abc&error=INVALID_TOKEN");
    expect(screen.getByRole("alert").textContent).toBe(
      "This password reset link is invalid or has expired. Please request a new one.",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
