// The customer's licences (issue #16): device key or 'Not bound', what the licence API saw and the
// abuse signals, and the Actions menu that offers what fits the licence (resume when suspended, no
// release without a device, nothing once revoked) and opens that action's dialog, in English and
// Khmer (issue #31).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { adminLicenseFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

import type { AdminLicense } from "./api";

vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("./queries", () => ({
  useLicenseAction: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useIssueLicense: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const { LicensesSection } = await import("./licences-section");

const license = (over: Partial<AdminLicense> = {}) =>
  adminLicenseFixture({
    activity: { lastSeenHour: "2026-11-22T05:00:00.000Z", lastSeenAddresses: ["203.0.113.7", "198.51.100.2"], addresses24h: 2, refusedKeys24h: 0, flagged: false },
    ...over,
  });

const quiet = { lastSeenHour: null, lastSeenAddresses: [], addresses24h: 0, refusedKeys24h: 0, flagged: false };

function renderSection(licenses: AdminLicense[], lng: Language = "en") {
  return renderInLanguage(lng, <LicensesSection email="dara@example.com" licences={licenses} total={licenses.length} />);
}

function menuOf(name: string) {
  fireEvent.keyDown(screen.getByRole("button", { name: `Actions for ${name}` }), { key: "Enter" });
  return screen.getAllByRole("menuitem");
}
const enabled = (items: HTMLElement[]) => items.filter((i) => !i.hasAttribute("data-disabled")).map((i) => i.textContent);

afterEach(cleanup);

describe("the customer's licences", () => {
  it("lists a licence with its device, status, changes left and the addresses the licence API saw", () => {
    renderSection([license()]);
    const row = screen.getByTestId("licence-row");
    const cells = Array.from(row.querySelectorAll("td")).map((td) => td.textContent);
    expect(cells[0]).toBe("Office PC3 Months planBUYKEY-0001");
    expect(cells[1]).toBe("LDREEL-ABC");
    expect(cells[2]).toBe("Active");
    expect(cells[4]).toBe("2");
    expect(cells[5]).toMatch(/203\.0\.113\.7, 198\.51\.100\.2 ?24 h: 2 addresses, 0 refused device keys$/);
    expect(within(row).getByTestId("licence-expiry").textContent).toBe("Jan 15, 2027");
  });

  it("says a licence without a device, name or plan, not seen lately, and one flagged as suspicious", () => {
    renderSection([
      license({ deviceKey: null, name: "", planTitle: null, planMonths: null, activity: quiet }),
      license({ id: "l2", name: "Shop", activity: { ...quiet, lastSeenHour: "2026-11-22T05:00:00.000Z", lastSeenAddresses: ["203.0.113.7"], addresses24h: 9, refusedKeys24h: 1, flagged: true } }),
    ]);
    const [bare, flagged] = screen.getAllByTestId("licence-row");
    expect(within(bare!).getByText("Unnamed")).toBeTruthy();
    expect(within(bare!).getByText("No plan")).toBeTruthy();
    expect(within(bare!).getByText("Not bound")).toBeTruthy();
    expect(within(bare!).getByText("Not in the last 48 h")).toBeTruthy();
    expect(within(flagged!).getByText("Suspicious: 9 addresses, 1 refused device key")).toBeTruthy();
  });

  it("says there are none yet, with Issue licence at hand", () => {
    renderSection([]);
    expect(screen.getByText("No licences")).toBeTruthy();
    expect(screen.getByText("Issue one with the button above.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Issue licence" })).toBeTruthy();
  });
});

describe("a licence's Actions menu", () => {
  it("offers every action for an active licence with a device, and opens the one chosen", () => {
    renderSection([license()]);
    const items = menuOf("Office PC");
    expect(enabled(items)).toEqual(["Extend…", "Suspend…", "Reset changes left…", "Release device…", "Resend key e-mail…", "Revoke…"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "Suspend…" }));
    expect(screen.getByRole("dialog", { name: "Suspend licence" })).toBeTruthy();
  });

  it("offers Resume for a suspended licence, and no release without a device (named by its buy key)", () => {
    renderSection([license({ name: "", deviceKey: null, status: "Suspended", suspendedAt: "2026-11-20T00:00:00.000Z" })]);
    expect(enabled(menuOf("BUYKEY-0001"))).toEqual(["Extend…", "Resume…", "Reset changes left…", "Resend key e-mail…", "Revoke…"]);
  });

  it("offers nothing once revoked", () => {
    renderSection([license({ status: "Revoked", revokedAt: "2026-11-20T00:00:00.000Z" })]);
    const items = menuOf("Office PC");
    expect(items.map((i) => i.textContent)).toEqual(["Revoked: no actions"]);
    expect(enabled(items)).toEqual([]);
  });

  it("reads in Khmer: the columns and the dialog the menu opens", () => {
    renderSection([license()], "km");
    expect(screen.getByRole("heading", { name: "អាជ្ញាប័ណ្ណ" })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("button", { name: /Office PC/ }), { key: "Enter" });
    fireEvent.click(screen.getAllByRole("menuitem")[0]!);
    expect(screen.getByRole("dialog", { name: "បន្ថែមថ្ងៃឱ្យអាជ្ញាប័ណ្ណ" })).toBeTruthy();
  });
});
