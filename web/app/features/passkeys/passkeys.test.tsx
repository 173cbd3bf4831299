// Passkeys (decision 038): Profile's card (list, add named after the device, rename, remove with
// the last-factor warning), and "Use a passkey" where a sign-in needs one. Errors by their reason.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const api = vi.hoisted(() => ({
  listPasskeys: vi.fn(),
  addPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  removePasskey: vi.fn(),
  passkeysSupported: vi.fn(),
  signInWithPasskey: vi.fn(),
}));
const me = vi.hoisted(() => ({ data: { role: "user", twoFactorEnabled: false } as { role: string; twoFactorEnabled: boolean } | undefined }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("./api", async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
vi.mock("~/features/session/queries", () => ({ sessionKeys: { me: ["me"] }, useMe: () => me }));
vi.mock("~/lib/toast", () => ({ toast }));

import type { Language } from "~/lib/i18n";
import { click, renderInLanguage } from "~/test/render";

import { PasskeyError } from "./api";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasskeysCard } from "./passkeys-card";

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

beforeEach(() => {
  api.passkeysSupported.mockReturnValue(true);
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(CHROME_ON_WINDOWS);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  me.data = { role: "user", twoFactorEnabled: false };
});

const laptop = { id: "p1", name: "Chrome on Windows", createdAt: "2026-11-01T03:00:00.000Z" };
const phone = { id: "p2", name: null, createdAt: "2026-11-02T03:00:00.000Z" };

function renderCard(lng: Language = "en") {
  return renderInLanguage(lng, <MemoryRouter><PasskeysCard /></MemoryRouter>);
}

describe("Profile's passkeys", () => {
  it("lists the account's passkeys with their names, an unnamed one by a name, and their count", async () => {
    api.listPasskeys.mockResolvedValue([laptop, phone]);
    renderCard();
    const list = await screen.findByRole("list", { name: "Passkeys" });
    expect(within(list).getAllByTestId("passkey-name-text").map((el) => el.textContent)).toEqual([
      "Chrome on Windows",
      "Unnamed passkey",
    ]);
    expect(screen.getByText("2 passkeys")).toBeTruthy();
    // Each button says which passkey it acts on.
    expect(screen.getByRole("button", { name: "New name for Unnamed passkey" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove Chrome on Windows" })).toBeTruthy();
  });

  it("says there are none, and recommends passkeys to admins", async () => {
    api.listPasskeys.mockResolvedValue([]);
    me.data = { role: "admin", twoFactorEnabled: false };
    renderCard();
    expect(await screen.findByText("You have no passkeys yet.")).toBeTruthy();
    expect(screen.getByText("None yet")).toBeTruthy();
    expect(screen.getByText("Recommended")).toBeTruthy();
    expect(screen.getByText(/^Recommended for admins: a passkey cannot be phished/)).toBeTruthy();
  });

  it("adds a passkey named after this device by default, and checks the name", async () => {
    api.listPasskeys.mockResolvedValue([]);
    api.addPasskey.mockResolvedValue(laptop);
    renderCard();
    const name = (await screen.findByLabelText("Name of the new passkey")) as HTMLInputElement;
    expect(name.value).toBe("Chrome on Windows");

    fireEvent.change(name, { target: { value: "   " } });
    await click("Add a passkey");
    expect(screen.getByText("Give the passkey a name")).toBeTruthy();
    fireEvent.change(name, { target: { value: "x".repeat(65) } });
    await click("Add a passkey");
    expect(screen.getByText("At most 64 characters")).toBeTruthy();
    expect(api.addPasskey).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: "  Work laptop " } });
    await click("Add a passkey");
    expect(api.addPasskey).toHaveBeenCalledWith("Work laptop");
    expect(toast.success).toHaveBeenCalledWith("Passkey added");
  });

  it("says why a passkey was not added, by its reason", async () => {
    api.listPasskeys.mockResolvedValue([]);
    api.addPasskey.mockRejectedValueOnce(new PasskeyError("previouslyRegistered"));
    api.addPasskey.mockRejectedValueOnce(new PasskeyError("server", "Passkey limit reached", "LIMIT"));
    renderCard();
    await screen.findByText("You have no passkeys yet.");
    await click("Add a passkey");
    expect(screen.getByRole("alert").textContent).toBe("This device already has a passkey for your account.");
    await click("Add a passkey");
    expect(screen.getByRole("alert").textContent).toBe("Passkey limit reached");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("tells a browser without passkeys so, instead of the form", async () => {
    api.listPasskeys.mockResolvedValue([]);
    api.passkeysSupported.mockReturnValue(false);
    renderCard();
    expect(await screen.findByText("This browser cannot use passkeys. Use an up-to-date browser, or another device.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add a passkey" })).toBeNull();
  });

  it("renames a passkey, refusing an empty name", async () => {
    api.listPasskeys.mockResolvedValue([laptop]);
    api.renamePasskey.mockResolvedValue({ passkey: { ...laptop, name: "Desk" } });
    renderCard();
    await click("New name for Chrome on Windows", await screen.findByRole("list"));
    const input = screen.getByLabelText("New name for Chrome on Windows") as HTMLInputElement;
    expect(input.value).toBe("Chrome on Windows");
    fireEvent.change(input, { target: { value: "" } });
    await click("Save");
    expect(screen.getByRole("alert").textContent).toBe("Give the passkey a name");
    fireEvent.change(input, { target: { value: " Desk " } });
    await click("Save");
    expect(api.renamePasskey).toHaveBeenCalledWith("p1", "Desk");
    expect(toast.success).toHaveBeenCalledWith("Passkey renamed");
    expect(screen.queryByLabelText("New name for Chrome on Windows", { selector: "input" })).toBeNull();
  });

  it("asks before removing; warns when it is the only second factor", async () => {
    api.listPasskeys.mockResolvedValue([laptop]);
    api.removePasskey.mockResolvedValue({ status: true });
    renderCard();
    await click("Remove Chrome on Windows", await screen.findByRole("list"));
    const dialog = screen.getByRole("dialog", { name: "Remove the passkey “Chrome on Windows”?" });
    expect(within(dialog).getByText("It is your only second factor: signing in will need only your password again.")).toBeTruthy();
    expect(api.removePasskey).not.toHaveBeenCalled();
    await click("Remove", dialog);
    expect(api.removePasskey).toHaveBeenCalledWith("p1");
    expect(toast.success).toHaveBeenCalledWith("Passkey removed");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("in Khmer: the card, an admin's last-factor warning and a refusal", async () => {
    api.listPasskeys.mockResolvedValue([laptop]);
    api.removePasskey.mockRejectedValue(new PasskeyError("notFresh"));
    me.data = { role: "admin", twoFactorEnabled: false };
    renderCard("km");
    await click("ដក Chrome on Windows ចេញ", await screen.findByRole("list", { name: "Passkey" }));
    const dialog = screen.getByRole("dialog", { name: "ដក Passkey “Chrome on Windows” ចេញឬ?" });
    expect(within(dialog).getByText(/^វាជាកត្តាទីពីរតែមួយគត់របស់អ្នក៖ ផ្ទាំងគ្រប់គ្រង/)).toBeTruthy();
    await click("ដកចេញ", dialog);
    expect(within(dialog).getByText(/^ដើម្បីសុវត្ថិភាពរបស់អ្នក សូមចាកចេញ/)).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("Use a passkey", () => {
  it("is not offered where the browser has no passkeys", () => {
    api.passkeysSupported.mockReturnValue(false);
    renderInLanguage("en", <PasskeySignIn onSignedIn={() => undefined} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("signs in with a passkey, then hands over", async () => {
    api.signInWithPasskey.mockResolvedValue(undefined);
    const onSignedIn = vi.fn();
    renderInLanguage("en", <PasskeySignIn onSignedIn={onSignedIn} label="withPasskey" />);
    await click("Sign in with a passkey");
    expect(api.signInWithPasskey).toHaveBeenCalledTimes(1);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("says a cancelled or unknown passkey in words, in Khmer too, and does not hand over", async () => {
    api.signInWithPasskey.mockRejectedValue(new PasskeyError("cancelled"));
    const onSignedIn = vi.fn();
    renderInLanguage("en", <PasskeySignIn onSignedIn={onSignedIn} />);
    await click("Use a passkey");
    expect(screen.getByRole("alert").textContent).toBe("Nothing happened: the request was cancelled or timed out.");
    expect(onSignedIn).not.toHaveBeenCalled();
    cleanup();

    api.signInWithPasskey.mockRejectedValue(new PasskeyError("unknownPasskey"));
    renderInLanguage("km", <PasskeySignIn onSignedIn={onSignedIn} />);
    await click("ប្រើ Passkey");
    expect(screen.getByRole("alert").textContent).toBe(
      "Keyshop មិនស្គាល់ Passkey នេះទេ (វាប្រហែលជាត្រូវបានដកចេញ)។ សូមប្រើ Passkey ផ្សេង ឬវិធីផ្សេងដើម្បីចូលគណនី។",
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
