// The customer's page below the licences: the balance and its ledger (money to the mill, the sign,
// the reason and who adjusted it), OTP orders, the licence history (the shop's own names and notes
// translated) and the audit trail in words, in English and Khmer (issue #31).
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderInLanguage } from "~/test/render";

import type { CustomerView, LedgerEntry } from "./api";

vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));

const { AuditSection, BalanceSection, HistorySection, OtpOrdersSection } = await import("./sections");

const ledger = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: "g1",
  createdAt: "2026-11-22T05:00:00.000Z",
  deltaMills: 10_000,
  balanceAfterMills: 14_955,
  reason: "topup",
  reference: null,
  note: null,
  actorEmail: null,
  ...over,
});

/** Each body row's cells after the date. */
const rowsOf = (name: string) =>
  within(screen.getByRole("region", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => Array.from(r.querySelectorAll("td")).slice(1).map((td) => td.textContent));

afterEach(cleanup);

describe("the balance and its ledger", () => {
  const balance: CustomerView["balance"] = {
    apiKey: { id: "k1", keyEnd: "W9Z2", balanceMills: 4_955, isActive: false, createdAt: "2026-10-01T00:00:00.000Z" },
    ledger: {
      items: [
        ledger({ id: "g3", deltaMills: -5, balanceAfterMills: 4_955, reason: "admin_adjustment", note: "Duplicate top-up", actorEmail: "admin@example.com" }),
        ledger({ id: "g2", deltaMills: -50, balanceAfterMills: 4_960, reason: "otp_purchase" }),
        ledger({ id: "g1", reason: "some_new_reason" }),
      ],
      total: 3,
    },
  };

  it("shows the balance to the mill and only the key's end", () => {
    renderInLanguage("en", <BalanceSection balance={balance} />);
    expect(screen.getByTestId("customer-balance").textContent).toBe("$4.955");
    expect(screen.getByText("…W9Z2")).toBeTruthy();
    expect(screen.getByText("(inactive)")).toBeTruthy();
  });

  it("lists each change with its sign, the balance after, the reason and who made it", () => {
    renderInLanguage("en", <BalanceSection balance={balance} />);
    expect(rowsOf("Balance and ledger")).toEqual([
      ["−$0.005", "$4.955", "Admin adjustment", "Duplicate top-up · by admin@example.com"],
      ["−$0.05", "$4.96", "OTP purchase", "—"],
      ["+$10.00", "$14.955", "some_new_reason", "—"],
    ]);
  });

  it("says when there is no API key and no change", () => {
    renderInLanguage("en", <BalanceSection balance={{ apiKey: null, ledger: { items: [], total: 0 } }} />);
    expect(screen.getByText("No API key, no balance.")).toBeTruthy();
    expect(screen.getByText("No balance changes")).toBeTruthy();
  });

  it("reads in Khmer", () => {
    renderInLanguage("km", <BalanceSection balance={balance} />);
    expect(screen.getByRole("heading", { name: "សមតុល្យ និងបញ្ជីគណនេយ្យ" })).toBeTruthy();
  });
});

describe("the OTP orders", () => {
  it("lists the address, price, code and status, or says there are none", () => {
    const otpOrders: CustomerView["otpOrders"] = {
      items: [
        {
          id: "m1",
          address: "dara.otp@gmail.com",
          service: "facebook",
          priceMills: 50,
          codes: "123456",
          latestCode: "123456",
          status: "success",
          failureReason: null,
          balanceBeforeMills: 5_000,
          balanceAfterMills: 4_950,
          createdAt: "2026-11-22T05:00:00.000Z",
          expiresAt: "2026-11-22T05:20:00.000Z",
          reorderOf: null,
        },
      ],
      total: 1,
    };
    renderInLanguage("en", <OtpOrdersSection otpOrders={otpOrders} />);
    expect(rowsOf("OTP orders")).toEqual([["dara.otp@gmail.com", "$0.05", "123456", "Success"]]);
    cleanup();
    renderInLanguage("en", <OtpOrdersSection otpOrders={{ items: [], total: 0 }} />);
    expect(screen.getByText("No OTP orders")).toBeTruthy();
  });
});

describe("the licence history", () => {
  const history: CustomerView["history"] = {
    items: [
      { id: "h2", changeDate: "2026-11-21T05:00:00.000Z", changedBy: "support", email: "dara@example.com", buykey: "BUYKEY-0001", oldDeviceKey: "LDREEL-A", newDeviceKey: null, status: "Active", notes: "Device key released by support" },
      { id: "h1", changeDate: "2026-11-20T05:00:00.000Z", changedBy: "dara@example.com", email: "dara@example.com", buykey: "BUYKEY-0001", oldDeviceKey: null, newDeviceKey: "LDREEL-A", status: "Active", notes: null },
    ],
    total: 2,
  };

  it("names the shop's own changes and shows a person's e-mail as it is", () => {
    renderInLanguage("en", <HistorySection history={history} />);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Date", "Changed By", "Buy Key", "Old License", "New License", "Notes"]);
    expect(rowsOf("Licence history")).toEqual([
      ["Support", "BUYKEY-0001", "LDREEL-A", "—", "Device key released by support"],
      ["dara@example.com", "BUYKEY-0001", "—", "LDREEL-A", "—"],
    ]);
  });

  it("translates them into Khmer, the server's note included", () => {
    renderInLanguage("km", <HistorySection history={history} />);
    const [support] = rowsOf("ប្រវត្តិអាជ្ញាប័ណ្ណ");
    expect(support![0]).toBe("ផ្នែកជំនួយ");
    expect(support![4]).toBe("ផ្នែកជំនួយបានផ្ដាច់កូដឧបករណ៍");
  });
});

describe("the audit trail", () => {
  it("says each entry in words, with what it concerns and the reason", () => {
    const audit: CustomerView["audit"] = {
      items: [
        {
          id: "a2",
          createdAt: "2026-11-22T05:00:00.000Z",
          actorEmail: "admin@example.com",
          action: "balance.adjust",
          targetType: "api_key",
          targetId: "k1",
          targetEmail: "dara@example.com",
          before: { balanceMills: 4_960 },
          after: { balanceMills: 4_955, deltaMills: -5 },
          note: "Duplicate top-up",
        },
        {
          id: "a1",
          createdAt: "2026-11-21T05:00:00.000Z",
          actorEmail: "admin@example.com",
          action: "user.role",
          targetType: "user",
          targetId: "u1",
          targetEmail: "dara@example.com",
          before: { role: "user" },
          after: { role: "admin", superAdmin: false },
          note: null,
        },
      ],
      total: 2,
    };
    renderInLanguage("en", <AuditSection audit={audit} />);
    const rows = within(screen.getByRole("region", { name: "Audit trail" })).getAllByTestId("audit-row");
    expect(rows[0]!.textContent).toContain("Balance subtracted: $0.005 (now $4.955)API key");
    expect(rows[0]!.textContent).toContain("Duplicate top-up");
    expect(rows[1]!.textContent).toContain("Role user → adminAccount");
  });

  it("says nothing is recorded yet", () => {
    renderInLanguage("en", <AuditSection audit={{ items: [], total: 0 }} />);
    expect(screen.getByText("Nothing recorded")).toBeTruthy();
    expect(screen.getByText("What admins do to this customer appears here.")).toBeTruthy();
  });
});
