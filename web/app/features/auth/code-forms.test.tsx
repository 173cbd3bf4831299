// The forms that take a code or a new password: the e-mailed one-time code (two steps), the new
// password from a reset link, and the second factor (authenticator app or backup code).
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const auth = vi.hoisted(() => ({
  sendVerificationOtp: vi.fn(),
  signInEmailOtp: vi.fn(),
  resetPassword: vi.fn(),
  verifyTotp: vi.fn(),
  verifyBackupCode: vi.fn(),
}));
vi.mock("~/lib/auth-client", () => ({
  authClient: {
    emailOtp: { sendVerificationOtp: auth.sendVerificationOtp },
    signIn: { emailOtp: auth.signInEmailOtp },
    resetPassword: auth.resetPassword,
    twoFactor: { verifyTotp: auth.verifyTotp, verifyBackupCode: auth.verifyBackupCode },
  },
}));

import { SecondFactorForm } from "~/features/auth/second-factor-form";
import { UpdatePasswordForm } from "~/features/auth/update-password-form";
import { VerifyOtpForm } from "~/features/auth/verify-otp-form";
import type { Language } from "~/lib/i18n";
import { click, inRouter, type } from "~/test/render";

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("signing in with an e-mailed code", () => {
  function renderOtp(lng: Language = "en") {
    const onSignedIn = vi.fn();
    const rememberEmail = vi.fn();
    inRouter(<VerifyOtpForm defaultEmail="" rememberEmail={rememberEmail} onSignedIn={onSignedIn} />, lng);
    return { onSignedIn, rememberEmail };
  }

  it("sends a sign-in code to the address, then asks for the 6 digits and signs in with them", async () => {
    auth.sendVerificationOtp.mockResolvedValue({ data: { success: true }, error: null });
    auth.signInEmailOtp.mockResolvedValue({ data: {}, error: null });
    const { onSignedIn, rememberEmail } = renderOtp();
    type("Email address", "dara@example.com");
    await click("Send code");
    expect(auth.sendVerificationOtp).toHaveBeenCalledWith({ email: "dara@example.com", type: "sign-in" });
    expect(rememberEmail).toHaveBeenLastCalledWith("dara@example.com");
    expect(screen.getByRole("status").textContent).toBe("We sent a 6-digit code to dara@example.com.");

    // Not six digits: refused here.
    type("One-time code", "12a456");
    await click("Verify code");
    expect(await screen.findByText("Enter the 6-digit code")).toBeTruthy();
    expect(auth.signInEmailOtp).not.toHaveBeenCalled();

    type("One-time code", " 123456 ");
    await click("Verify code");
    expect(auth.signInEmailOtp).toHaveBeenCalledWith({ email: "dara@example.com", otp: "123456" });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("shows a wrong code's refusal by its code, resends a code, and goes back to change the address", async () => {
    auth.sendVerificationOtp.mockResolvedValue({ data: { success: true }, error: null });
    auth.signInEmailOtp.mockResolvedValue({ data: null, error: { code: "INVALID_OTP", message: "Invalid OTP", status: 400 } });
    const { onSignedIn } = renderOtp();
    type("Email address", "dara@example.com");
    await click("Send code");
    type("One-time code", "000000");
    await click("Verify code");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid OTP");
    expect(onSignedIn).not.toHaveBeenCalled();

    await click("Resend code");
    expect(auth.sendVerificationOtp).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("We sent a new 6-digit code to dara@example.com.");

    await click("Use a different email");
    expect(screen.getByRole("button", { name: "Send code" })).toBeTruthy();
    expect(screen.queryByLabelText("One-time code")).toBeNull();
  });

  it("stays on the address step when the code cannot be sent", async () => {
    auth.sendVerificationOtp.mockResolvedValue({ data: null, error: { code: "RATE_LIMITED", status: 429 } });
    renderOtp();
    type("Email address", "dara@example.com");
    await click("Send code");
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait a moment and try again.");
    expect(screen.queryByLabelText("One-time code")).toBeNull();
  });

  it("in Khmer: both steps and a refusal by its code", async () => {
    auth.sendVerificationOtp.mockResolvedValue({ data: { success: true }, error: null });
    auth.signInEmailOtp.mockResolvedValue({ data: null, error: { code: "OTP_EXPIRED", message: "OTP expired", status: 400 } });
    renderOtp("km");
    type("អាសយដ្ឋានអ៊ីមែល", "dara@example.com");
    await click("ផ្ញើលេខកូដ");
    expect(screen.getByRole("status").textContent).toBe("យើងបានផ្ញើលេខកូដ 6 ខ្ទង់ទៅ dara@example.com។");
    await click("ផ្ទៀងផ្ទាត់លេខកូដ");
    expect(await screen.findByText("សូមបញ្ចូលលេខកូដ 6 ខ្ទង់")).toBeTruthy();
    type("លេខកូដប្រើម្ដង", "123456");
    await click("ផ្ទៀងផ្ទាត់លេខកូដ");
    expect((await screen.findByRole("alert")).textContent).toBe("លេខកូដបានផុតកំណត់");
  });
});

describe("choosing a new password from a reset link", () => {
  it("sends the new password with the link's token, then reports it updated", async () => {
    auth.resetPassword.mockResolvedValue({ data: { status: true }, error: null });
    const onPasswordUpdated = vi.fn();
    inRouter(<UpdatePasswordForm token="reset-token" onPasswordUpdated={onPasswordUpdated} />);
    await click("Update password");
    expect(await screen.findByText("Password is required")).toBeTruthy();
    type("New password", "short");
    await click("Update password");
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    type("New password", "a new long password");
    await click("Update password");
    expect(auth.resetPassword).toHaveBeenCalledWith({ newPassword: "a new long password", token: "reset-token" });
    expect(onPasswordUpdated).toHaveBeenCalledTimes(1);
  });

  it("shows an expired token's refusal and does not report success", async () => {
    auth.resetPassword.mockResolvedValue({ data: null, error: { code: "INVALID_TOKEN", message: "Invalid token", status: 400 } });
    const onPasswordUpdated = vi.fn();
    inRouter(<UpdatePasswordForm token="old" onPasswordUpdated={onPasswordUpdated} />);
    type("New password", "a new long password");
    await click("Update password");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid token");
    expect(onPasswordUpdated).not.toHaveBeenCalled();
  });

  it("without a valid link offers a new one instead of the form, in Khmer too", () => {
    inRouter(<UpdatePasswordForm token={null} onPasswordUpdated={() => undefined} />, "km");
    expect(screen.getByRole("alert").textContent).toBe(
      "តំណកំណត់ពាក្យសម្ងាត់ឡើងវិញនេះមិនត្រឹមត្រូវ ឬបានផុតកំណត់ហើយ។ សូមស្នើសុំតំណថ្មី។",
    );
    expect(screen.queryByLabelText("ពាក្យសម្ងាត់ថ្មី")).toBeNull();
    expect(screen.getByRole("link", { name: "ភ្លេចពាក្យសម្ងាត់?" }).getAttribute("href")).toBe("/auth?view=forgotten_password");
  });
});

describe("the second factor", () => {
  it("verifies the authenticator app's code without its spaces", async () => {
    auth.verifyTotp.mockResolvedValue({ data: {}, error: null });
    const onVerified = vi.fn();
    inRouter(<SecondFactorForm onVerified={onVerified} />);
    expect(screen.getByText("Open the app where you added Keyshop and type the 6-digit code it shows now.")).toBeTruthy();
    await click("Verify");
    expect(await screen.findByText("Enter the code")).toBeTruthy();
    expect(auth.verifyTotp).not.toHaveBeenCalled();
    type("Code from your authenticator app", "123 456");
    await click("Verify");
    expect(auth.verifyTotp).toHaveBeenCalledWith({ code: "123456" });
    expect(auth.verifyBackupCode).not.toHaveBeenCalled();
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it("switches to a backup code and back, and shows a wrong code's refusal with the field focused", async () => {
    auth.verifyBackupCode.mockResolvedValue({
      data: null,
      error: { code: "INVALID_BACKUP_CODE", message: "Invalid backup code", status: 401 },
    });
    const onVerified = vi.fn();
    inRouter(<SecondFactorForm onVerified={onVerified} />);
    await click("Use a backup code instead");
    expect(screen.getByText("Each backup code works once.")).toBeTruthy();
    type("Backup code", "A1B2C3D4E5");
    await click("Verify");
    expect(auth.verifyBackupCode).toHaveBeenCalledWith({ code: "A1B2C3D4E5" });
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid backup code");
    expect(document.activeElement).toBe(screen.getByLabelText("Backup code"));
    expect(onVerified).not.toHaveBeenCalled();

    await click("Use the code from your app");
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByLabelText("Code from your authenticator app") as HTMLInputElement).value).toBe("");
  });

  it("in Khmer: a code typed too long, and a reused code's message put in Khmer", async () => {
    auth.verifyTotp.mockResolvedValue({
      data: null,
      error: { code: "INVALID_CODE", message: "This code was already used. Wait for the next code in your authenticator app.", status: 401 },
    });
    inRouter(<SecondFactorForm onVerified={() => undefined} />, "km");
    await click("ប្រើលេខកូដបម្រុងជំនួសវិញ");
    type("លេខកូដបម្រុង", "x".repeat(33));
    await click("ផ្ទៀងផ្ទាត់");
    expect(await screen.findByText("នេះមិនមែនជាលេខកូដពីកម្មវិធីរបស់អ្នក ឬលេខកូដបម្រុងទេ")).toBeTruthy();
    await click("ប្រើលេខកូដពីកម្មវិធីរបស់អ្នក");
    type("លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក", "123456");
    await click("ផ្ទៀងផ្ទាត់");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "លេខកូដនេះបានប្រើរួចហើយ។ សូមរង់ចាំលេខកូដបន្ទាប់នៅក្នុងកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក។",
    );
  });
});
