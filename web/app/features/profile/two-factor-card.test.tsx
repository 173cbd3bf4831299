// Two-factor authentication on Profile (decision 018): set up (password, scan, one code), the backup
// codes, new codes, turning it off (with the admin's warning), the provider's refusals, in English
// and Khmer (issue #31). The auth provider's client is replaced; what it is called with is checked.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const state = vi.hoisted(() => ({ me: null as null | { role: "user" | "admin"; twoFactorEnabled: boolean; passkeyEnabled: boolean } }));
const auth = vi.hoisted(() => ({ enable: vi.fn(), generateBackupCodes: vi.fn(), disable: vi.fn(), verifyTotp: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/lib/auth-client", () => ({ authClient: { twoFactor: auth } }));
vi.mock("~/features/session/queries", () => ({ sessionKeys: { me: ["me"] }, useMe: () => ({ data: state.me }) }));

const { TwoFactorCard } = await import("./two-factor-card");

const TOTP = "otpauth://totp/Keyshop:dara@example.com?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Keyshop";
const CODES = ["aaaa-1111", "bbbb-2222"];

function renderCard(lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter>
      <TwoFactorCard />
    </MemoryRouter>,
  );
}

function enterPassword(label: string, submit: string, password = "correct horse") {
  fireEvent.change(screen.getByLabelText(label), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: submit }));
}

beforeEach(() => {
  state.me = { role: "user", twoFactorEnabled: false, passkeyEnabled: false };
  for (const fn of [...Object.values(auth), toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

describe("setting up two-factor authentication", () => {
  it("asks for the password, shows the QR code and the key in fours, then turns it on with a code", async () => {
    auth.enable.mockResolvedValue({ data: { totpURI: TOTP, backupCodes: CODES }, error: null });
    auth.verifyTotp.mockResolvedValue({ error: null });
    renderCard();
    expect(screen.getByRole("heading", { name: "Two-factor authentication" })).toBeTruthy();
    expect(screen.getByText("Off")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    expect(screen.getByText("Confirm it is you: enter your password.")).toBeTruthy();
    enterPassword("Password", "Continue");
    await waitFor(() => expect(auth.enable).toHaveBeenCalledWith({ password: "correct horse" }));
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toBeTruthy();
    expect(screen.getByTestId("totp-secret").textContent).toBe("JBSW Y3DP EHPK 3PXP JBSW");
    fireEvent.change(screen.getByLabelText("Code from the app"), { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(auth.verifyTotp).toHaveBeenCalledWith({ code: "123456" }));
    const codes = await screen.findByRole("list", { name: "Backup codes" });
    expect(within(codes).getAllByRole("listitem").map((li) => li.textContent)).toEqual(CODES);
    expect(toast.success).toHaveBeenCalledWith("Two-factor authentication is on");
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("backup-codes")).toBeNull();
  });

  it("wants a password before asking the provider", async () => {
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Enter your password")).toBeTruthy();
    expect(auth.enable).not.toHaveBeenCalled();
  });

  it("shows the provider's refusal of the password and stays on the step", async () => {
    auth.enable.mockResolvedValue({ data: null, error: { message: "Invalid password", status: 400, code: "INVALID_PASSWORD" } });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    enterPassword("Password", "Continue", "wrong");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid password");
    expect(screen.getByLabelText("Password")).toBeTruthy();
  });

  it("keeps the scan step with the provider's words when the code is wrong", async () => {
    auth.enable.mockResolvedValue({ data: { totpURI: TOTP, backupCodes: CODES }, error: null });
    auth.verifyTotp.mockResolvedValue({ error: { message: "Invalid code", status: 401, code: "INVALID_CODE" } });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    enterPassword("Password", "Continue");
    fireEvent.change(await screen.findByLabelText("Code from the app"), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid code");
    expect(screen.queryByTestId("backup-codes")).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("Cancel goes back without asking the provider", () => {
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Set up two-factor authentication" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByRole("button", { name: "Set up two-factor authentication" })).toBeTruthy();
    expect(auth.enable).not.toHaveBeenCalled();
  });
});

describe("with two-factor authentication on", () => {
  beforeEach(() => {
    state.me = { role: "user", twoFactorEnabled: true, passkeyEnabled: false };
  });

  it("makes new backup codes after the password", async () => {
    auth.generateBackupCodes.mockResolvedValue({ data: { backupCodes: ["cccc-3333"] }, error: null });
    renderCard();
    expect(screen.getByText("On")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New backup codes" }));
    expect(screen.getByText("New backup codes replace the old ones. Enter your password.")).toBeTruthy();
    enterPassword("Password", "Make new codes");
    const codes = await screen.findByRole("list", { name: "Backup codes" });
    expect(codes.textContent).toBe("cccc-3333");
    expect(auth.generateBackupCodes).toHaveBeenCalledWith({ password: "correct horse" });
  });

  it("turns it off after the password and says so", async () => {
    auth.disable.mockResolvedValue({ error: null });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.queryByText(/admin console stays closed/)).toBeNull();
    enterPassword("Password", "Turn off");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Two-factor authentication is off"));
    expect(auth.disable).toHaveBeenCalledWith({ password: "correct horse" });
  });

  it("warns an admin without a passkey that the console closes, and not one with a passkey", () => {
    state.me = { role: "admin", twoFactorEnabled: true, passkeyEnabled: false };
    renderCard();
    expect(screen.getByText(/^The admin console needs this or a passkey/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.getByRole("alert").textContent).toBe("Without it, the admin console stays closed to you until you set it up again.");
    cleanup();
    state.me = { role: "admin", twoFactorEnabled: true, passkeyEnabled: true };
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("copies the backup codes, one a line", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    auth.generateBackupCodes.mockResolvedValue({ data: { backupCodes: CODES }, error: null });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "New backup codes" }));
    enterPassword("Password", "Make new codes");
    fireEvent.click(await screen.findByRole("button", { name: "Copy" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Copied!", { description: "Backup codes copied to clipboard" }));
    expect(writeText).toHaveBeenCalledWith("aaaa-1111\nbbbb-2222");
  });
});

describe("two-factor authentication in Khmer", () => {
  it("says the card, the steps and the password check in Khmer", async () => {
    renderCard("km");
    expect(screen.getByRole("heading", { name: "ការផ្ទៀងផ្ទាត់ពីរជំហាន" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "រៀបចំការផ្ទៀងផ្ទាត់ពីរជំហាន" }));
    fireEvent.click(screen.getByRole("button", { name: "បន្ត" }));
    expect(await screen.findByText("សូមបញ្ចូលពាក្យសម្ងាត់របស់អ្នក")).toBeTruthy();
  });
});

it("shows nothing before the account has loaded", () => {
  state.me = null;
  renderCard();
  expect(screen.queryByRole("heading")).toBeNull();
});
