// User Management (spec §2, §6, §8): heading and badge, the list's states, the role dropdown
// (not one's own), the reseller switch (decision 080), the two-factor reset's confirmation, in
// English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { AdminUser } from "./api";

const state = vi.hoisted(() => ({
  users: undefined as unknown[] | undefined,
  error: null as unknown,
  lastParams: null as unknown,
  meId: "me",
}));
const setRole = vi.hoisted(() => vi.fn());
const reset = vi.hoisted(() => vi.fn());
const setReseller = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { id: state.meId } }) }));
vi.mock("./queries", () => ({
  useAdminUsers: (params: unknown) => {
    state.lastParams = params;
    return {
      data: state.users ? { users: state.users, total: state.users.length, totalIsEstimate: false } : undefined,
      isError: state.error !== null,
      error: state.error,
      isFetching: false,
      isPlaceholderData: false,
      refetch: vi.fn(),
    };
  },
  useSetRole: () => ({ mutateAsync: setRole, isPending: false }),
  useResetTwoFactor: () => ({ mutateAsync: reset, isPending: false }),
  useSetReseller: () => ({ mutateAsync: setReseller, isPending: false }),
}));

const { UserManagementPanel } = await import("./user-management-panel");

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: "u1",
  email: "dara@example.com",
  name: "Dara",
  username: "dara",
  role: "user",
  superAdmin: false,
  reseller: false,
  twoFactorEnabled: false,
  passkeyEnabled: false,
  createdAt: "2026-11-22T05:00:00.000Z",
  ...over,
});

beforeEach(() => {
  state.users = [
    user({}),
    user({ id: "me", email: "admin@example.com", name: "", username: null, role: "admin", superAdmin: true, twoFactorEnabled: true }),
    user({ id: "u3", email: "vanna@example.com", name: "", username: null, role: "admin", passkeyEnabled: true, createdAt: null }),
  ];
  state.error = null;
  state.meId = "me";
  for (const fn of [setRole, reset, setReseller, toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

const rows = () => screen.getAllByTestId("user-row");

function chooseRole(email: string, option: string) {
  fireEvent.keyDown(screen.getByRole("combobox", { name: `Role of ${email}` }), { key: "ArrowDown" });
  fireEvent.click(screen.getByRole("option", { name: option }));
}

describe("the User Management list", () => {
  it("has the spec's heading, subtitle and badge, and lists e-mail, role, two-factor and 'MMM d, yyyy'", () => {
    renderInLanguage("en", <UserManagementPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "User Management" })).toBeTruthy();
    expect(screen.getByText("Manage user roles and permissions")).toBeTruthy();
    expect(screen.getByText("Admin Access")).toBeTruthy();
    expect(screen.getByPlaceholderText("Search users...")).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Email", "Role", "Reseller", "Two-factor", "Created At"]);
    const [dara, me, vanna] = rows();
    expect(within(dara!).getByText("Dara · @dara")).toBeTruthy();
    expect(within(dara!).getByText("Off")).toBeTruthy();
    expect(within(dara!).getByText("Nov 22, 2026")).toBeTruthy();
    expect(within(me!).getByText("Super-admin")).toBeTruthy();
    expect(within(me!).getByText("(you)")).toBeTruthy();
    expect(within(vanna!).getByText("On")).toBeTruthy();
    expect(within(vanna!).getByText("N/A")).toBeTruthy();
  });

  it("says which search found nothing", async () => {
    state.users = [];
    renderInLanguage("en", <UserManagementPanel />);
    expect(screen.getByText("No users found")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search users"), { target: { value: "zz" } });
    expect(await screen.findByText("No e-mail, username or name contains “zz”.")).toBeTruthy();
    expect(state.lastParams).toEqual({ search: "zz", page: 1, pageSize: 10 });
  });

  it("shows and toasts 'Error fetching users' with the server's message", () => {
    state.users = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <UserManagementPanel />);
    expect(screen.getByText("Unauthorized: Admin access required")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Error fetching users", expect.objectContaining({ description: "Unauthorized: Admin access required" }));
  });

  it("reads in Khmer", () => {
    renderInLanguage("km", <UserManagementPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "ការគ្រប់គ្រងអ្នកប្រើ" })).toBeTruthy();
    expect(screen.getByText("សិទ្ធិអ្នកគ្រប់គ្រង")).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["អ៊ីមែល", "តួនាទី", "អ្នកលក់បន្ត", "ការផ្ទៀងផ្ទាត់ពីរជំហាន", "កាលបរិច្ឆេទបង្កើត"]);
    expect(within(rows()[1]!).getByText("(អ្នក)")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "តួនាទីរបស់ dara@example.com" })).toBeTruthy();
  });
});

