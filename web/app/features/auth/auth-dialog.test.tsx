// The /auth dialog: the spec's 'Welcome Back' (and the sign-up's own title), the view's line under
// it, a spinner until the session has been asked, straight to the dashboard when already signed in,
// the spec's toasts when the session check fails, and what signing in does.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

type Session = { data?: unknown; isError: boolean; isFetchedAfterMount: boolean; error?: unknown };
const session = vi.hoisted(() => ({ value: { isError: false, isFetchedAfterMount: false } as Session }));
const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const clearUserQueries = vi.hoisted(() => vi.fn());
const invalidatePublicSession = vi.hoisted(() => vi.fn());
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/lib/session", () => ({ invalidatePublicSession }));
vi.mock("~/features/session/queries", () => ({
  useAuthSession: () => session.value,
  clearUserQueries,
  sessionKeys: { session: ["session"] },
}));
// The panel's forms have their own tests; here it only reports a sign-in.
vi.mock("~/features/auth/auth-panel", () => ({
  AuthPanel: ({ onSignedIn }: { onSignedIn: () => Promise<void> }) => (
    <button type="button" onClick={() => void onSignedIn()}>
      panel: sign in
    </button>
  ),
}));

const { AuthDialog } = await import("./auth-dialog");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  session.value = { isError: false, isFetchedAfterMount: false };
});

function renderDialog(path = "/auth", lng: Language = "en") {
  const router = createMemoryRouter(
    [
      { path: "/auth", element: <AuthDialog /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  renderInLanguage(lng, <RouterProvider router={router} />);
  return router;
}

describe("the sign-in dialog of /auth", () => {
  it("says 'Welcome Back' and waits for the session before showing the forms", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Welcome Back" })).toBeTruthy();
    expect(screen.getByText("Sign in to manage your license keys.")).toBeTruthy();
    expect(screen.getByText("Checking your session")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "panel: sign in" })).toBeNull();
  });

  it("titles the sign-up view as creating an account, and an unknown view as signing in", () => {
    renderDialog("/auth?view=sign_up");
    expect(screen.getByRole("dialog", { name: "Create your account" })).toBeTruthy();
    expect(screen.getByText("Create an account to buy and manage license keys.")).toBeTruthy();
    cleanup();
    renderDialog("/auth?view=verify_otp");
    expect(screen.getByText("We will e-mail you a 6-digit code that signs you in.")).toBeTruthy();
    cleanup();
    renderDialog("/auth?view=nonsense");
    expect(screen.getByRole("dialog", { name: "Welcome Back" })).toBeTruthy();
    expect(screen.getByText("Sign in to manage your license keys.")).toBeTruthy();
  });

  it("goes to the dashboard at once when the server says the visitor is signed in", async () => {
    session.value = { data: { user: { id: "u1" } }, isError: false, isFetchedAfterMount: true };
    const router = renderDialog();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("shows the forms to a signed-out visitor, and on sign-in forgets the old user's data, greets and goes to the dashboard", async () => {
    session.value = { data: null, isError: false, isFetchedAfterMount: true };
    const router = renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "panel: sign in" }));
    });
    expect(clearUserQueries).toHaveBeenCalledTimes(1);
    expect(invalidatePublicSession).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("Welcome! Successfully signed in to your account.", { id: "signed-in" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("says the spec's 'Session Expired' when the check fails on an expired session, and still offers the forms", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    session.value = { isError: true, isFetchedAfterMount: false, error: new Error("refresh_token_not_found") };
    renderDialog();
    expect(toast.error).toHaveBeenCalledWith("Session Expired", { id: "session-error", description: "Please sign in again to continue" });
    expect(screen.getByRole("button", { name: "panel: sign in" })).toBeTruthy();
  });

  it("says 'Authentication Error' for any other failure", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    session.value = { isError: true, isFetchedAfterMount: false, error: new Error("boom") };
    renderDialog();
    expect(toast.error).toHaveBeenCalledWith("Authentication Error", { id: "session-error", description: "Please try signing in again" });
  });

  it("goes home when closed with Escape", async () => {
    session.value = { data: null, isError: false, isFetchedAfterMount: true };
    const router = renderDialog();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("the sign-in dialog in Khmer", () => {
  it("says its title, the view's line, the check and the toasts in Khmer", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderDialog("/auth?view=magic_link", "km");
    expect(screen.getByRole("dialog", { name: "សូមស្វាគមន៍ការត្រឡប់មកវិញ" })).toBeTruthy();
    expect(screen.getByText("យើងនឹងផ្ញើតំណចូលគណនីមួយតាមអ៊ីមែល ដែលនាំអ្នកចូលគណនីភ្លាម។")).toBeTruthy();
    expect(screen.getByText("កំពុងពិនិត្យការចូលគណនីរបស់អ្នក")).toBeTruthy();
    cleanup();
    session.value = { isError: true, isFetchedAfterMount: false, error: new Error("session_expired") };
    renderDialog("/auth?view=sign_up", "km");
    expect(screen.getByRole("dialog", { name: "បង្កើតគណនីរបស់អ្នក" })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("អ្នកបានចាកចេញពីគណនីហើយ", { id: "session-error", description: "សូមចូលគណនីម្ដងទៀត ដើម្បីបន្ត" });
  });
});
