// The dashboard's second-factor gate: the passkey, the code or both, as the account has them; sign
// out; and, for an admin without a second factor, where to set one up (decisions 018, 038).
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const me = vi.hoisted(() => ({ value: undefined as { twoFactorEnabled: boolean; passkeyEnabled: boolean } | undefined }));
const signOut = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: me.value }) }));
vi.mock("~/features/session/use-sign-out", () => ({ useSignOut: () => signOut }));
// The passkey and code forms have their own tests; here they only report success.
vi.mock("~/features/passkeys/passkey-sign-in", () => ({
  PasskeySignIn: ({ onSignedIn }: { onSignedIn: () => void }) => <button onClick={onSignedIn}>passkey form</button>,
  OrDivider: () => <p>or</p>,
}));
vi.mock("~/features/auth/second-factor-form", () => ({
  SecondFactorForm: ({ onVerified }: { onVerified: () => void }) => <button onClick={onVerified}>code form</button>,
}));

const { SecondFactorGate } = await import("./second-factor-gate");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  me.value = undefined;
  signOut.isPending = false;
});

function renderGate(due: "code" | "enrol", lng: Language = "en") {
  const invalidate = vi.spyOn(QueryClient.prototype, "invalidateQueries").mockResolvedValue(undefined);
  renderInLanguage(
    lng,
    <MemoryRouter>
      <SecondFactorGate due={due} />
    </MemoryRouter>,
  );
  return { invalidate };
}

describe("the second-factor gate", () => {
  it("asks for the authenticator's code when the account has only that, and reads everything again once it passes", async () => {
    me.value = { twoFactorEnabled: true, passkeyEnabled: false };
    const { invalidate } = renderGate("code");
    expect(screen.getByRole("heading", { level: 1, name: "Enter your second factor" })).toBeTruthy();
    expect(screen.getByText("Your account uses two-factor authentication, and this sign-in has not passed it yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "passkey form" })).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "code form" }));
    });
    // Every query was refused until now.
    expect(invalidate).toHaveBeenCalledWith();
  });

  it("offers the passkey, 'or', then the code when the account has both", () => {
    me.value = { twoFactorEnabled: true, passkeyEnabled: true };
    renderGate("code");
    const order = screen.getAllByText(/passkey form|^or$|code form/).map((el) => el.textContent);
    expect(order).toEqual(["passkey form", "or", "code form"]);
  });

  it("offers only the passkey, with its own words, when the account has no authenticator app", async () => {
    me.value = { twoFactorEnabled: false, passkeyEnabled: true };
    const { invalidate } = renderGate("code");
    expect(screen.getByText("Your account is protected by a passkey, and this sign-in has not used it yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "code form" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "passkey form" }));
    });
    expect(invalidate).toHaveBeenCalled();
  });

  it("asks for the code while the account is still loading", () => {
    renderGate("code");
    expect(screen.getByRole("button", { name: "code form" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "passkey form" })).toBeNull();
  });

  it("signs out, and cannot be pressed twice while signing out", () => {
    me.value = { twoFactorEnabled: true, passkeyEnabled: false };
    renderGate("code");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(signOut.mutate).toHaveBeenCalledTimes(1);
    cleanup();
    signOut.isPending = true;
    renderGate("code");
    expect((screen.getByRole("button", { name: "Sign out" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends an admin without a second factor to the profile's passkeys or authenticator app", () => {
    renderGate("enrol");
    expect(screen.getByRole("heading", { level: 1, name: "Set up a second factor" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a passkey in Profile" }).getAttribute("href")).toBe("/profile#passkeys");
    expect(screen.getByRole("link", { name: "Set up an authenticator app" }).getAttribute("href")).toBe("/profile#two-factor");
    expect(screen.queryByRole("button", { name: "code form" })).toBeNull();
  });
});

describe("the second-factor gate in Khmer", () => {
  it("says the gate's words in Khmer", () => {
    me.value = { twoFactorEnabled: true, passkeyEnabled: false };
    renderGate("code", "km");
    expect(screen.getByRole("heading", { level: 1, name: "បញ្ចូលកត្តាទីពីររបស់អ្នក" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "ចាកចេញ" })).toBeTruthy();
    cleanup();
    renderGate("enrol", "km");
    expect(screen.getByRole("heading", { level: 1, name: "រៀបចំកត្តាទីពីរ" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "បន្ថែម Passkey នៅក្នុងប្រវត្តិរូប" })).toBeTruthy();
  });
});