describe("changing a role", () => {
  it("makes a user an admin and says 'Role updated'", async () => {
    setRole.mockResolvedValue({});
    renderInLanguage("en", <UserManagementPanel />);
    chooseRole("dara@example.com", "admin");
    await waitFor(() => expect(setRole).toHaveBeenCalledWith({ id: "u1", role: "admin" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Role updated", { description: "User role has been updated successfully" }));
  });

  it("says 'Error updating role' with the server's message when refused", async () => {
    setRole.mockRejectedValue(new ApiError("FORBIDDEN", "Only a super-admin can change an admin", 403));
    renderInLanguage("en", <UserManagementPanel />);
    chooseRole("vanna@example.com", "user");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error updating role", expect.objectContaining({ description: "Only a super-admin can change an admin" })));
  });

  it("does not let the admin change their own role", () => {
    renderInLanguage("en", <UserManagementPanel />);
    const own = screen.getByRole("combobox", { name: "Role of admin@example.com" });
    expect(own.hasAttribute("disabled")).toBe(true);
    expect(own.getAttribute("title")).toBe("You cannot remove your own admin role.");
    expect(screen.getByRole("combobox", { name: "Role of dara@example.com" }).hasAttribute("disabled")).toBe(false);
  });
});

describe("resetting two-factor authentication", () => {
  it("is offered for someone else with a factor, never for oneself or without one", () => {
    renderInLanguage("en", <UserManagementPanel />);
    expect(screen.getAllByRole("button", { name: /^Reset two-factor authentication of / }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Reset two-factor authentication of vanna@example.com",
    ]);
  });

  it("warns an admin keeps the console closed, then resets and says so", async () => {
    reset.mockResolvedValue({});
    renderInLanguage("en", <UserManagementPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Reset two-factor authentication of vanna@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Reset two-factor authentication?" });
    expect(within(dialog).getByText(/^vanna@example\.com is signed out everywhere, .* the admin console stays closed to them/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reset).toHaveBeenCalledWith("u3");
    expect(toast.success).toHaveBeenCalledWith("Two-factor authentication reset", expect.objectContaining({ description: expect.stringMatching(/^Two-factor authentication was reset/) }));
  });

  it("tells a user they can set up a new one in Profile; a failure keeps the dialog open", async () => {
    state.users = [user({ passkeyEnabled: true })];
    reset.mockRejectedValue(new ApiError("FORBIDDEN", "Only a super-admin can do this", 403));
    renderInLanguage("en", <UserManagementPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Reset two-factor authentication of dara@example.com" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/they can set up a new one in Profile/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Only a super-admin can do this" })));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("closes on Escape without resetting", async () => {
    renderInLanguage("en", <UserManagementPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Reset two-factor authentication of vanna@example.com" }));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reset).not.toHaveBeenCalled();
  });
});

describe("the reseller switch", () => {
  const resellerSwitch = (email: string) => screen.getByRole("switch", { name: `Reseller: ${email}` });

  it("shows who is a reseller, and asks before marking one; the confirmation marks and says so", async () => {
    state.users = [user({}), user({ id: "u2", email: "sok@example.com", reseller: true })];
    setReseller.mockResolvedValue({ changed: true });
    renderInLanguage("en", <UserManagementPanel />);
    expect(resellerSwitch("dara@example.com").getAttribute("aria-checked")).toBe("false");
    expect(resellerSwitch("sok@example.com").getAttribute("aria-checked")).toBe("true");
    expect(within(rows()[1]!).getByText("Reseller")).toBeTruthy();
    expect(within(rows()[0]!).queryByText("Reseller")).toBeNull();

    fireEvent.click(resellerSwitch("dara@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Make dara@example.com a reseller?" });
    expect(within(dialog).getByText(/buy licences in bulk at the plans' volume prices/)).toBeTruthy();
    expect(setReseller).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Make reseller" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(setReseller).toHaveBeenCalledWith({ id: "u1", reseller: true });
    expect(toast.success).toHaveBeenCalledWith("Reseller added", { description: "dara@example.com is now a reseller." });
  });

  it("unmarks after its own warning; Escape changes nothing", async () => {
    state.users = [user({ reseller: true })];
    setReseller.mockResolvedValue({ changed: true });
    renderInLanguage("en", <UserManagementPanel />);
    fireEvent.click(resellerSwitch("dara@example.com"));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(setReseller).not.toHaveBeenCalled();

    fireEvent.click(resellerSwitch("dara@example.com"));
    const dialog = screen.getByRole("dialog", { name: "Stop dara@example.com being a reseller?" });
    expect(within(dialog).getByText(/Licences they already bought stay theirs/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove reseller" }));
    await waitFor(() => expect(setReseller).toHaveBeenCalledWith({ id: "u1", reseller: false }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Reseller removed", { description: "dara@example.com is no longer a reseller." }));
  });

  it("a failure keeps the dialog open and says why, in Khmer too", async () => {
    setReseller.mockRejectedValue(new ApiError("NOT_FOUND", "User not found", 404));
    renderInLanguage("km", <UserManagementPanel />);
    fireEvent.click(screen.getByRole("switch", { name: "អ្នកលក់បន្ត៖ dara@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "កំណត់ dara@example.com ជាអ្នកលក់បន្ត?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "កំណត់ជាអ្នកលក់បន្ត" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("មិនអាចប្ដូរអ្នកលក់បន្តបានទេ", expect.objectContaining({ description: "រកមិនឃើញអ្នកប្រើទេ" })));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
