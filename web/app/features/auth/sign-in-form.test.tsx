// The sign-in form read in Khmer (issue #27): its labels, its validation and better-auth's refusals
// are Khmer; a refusal these texts do not know is shown as the server sent it.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const signInEmail = vi.fn();
vi.mock("~/lib/auth-client", () => ({ authClient: { signIn: { email: (...args: unknown[]) => signInEmail(...args) } } }));

import { SignInForm } from "~/features/auth/sign-in-form";
import { setLanguage } from "~/lib/i18n";

beforeAll(() => setLanguage("km"));
afterEach(() => {
  cleanup();
  signInEmail.mockReset();
});

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter>
      <SignInForm defaultEmail="" rememberEmail={() => undefined} onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return { onSignedIn };
}

async function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("អាសយដ្ឋានអ៊ីមែល"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("ពាក្យសម្ងាត់"), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "ចូលគណនី" }));
  });
}

describe("the sign-in form in Khmer", () => {
  it("names its fields, button and other ways to sign in in Khmer", () => {
    renderForm();
    expect(screen.getByLabelText("អាសយដ្ឋានអ៊ីមែល")).toBeDefined();
    expect(screen.getByLabelText("ពាក្យសម្ងាត់")).toHaveProperty("placeholder", "ពាក្យសម្ងាត់របស់អ្នក");
    const others = screen.getByRole("navigation", { name: "វិធីផ្សេងទៀតដើម្បីចូលគណនី" });
    expect(others.textContent).toContain("ភ្លេចពាក្យសម្ងាត់?");
    expect(others.textContent).toContain("មិនទាន់មានគណនី? ចុះឈ្មោះ");
    expect(document.body.textContent).not.toMatch(/Email|Password|Sign in|Forgot/);
  });

  it("says what is missing or wrong in Khmer, without asking the server", async () => {
    renderForm();
    await submit("", "");
    expect(await screen.findByText("សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែល")).toBeDefined();
    expect(screen.getByText("សូមបញ្ចូលពាក្យសម្ងាត់")).toBeDefined();
    await submit("not-an-address", "x");
    expect(await screen.findByText("សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ")).toBeDefined();
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it("puts better-auth's refusal in Khmer", async () => {
    signInEmail.mockResolvedValue({ data: null, error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password", status: 401 } });
    const { onSignedIn } = renderForm();
    await submit("dara@example.com", "wrong password");
    expect((await screen.findByRole("alert")).textContent).toBe("អ៊ីមែល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ");
    expect(signInEmail).toHaveBeenCalledWith({ email: "dara@example.com", password: "wrong password" });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("asks an unconfirmed address to confirm first, in Khmer", async () => {
    signInEmail.mockResolvedValue({ data: null, error: { code: "EMAIL_NOT_VERIFIED", message: "Email not verified", status: 403 } });
    renderForm();
    await submit("dara@example.com", "a password");
    expect((await screen.findByRole("alert")).textContent).toMatch(/^សូមបញ្ជាក់អាសយដ្ឋានអ៊ីមែលរបស់អ្នកជាមុនសិន/);
  });

  it("shows a message it does not know as the server sent it", async () => {
    signInEmail.mockResolvedValue({ data: null, error: { code: "SOMETHING_NEW", message: "A brand-new refusal", status: 400 } });
    renderForm();
    await submit("dara@example.com", "a password");
    expect((await screen.findByRole("alert")).textContent).toBe("A brand-new refusal");
  });
});
