// Manage Balances (spec §2, §5, §8): the list's states, the amount checks before the confirmation,
// the confirmation's before → after figure and the mills the confirm sends (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { BalanceUser } from "./api";

const state = vi.hoisted(() => ({
  users: undefined as unknown[] | undefined,
  error: null as unknown,
  lastParams: null as unknown,
  refetch: (() => undefined) as () => void,
  mobile: false,
}));
const mutateAsync = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => state.mobile }));
vi.mock("./queries", () => ({
  useBalances: (params: unknown) => {
    state.lastParams = params;
    return {
      data: state.users ? { users: state.users, total: state.users.length, totalIsEstimate: false, page: 1, pageSize: 10 } : undefined,
      isError: state.error !== null,
      error: state.error,
      isFetching: false,
      isPlaceholderData: false,
      refetch: state.refetch,
    };
  },
  useAdjustBalance: () => ({ mutateAsync }),
}));

const { ManageBalancePanel } = await import("./manage-balance-panel");

const dara: BalanceUser = {
  id: "u1",
  email: "dara@example.com",
  name: "Dara",
  apiKeys: [{ id: "k1", key: "ABCDEF0123456789ABCDEF0123456789", balanceMills: 4_955, isActive: true }],
};
const sokha: BalanceUser = { id: "u2", email: "sokha@example.com", name: "", apiKeys: [] };

beforeEach(() => {
  state.users = [dara, sokha];
  state.error = null;
  state.mobile = false;
  state.refetch = vi.fn();
  mutateAsync.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

function typeAmount(email: string, value: string) {
  fireEvent.change(screen.getByLabelText(`Amount in dollars for ${email}`), { target: { value } });
}

describe("the Manage User Balances list", () => {
  it("shows each key's balance to the mill, 'No API key' for a user without one, and the paging footer", () => {
    renderInLanguage("en", <ManageBalancePanel />);
    expect(screen.getByRole("heading", { level: 1, name: "Manage User Balances" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Email", "Name", "API Keys", "Actions"]);
    const [daraRow, sokhaRow] = screen.getAllByTestId("balance-row");
    expect(within(daraRow!).getByTestId("key-balance").textContent).toBe("$4.955");
    expect(within(daraRow!).getByText(dara.apiKeys[0]!.key)).toBeTruthy();
    expect(within(daraRow!).getByPlaceholderText("Enter amount")).toBeTruthy();
    expect(within(sokhaRow!).getByText("No API key")).toBeTruthy();
    expect(within(sokhaRow!).queryByRole("button", { name: /Add/ })).toBeNull();
    expect(screen.getByText("Showing 1 to 2 of 2 users")).toBeTruthy();
  });

  it("marks an inactive key", () => {
    state.users = [{ ...dara, apiKeys: [{ ...dara.apiKeys[0]!, isActive: false }] }];
    renderInLanguage("en", <ManageBalancePanel />);
    expect(screen.getByTestId("key-balance").textContent).toBe("$4.955(inactive)");
  });

  it("says 'No users found' and keeps the footer at 0 of 0", () => {
    state.users = [];
    renderInLanguage("en", <ManageBalancePanel />);
    expect(screen.getByText("No users found")).toBeTruthy();
    expect(screen.getByText("Showing 0 to 0 of 0 users")).toBeTruthy();
  });

  it("on a failed first load shows the error, toasts it once and tries again on request", () => {
    state.users = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <ManageBalancePanel />);
    expect(screen.getByText("Error fetching users")).toBeTruthy();
    expect(screen.getByText("Unauthorized: Admin access required")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Error fetching users", expect.objectContaining({ description: "Unauthorized: Admin access required" }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it("asks for page 1 of the typed search after the pause", async () => {
    renderInLanguage("en", <ManageBalancePanel />);
    expect(state.lastParams).toEqual({ search: "", sort: "none", page: 1, pageSize: 10 });
    fireEvent.change(screen.getByLabelText("Search users and API keys"), { target: { value: "  dara " } });
    await waitFor(() => expect(state.lastParams).toEqual({ search: "dara", sort: "none", page: 1, pageSize: 10 }));
  });

  it("reads in Khmer: heading, columns, the empty state", () => {
    state.users = [];
    renderInLanguage("km", <ManageBalancePanel />);
    expect(screen.getByRole("heading", { level: 1, name: "គ្រប់គ្រងសមតុល្យអ្នកប្រើ" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["អ៊ីមែល", "ឈ្មោះ", "API Key និងសមតុល្យ", "សកម្មភាព"]);
    expect(screen.getByText("រកមិនឃើញអ្នកប្រើទេ")).toBeTruthy();
  });
});

describe("the amount checks before the confirmation", () => {
  it.each(["", "0", "-1", "abc", "1.2345"])("refuses %j with 'Invalid amount' and opens nothing", (value) => {
    renderInLanguage("en", <ManageBalancePanel />);
    typeAmount(dara.email, value);
    fireEvent.click(screen.getByRole("button", { name: `Add to the balance of ${dara.email}` }));
    expect(toast.error).toHaveBeenCalledWith("Invalid amount", { description: "Please enter a valid positive number" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("refuses to subtract more than the balance: 'Invalid operation' / 'Balance cannot be negative'", () => {
    renderInLanguage("en", <ManageBalancePanel />);
    typeAmount(dara.email, "4.956");
    fireEvent.click(screen.getByRole("button", { name: `Subtract from the balance of ${dara.email}` }));
    expect(toast.error).toHaveBeenCalledWith("Invalid operation", { description: "Balance cannot be negative" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lets the whole balance be subtracted", () => {
    renderInLanguage("en", <ManageBalancePanel />);
    typeAmount(dara.email, "4.955");
    fireEvent.click(screen.getByRole("button", { name: `Subtract from the balance of ${dara.email}` }));
    expect(screen.getByRole("heading", { name: "Subtract $4.955 from this balance?" })).toBeTruthy();
    expect(screen.getByText("dara@example.com: $4.955 → $0.00. The change is recorded with your name.")).toBeTruthy();
  });

  it("says the refusals in Khmer", () => {
    renderInLanguage("km", <ManageBalancePanel />);
    fireEvent.change(screen.getByLabelText(`ចំនួនទឹកប្រាក់ជាដុល្លារសម្រាប់ ${dara.email}`), { target: { value: "9" } });
    fireEvent.click(screen.getByRole("button", { name: `ដកពីសមតុល្យរបស់ ${dara.email}` }));
    expect(toast.error).toHaveBeenCalledWith("ប្រតិបត្តិការមិនត្រឹមត្រូវ", { description: "សមតុល្យមិនអាចតិចជាងសូន្យបានទេ" });
  });
});
