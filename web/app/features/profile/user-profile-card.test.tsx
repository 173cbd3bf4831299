// Profile's User Profile card (spec §2, §8): the read-only e-mail, 'Not set', Edit Name / Cancel /
// Save with the name's limit, the expiry reminders switch, the loading and error states, in
// English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { Profile } from "./api";

const state = vi.hoisted(() => ({ profile: undefined as unknown, error: null as unknown, refetch: (() => undefined) as () => void, me: undefined as unknown }));
const update = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({
  useProfile: () => ({ data: state.profile, isError: state.error !== null, error: state.error, refetch: state.refetch }),
}));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: state.me }) }));
vi.mock("./mutations", () => ({ useUpdateProfile: () => ({ mutateAsync: update, isPending: false }) }));

const { UserProfileCard } = await import("./user-profile-card");

const profile = (over: Partial<Profile> = {}): Profile => ({ email: "dara@example.com", name: "Dara", expiryReminders: true, language: "en", ...over });

beforeEach(() => {
  state.profile = profile();
  state.error = null;
  state.refetch = vi.fn();
  state.me = undefined;
  for (const fn of [update, toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

describe("the User Profile card", () => {
  it("shows the e-mail read-only and the name, or 'Not set' when it is blank", () => {
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByRole("heading", { name: "User Profile" })).toBeTruthy();
    expect(screen.getByTestId("profile-email").textContent).toBe("dara@example.com");
    expect(screen.queryByDisplayValue("dara@example.com")).toBeNull();
    expect(screen.getByTestId("profile-name").textContent).toBe("Dara");
    cleanup();
    state.profile = profile({ name: "   " });
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByTestId("profile-name").textContent).toBe("Not set");
  });

  it("edits the name: Save sends it and says 'Profile updated successfully'", async () => {
    update.mockResolvedValue(profile({ name: "Dara Sok" }));
    renderInLanguage("en", <UserProfileCard />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Name" }));
    // The form loads when first asked for (decision 073).
    const field = (await screen.findByLabelText("Display name")) as HTMLInputElement;
    expect(field.value).toBe("Dara");
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "Dara Sok" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ name: "Dara Sok" }));
    await waitFor(() => expect(screen.queryByLabelText("Display name")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith("Profile updated successfully");
  });

  it("Cancel leaves the name as it was, without sending", async () => {
    renderInLanguage("en", <UserProfileCard />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Name" }));
    fireEvent.change(await screen.findByLabelText("Display name"), { target: { value: "Someone else" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Display name")).toBeNull();
    expect(screen.getByTestId("profile-name").textContent).toBe("Dara");
    expect(update).not.toHaveBeenCalled();
  });

  it("refuses a name of more than 100 characters", async () => {
    renderInLanguage("en", <UserProfileCard />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Name" }));
    fireEvent.change(await screen.findByLabelText("Display name"), { target: { value: "x".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is too long (100 characters at most)")).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it("says 'Error' with the server's message when the name is refused, and stays in the form", async () => {
    update.mockRejectedValue(new ApiError("RATE_LIMITED", "Too many changes, try again later", 429));
    renderInLanguage("en", <UserProfileCard />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Name" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Too many changes, try again later" })));
    expect(screen.getByLabelText("Display name")).toBeTruthy();
  });

  it("turns the expiry reminders off and says so", async () => {
    update.mockResolvedValue(profile({ expiryReminders: false }));
    renderInLanguage("en", <UserProfileCard />);
    const reminders = screen.getByRole("switch", { name: "Expiry reminders" });
    expect(reminders.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(reminders);
    await waitFor(() => expect(update).toHaveBeenCalledWith({ expiryReminders: false }));
    expect(toast.success).toHaveBeenCalledWith("Expiry reminders turned off");
  });

  it("turns them on", async () => {
    state.profile = profile({ expiryReminders: false });
    update.mockResolvedValue(profile());
    renderInLanguage("en", <UserProfileCard />);
    fireEvent.click(screen.getByRole("switch", { name: "Expiry reminders" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Expiry reminders turned on"));
    expect(update).toHaveBeenCalledWith({ expiryReminders: true });
  });

  it("says it is loading, then 'Failed to fetch user profile' with Try again", () => {
    state.profile = undefined;
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByRole("status").textContent).toBe("Loading profile");
    cleanup();
    state.error = new ApiError("UNAUTHENTICATED", "No active session", 401);
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByRole("alert").textContent).toContain("Failed to fetch user profile: ");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the session's e-mail while the profile loads, so nothing below moves when it comes", () => {
    state.profile = undefined;
    state.me = { email: "a.very.long.address.for.a.phone@example.com" };
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByTestId("profile-email").textContent).toBe("a.very.long.address.for.a.phone@example.com");
    expect(screen.getByRole("status").textContent).toBe("Loading profile");
    cleanup();
    // A failed load says so, without half a card.
    state.error = new ApiError("UNAUTHENTICATED", "No active session", 401);
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.queryByTestId("profile-email")).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("Failed to fetch user profile: ");
    cleanup();
    // A refresh that failed after the profile came keeps the whole card, its e-mail included.
    state.profile = profile();
    renderInLanguage("en", <UserProfileCard />);
    expect(screen.getByTestId("profile-email").textContent).toBe("dara@example.com");
    expect(screen.getByTestId("profile-name").textContent).toBe("Dara");
  });

  it("reads in Khmer, 'Not set' and the name's limit included", async () => {
    state.profile = profile({ name: "" });
    renderInLanguage("km", <UserProfileCard />);
    expect(screen.getByRole("heading", { name: "ប្រវត្តិរូបអ្នកប្រើ" })).toBeTruthy();
    expect(screen.getByTestId("profile-name").textContent).toBe("មិនទាន់កំណត់");
    fireEvent.click(screen.getByRole("button", { name: "កែឈ្មោះ" }));
    fireEvent.change(await screen.findByLabelText("ឈ្មោះបង្ហាញ"), { target: { value: "x".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "រក្សាទុក" }));
    expect(await screen.findByText("ឈ្មោះវែងពេក (យ៉ាងច្រើន 100 តួអក្សរ)")).toBeTruthy();
  });
});
