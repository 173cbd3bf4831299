// The Audit Log: each kind of entry said in words (who, what, before, after), money as formatMoney
// writes it, the filter's request, the empty and error states, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { AuditEntry } from "./api";

const state = vi.hoisted(() => ({
  entries: undefined as unknown[] | undefined,
  error: null as unknown,
  lastParams: null as unknown,
  refetch: (() => undefined) as () => void,
}));
const toast = vi.hoisted(() => ({ error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({
  useAudit: (params: unknown) => {
    state.lastParams = params;
    return {
      data: state.entries ? { entries: state.entries, total: state.entries.length } : undefined,
      isError: state.error !== null,
      error: state.error,
      isFetching: false,
      isPlaceholderData: false,
      refetch: state.refetch,
    };
  },
}));

const { AuditLogPanel } = await import("./audit-log-panel");

let n = 0;
const entry = (action: string, before: AuditEntry["before"], after: AuditEntry["after"], over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e${++n}`,
  createdAt: "2026-11-22T05:00:00.000Z",
  actorEmail: "admin@example.com",
  action,
  targetType: "user",
  targetId: "3f1c0a2e-0000-4000-8000-000000000001",
  targetEmail: "dara@example.com",
  before,
  after,
  note: null,
  ...over,
});

beforeEach(() => {
  state.entries = [];
  state.error = null;
  state.refetch = vi.fn();
  toast.error.mockReset();
});
afterEach(cleanup);

/** The What, Concerning, Before, After and Note cells of each row (the time and actor are checked apart). */
function cells() {
  return screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll("td")).slice(2).map((td) => td.textContent));
}

describe("the Audit Log's entries in words", () => {
  it("says role changes, balance adjustments and two-factor resets", () => {
    state.entries = [
      entry("user.role", { role: "user", superAdmin: false }, { role: "admin", superAdmin: true }, { note: "new support lead" }),
      entry("balance.adjust", { balanceMills: 4_955 }, { balanceMills: 6_205, deltaMills: 1_250 }),
      entry("balance.adjust", { balanceMills: 6_205 }, { balanceMills: 6_200, deltaMills: -5 }),
      entry("user.two_factor_reset", { twoFactorEnabled: true }, { twoFactorEnabled: false }),
    ];
    renderInLanguage("en", <AuditLogPanel />);
    expect(cells()).toEqual([
      ["Role change", "dara@example.com", "user", "admin (super-admin)", "new support lead"],
      ["Balance added: $1.25", "dara@example.com", "$4.955", "$6.205", "—"],
      ["Balance subtracted: $0.005", "dara@example.com", "$6.205", "$6.20", "—"],
      ["Two-factor reset", "dara@example.com", "Two-factor on", "Two-factor off", "—"],
    ]);
    expect(screen.getAllByRole("row")[1]!.querySelectorAll("td")[1]!.textContent).toBe("admin@example.com");
  });

  it("says refunds and refund requests with their source and status", () => {
    state.entries = [
      entry("order.refund", { status: "paid", refundedMills: 0 }, { status: "refunded", refundedMills: 7_000, amountMills: 7_000, source: "guarantee" }),
      entry("order.refund", { status: "paid", refundedMills: 1_000 }, { status: "paid", refundedMills: 1_500, amountMills: 500, source: "provider" }),
      entry("order.refund", null, null),
      entry("refund_request.approve", { status: "open" }, { status: "approved" }),
      entry("refund_request.decline", { status: "open" }, {}),
    ];
    renderInLanguage("en", <AuditLogPanel />);
    expect(cells().map((row) => [row[0], row[2], row[3]])).toEqual([
      ["Refund: $7.00 (money-back request)", "Paid, $0.00 refunded", "Refunded, $7.00 refunded"],
      ["Refund: $0.50 (made at the payment provider)", "Paid, $1.00 refunded", "Paid, $1.50 refunded"],
      ["Refund", "—", "—"],
      ["Refund request approved", "open", "approved"],
      ["Refund request declined", "open", "—"],
    ]);
  });

  it("says licence actions: issue, extension, changes reset, device release, suspicion", () => {
    state.entries = [
      entry("licence.issue", null, { planId: "local-3m", status: "New", changesLeft: 10 }),
      entry("licence.extend", { status: "Active", changesLeft: 2 }, { status: "Active", changesLeft: 2, days: 15, expireDate: "2027-01-15T00:00:00.000Z" }),
      entry("licence.extend", null, { days: 30, termDays: 60 }),
      entry("licence.reset_changes", { changesLeft: 0 }, { changesLeft: 10 }),
      entry("licence.release_device", { licenseKey: "LDREEL-OLD" }, {}),
      entry("licence.suspicious", null, { addresses: 4, refusedKeys: 9 }),
      entry("licence.suspend", { status: "Active", changesLeft: 1 }, { status: "Suspended", changesLeft: 1 }),
      entry("some.future_action", null, null, { targetEmail: null }),
    ];
    renderInLanguage("en", <AuditLogPanel />);
    expect(cells().map((row) => [row[0], row[2], row[3]])).toEqual([
      ["Licence issued (local-3m)", "—", "New, 10 changes left"],
      ["Extended by 15 days, until Jan 15, 2027", "Active, 2 changes left", "Active, until Jan 15, 2027, 2 changes left"],
      ["Extended by 30 days, term 60 days", "—", '{"days":30,"termDays":60}'],
      ["Changes left 0 → 10", '{"changesLeft":0}', '{"changesLeft":10}'],
      ["Device released (LDREEL-OLD)", '{"licenseKey":"LDREEL-OLD"}', "{}"],
      ["Suspicious licence", "—", "4 addresses, 9 refused device keys"],
      ["Licence suspended", "Active, 1 changes left", "Suspended, 1 changes left"],
      ["some.future_action", "—", "—"],
    ]);
    // Without a user, the row names what it concerns by its id.
    expect(cells()[7]![1]).toBe("3f1c0a2e-0000-4000-8000-000000000001");
  });

  it("says a discount code's rules, not its stored JSON, in English and Khmer", () => {
    const rules = { code: "NEWYEAR", kind: "percent", value: 10, maxUses: null, endsAt: null, active: true, note: "" };
    state.entries = [
      entry("discount.create", null, rules, { targetType: "discount", targetId: "NEWYEAR", targetEmail: null }),
      entry("discount.update", { ...rules, kind: "fixed", value: 5_000 }, { ...rules, kind: "fixed", value: 5_000, maxUses: 100, endsAt: "2026-12-31T17:00:00.000Z", active: false }, { targetType: "discount", targetId: "NEWYEAR", targetEmail: null }),
    ];
    renderInLanguage("en", <AuditLogPanel />);
    expect(cells()).toEqual([
      ["Discount code created (NEWYEAR)", "NEWYEAR", "—", "10% off · no limit on uses · on", "—"],
      ["Discount code changed (NEWYEAR)", "NEWYEAR", "$5.00 off · no limit on uses · on", expect.stringMatching(/^\$5\.00 off · up to 100 uses · until .+ · switched off$/), "—"],
    ]);
    cleanup();
    renderInLanguage("km", <AuditLogPanel />);
    expect(cells()[0]!.slice(2, 4)).toEqual(["—", "បញ្ចុះ 10% · ប្រើបានគ្មានកំណត់ · កំពុងប្រើ"]);
  });

  it("says the reseller flag and a plan's volume tiers in words (decision 080), in English and Khmer", () => {
    const terms = { priceMills: 9_990, periodDays: 30, bonusDays: 0, keyChanges: 2, isPopular: false, active: true, sortOrder: 1 };
    const tiers = [
      { minQuantity: 10, percentOff: 5 },
      { minQuantity: 50, percentOff: 10 },
    ];
    const plan = { targetType: "plan", targetId: "local-1m", targetEmail: null };
    state.entries = [
      entry("user.reseller", { reseller: false }, { reseller: true }),
      entry("user.reseller", { reseller: true }, { reseller: false }),
      entry("plan.update", { ...terms, volumeTiers: [] }, { ...terms, volumeTiers: tiers }, plan),
      entry("plan.update", { ...terms, volumeTiers: tiers }, { ...terms, volumeTiers: [] }, plan),
      // Entries from before volume tiers, and plans without them, read as they did.
      entry("plan.update", terms, { ...terms, priceMills: 11_990, volumeTiers: [] }, plan),
    ];
    renderInLanguage("en", <AuditLogPanel />);
    const plain = "$9.99 · 30 + 0 days · 2 key changes · on sale";
    expect(cells().map((row) => [row[0], row[2], row[3]])).toEqual([
      ["Marked as a reseller", "Not a reseller", "Reseller"],
      ["No longer a reseller", "Reseller", "Not a reseller"],
      ["Plan changed (local-1m)", `${plain} · no volume discounts`, `${plain} · from 10: 5% off · from 50: 10% off`],
      ["Plan changed (local-1m)", `${plain} · from 10: 5% off · from 50: 10% off`, `${plain} · no volume discounts`],
      ["Plan changed (local-1m)", plain, "$11.99 · 30 + 0 days · 2 key changes · on sale"],
    ]);
    cleanup();
    renderInLanguage("km", <AuditLogPanel />);
    expect(cells()[0]!.slice(0, 1).concat(cells()[0]!.slice(2, 4))).toEqual(["បានកំណត់ជាអ្នកលក់បន្ត", "មិនមែនអ្នកលក់បន្ត", "អ្នកលក់បន្ត"]);
    expect(cells()[1]![0]).toBe("លែងជាអ្នកលក់បន្ត");
    expect(cells()[2]![3]).toBe("$9.99 · 30 + 0 ថ្ងៃ · ប្ដូរឧបករណ៍បាន 2 ដង · កំពុងលក់ · ចាប់ពី 10៖ បញ្ចុះ 5% · ចាប់ពី 50៖ បញ្ចុះ 10%");
  });

  it("says them in Khmer", () => {
    state.entries = [
      entry("user.role", { role: "admin", superAdmin: false }, { role: "user", superAdmin: false }),
      entry("balance.adjust", { balanceMills: 4_955 }, { balanceMills: 6_205, deltaMills: 1_250 }),
      entry("refund_request.approve", { status: "open" }, { status: "approved" }),
    ];
    renderInLanguage("km", <AuditLogPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "កំណត់ហេតុសវនកម្ម" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ពេលវេលា", "អ្នកធ្វើ", "សកម្មភាព", "ទាក់ទងនឹង", "មុនពេលប្ដូរ", "ក្រោយពេលប្ដូរ", "កំណត់សម្គាល់"]);
    expect(cells().map((row) => row[0])).toEqual(["ការប្ដូរតួនាទី", "បានបន្ថែមសមតុល្យ៖ $1.25", "បានយល់ព្រមសំណើសងប្រាក់វិញ"]);
    expect(cells()[2]!.slice(2, 4)).toEqual(["កំពុងរង់ចាំ", "បានយល់ព្រម"]);
  });
});

describe("the Audit Log's list", () => {
  it("says nothing is recorded yet, in English and Khmer", () => {
    renderInLanguage("en", <AuditLogPanel />);
    expect(screen.getByText("No changes recorded yet")).toBeTruthy();
    cleanup();
    renderInLanguage("km", <AuditLogPanel />);
    expect(screen.getByText("មិនទាន់មានការប្ដូរដែលបានកត់ត្រានៅឡើយទេ")).toBeTruthy();
  });

  it("shows a failed load with Try again and toasts it", () => {
    state.entries = undefined;
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderInLanguage("en", <AuditLogPanel />);
    expect(screen.getByText("Error fetching the audit log")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Error fetching the audit log", expect.objectContaining({ description: "Unauthorized: Admin access required" }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalled();
  });

  it("asks for one kind of change when the filter says so, and for all again", () => {
    renderInLanguage("en", <AuditLogPanel />);
    expect(state.lastParams).toEqual({ action: undefined, page: 1, pageSize: 25 });
    const show = screen.getByRole("combobox", { name: "Show" });
    expect(show.textContent).toBe("All changes");
    fireEvent.keyDown(show, { key: "ArrowDown" });
    fireEvent.click(screen.getByRole("option", { name: "Balance adjustments" }));
    expect(state.lastParams).toEqual({ action: "balance.adjust", page: 1, pageSize: 25 });
    fireEvent.keyDown(show, { key: "ArrowDown" });
    fireEvent.click(screen.getByRole("option", { name: "All changes" }));
    expect(state.lastParams).toEqual({ action: undefined, page: 1, pageSize: 25 });
  });
});
