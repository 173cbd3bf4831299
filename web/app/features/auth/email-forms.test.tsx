// The auth forms that ask for an e-mail and a new password: sign up, forgotten password, magic link
// (the spec's texts in English, the glossary's in Khmer), what each sends to better-auth, and its
// refusals shown by their code.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  signUpEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  magicLink: vi.fn(),
}));
vi.mock("~/lib/auth-client", () => ({
  authClient: {
    signUp: { email: auth.signUpEmail },
    requestPasswordReset: auth.requestPasswordReset,
    signIn: { magicLink: auth.magicLink },
  },
}));

import { ForgottenPasswordForm } from "~/features/auth/forgotten-password-form";
import { MagicLinkForm } from "~/features/auth/magic-link-form";
import { SignUpForm } from "~/features/auth/sign-up-form";
import type { Language } from "~/lib/i18n";
import { click, inRouter, type } from "~/test/render";

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the sign-up form", () => {
  function renderSignUp(lng: Language = "en", defaultEmail = "") {
    const onSignedIn = vi.fn();
    const rememberEmail = vi.fn();
    inRouter(<SignUpForm defaultEmail={defaultEmail} rememberEmail={rememberEmail} onSignedIn={onSignedIn} />, lng);
    return { onSignedIn, rememberEmail };
  }

  it("checks the address and the password's length before asking the server", async () => {
    renderSignUp();
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    await click("Sign up");
    expect(await screen.findByText("Email address is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();

    type("Email address", "dara@");
    type("Create a password", "short");
    await click("Sign up");
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByLabelText("Create a password").getAttribute("aria-invalid")).toBe("true");

    type("Create a password", "x".repeat(129));
    await click("Sign up");
    expect(await screen.findByText("Password must be at most 128 characters")).toBeTruthy();
    expect(auth.signUpEmail).not.toHaveBeenCalled();
  });

  it("sends the address and the password, then says to check the mailbox when confirmation is needed", async () => {
    auth.signUpEmail.mockResolvedValue({ data: { token: null, user: {} }, error: null });
    const { onSignedIn, rememberEmail } = renderSignUp();
    type("Email address", "dara@example.com");
    // Carried over to the next view.
    expect(rememberEmail).toHaveBeenLastCalledWith("dara@example.com");
    type("Create a password", "a long password");
    await click("Sign up");
    expect(auth.signUpEmail).toHaveBeenCalledWith(
      expect.objectContaining({ email: "dara@example.com", password: "a long password", name: "" }),
    );
    expect((await screen.findByRole("status")).textContent).toBe("Check your email for the confirmation link");
    // The password is cleared, the address kept.
    expect((screen.getByLabelText("Create a password") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe("dara@example.com");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("signs in at once when the server opens a session", async () => {
    auth.signUpEmail.mockResolvedValue({ data: { token: "t", user: {} }, error: null });
    const { onSignedIn } = renderSignUp("en", "dara@example.com");
    type("Create a password", "a long password");
    await click("Sign up");
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("in Khmer: its labels, its checks and an existing account's refusal", async () => {
    auth.signUpEmail.mockResolvedValue({
      data: null,
      error: { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists. Use another email.", status: 422 },
    });
    renderSignUp("km");
    await click("ចុះឈ្មោះ");
    expect(await screen.findByText("សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែល")).toBeTruthy();
    type("អាសយដ្ឋានអ៊ីមែល", "dara@example.com");
    type("បង្កើតពាក្យសម្ងាត់", "1234567");
    await click("ចុះឈ្មោះ");
    expect(await screen.findByText("ពាក្យសម្ងាត់ត្រូវមានយ៉ាងតិច 8 តួអក្សរ")).toBeTruthy();
    type("បង្កើតពាក្យសម្ងាត់", "12345678");
    await click("ចុះឈ្មោះ");
    expect((await screen.findByRole("alert")).textContent).toBe("មានគណនីនេះរួចហើយ។ សូមប្រើអ៊ីមែលផ្សេង។");
    expect(screen.getByRole("link", { name: "មានគណនីរួចហើយ? ចូលគណនី" }).getAttribute("href")).toBe("/auth");
  });
});

describe("the forgotten-password form", () => {
  it("sends the address with the reset page to come back to, and says to check the mailbox", async () => {
    auth.requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
    inRouter(<ForgottenPasswordForm defaultEmail="dara@example.com" rememberEmail={() => undefined} />);
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe("dara@example.com");
    await click("Send reset password instructions");
    expect(auth.requestPasswordReset).toHaveBeenCalledWith({
      email: "dara@example.com",
      redirectTo: "/auth?view=update_password",
    });
    expect((await screen.findByRole("status")).textContent).toBe("Check your email for the password reset link");
  });

  it("asks for a valid address first", async () => {
    inRouter(<ForgottenPasswordForm defaultEmail="" rememberEmail={() => undefined} />);
    type("Email address", "not an address");
    await click("Send reset password instructions");
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(auth.requestPasswordReset).not.toHaveBeenCalled();
  });

  it("in Khmer: a rate-limited request is said in Khmer and nothing claims it was sent", async () => {
    auth.requestPasswordReset.mockResolvedValue({ data: null, error: { code: "RATE_LIMITED", status: 429 } });
    inRouter(<ForgottenPasswordForm defaultEmail="dara@example.com" rememberEmail={() => undefined} />, "km");
    await click("ផ្ញើការណែនាំកំណត់ពាក្យសម្ងាត់ឡើងវិញ");
    expect((await screen.findByRole("alert")).textContent).toBe("ព្យាយាមច្រើនដងពេក។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្ដងទៀត។");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("the magic-link form", () => {
  it("asks for a link that opens the dashboard and comes back here on failure", async () => {
    auth.magicLink.mockResolvedValue({ data: { status: true }, error: null });
    inRouter(<MagicLinkForm defaultEmail="" rememberEmail={() => undefined} />);
    type("Email address", "dara@example.com");
    await click("Send magic link");
    expect(auth.magicLink).toHaveBeenCalledWith({
      email: "dara@example.com",
      callbackURL: "/dashboard",
      errorCallbackURL: "/auth?view=magic_link",
    });
    expect((await screen.findByRole("status")).textContent).toBe("Check your email for the magic link");
  });

  it("says when the server cannot be reached (no answer at all)", async () => {
    auth.magicLink.mockResolvedValue({ data: null, error: { status: 0 } });
    inRouter(<MagicLinkForm defaultEmail="dara@example.com" rememberEmail={() => undefined} />);
    await click("Send magic link");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Unable to reach the server. Check your connection and try again.",
    );
  });

  it("in Khmer: its button and its note", async () => {
    auth.magicLink.mockResolvedValue({ data: { status: true }, error: null });
    inRouter(<MagicLinkForm defaultEmail="dara@example.com" rememberEmail={() => undefined} />, "km");
    await click("ផ្ញើតំណចូលគណនី");
    expect((await screen.findByRole("status")).textContent).toBe("សូមពិនិត្យអ៊ីមែលរបស់អ្នក ដើម្បីបើកតំណចូលគណនី");
  });
});
