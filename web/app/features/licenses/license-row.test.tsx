// A licence's row: its actions (Renew, and the menu: Change Display Name, Renew, Change License Key
// while changes are left), the rename dialog (what it sends, its checks, a refusal by its code), and
// the phone's card of the same licence.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { License } from "./api";

const mutateAsync = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("./mutations", () => ({ useRenameLicense: () => ({ mutateAsync }), useChangeDeviceKey: () => ({ mutateAsync: vi.fn() }) }));
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { email: "dara@example.com" } }) }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/features/renewals/renew-dialog", () => ({
  RenewDialog: ({ license, open }: { license: License; open: boolean }) => (open ? <div role="dialog" aria-label={`Renew ${license.name}`} /> : null),
}));

const { LicenseRowActions } = await import("./license-row-actions");
const { RenameLicenseDialog } = await import("./rename-license-dialog");
const { LicenseCardList } = await import("./license-card-list");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const license: License = {
  id: "l1",
  name: "Office PC",
  deviceKey: "LDREEL-7F3A-0001",
  buyKey: "BUYKEY-0001",
  startDate: "2026-01-10T03:00:00.000Z",
  expireDate: "2099-03-01T00:00:00.000Z",
  status: "Active",
  changesLeft: 2,
  termDays: 30,
  planTitle: "1 Month",
  planMonths: 1,
  canChangeKey: true,
  revokedAt: null,
};

async function openMenu(name = "Actions for Office PC") {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
  return screen.findByRole("menu");
}

async function choose(menu: HTMLElement, item: string) {
  await act(async () => {
    fireEvent.click(within(menu).getByRole("menuitem", { name: item }));
  });
}

describe("a licence's actions", () => {
  it("offers Renew, and a menu naming the licence with its three actions", async () => {
    renderInLanguage("en", <LicenseRowActions license={license} label="Office PC" />);
    expect(screen.getByRole("button", { name: "Renew Office PC" })).toBeTruthy();
    const menu = await openMenu();
    expect(within(menu).getByText("Office PC")).toBeTruthy();
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Change Display Name",
      "Renew",
      "Change License Key",
    ]);
  });

  it("offers no key change once none is left, and no renewal for a revoked licence", async () => {
    renderInLanguage("en", <LicenseRowActions license={{ ...license, canChangeKey: false, revokedAt: "2026-02-01T00:00:00.000Z" }} label="Office PC" />);
    expect(screen.queryByRole("button", { name: "Renew Office PC" })).toBeNull();
    const menu = await openMenu();
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Change Display Name"]);
  });

  it("opens the chosen dialog from the menu", async () => {
    renderInLanguage("en", <LicenseRowActions license={license} label="Office PC" />);
    await choose(await openMenu(), "Change Display Name");
    expect(await screen.findByRole("dialog", { name: "Change Display Name" })).toBeTruthy();
    expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe("Office PC");
  });

  it("opens the renewal from the Renew button", async () => {
    renderInLanguage("en", <LicenseRowActions license={license} label="Office PC" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Renew Office PC" }));
    });
    expect(await screen.findByRole("dialog", { name: "Renew Office PC" })).toBeTruthy();
  });

  it("in Khmer: the buttons and the menu", async () => {
    renderInLanguage("km", <LicenseRowActions license={license} label="Office PC" />);
    expect(screen.getByRole("button", { name: "បន្តសុពលភាព Office PC" })).toBeTruthy();
    const menu = await openMenu("សកម្មភាពសម្រាប់ Office PC");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "ប្ដូរឈ្មោះបង្ហាញ",
      "បន្តអាជ្ញាប័ណ្ណ",
      "ប្ដូរកូដឧបករណ៍",
    ]);
  });
});

describe("the Change Display Name dialog", () => {
  function renderDialog(lng: Language = "en") {
    const onOpenChange = vi.fn();
    renderInLanguage(lng, <RenameLicenseDialog license={license} open onOpenChange={onOpenChange} />);
    return { onOpenChange };
  }

  async function save(name: string, button = "Save", label = "Display name") {
    fireEvent.change(screen.getByLabelText(label), { target: { value: name } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: button }));
    });
  }

  it("sends the new name, says it was saved and closes", async () => {
    mutateAsync.mockResolvedValue({});
    const { onOpenChange } = renderDialog();
    expect(screen.getByText("The name helps you tell your licenses apart. It is only shown in this dashboard.")).toBeTruthy();
    await save("Home laptop");
    expect(mutateAsync).toHaveBeenCalledWith({ id: "l1", name: "Home laptop" });
    expect(toast.success).toHaveBeenCalledWith("Display name has been updated successfully");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("refuses a name over 100 characters without asking the server", async () => {
    renderDialog();
    await save("x".repeat(101));
    expect(await screen.findByText("Name is too long (100 characters at most)")).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("stays open and shows the refusal's text by its code", async () => {
    mutateAsync.mockRejectedValue(new ApiError("RATE_LIMITED", "Too many requests. Please wait a moment and try again.", 429));
    const { onOpenChange } = renderDialog();
    await save("Home laptop");
    // The toast's words come with the first failure (lib/error-text.ts).
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Too many requests. Please wait a moment and try again." })));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("in Khmer: its words, its check and a refusal", async () => {
    mutateAsync.mockRejectedValue(new ApiError("RATE_LIMITED", "Too many requests. Please wait a moment and try again.", 429));
    renderDialog("km");
    expect(screen.getByRole("dialog", { name: "ប្ដូរឈ្មោះបង្ហាញ" })).toBeTruthy();
    await save("x".repeat(101), "រក្សាទុក", "ឈ្មោះបង្ហាញ");
    expect(await screen.findByText("ឈ្មោះវែងពេក (យ៉ាងច្រើន 100 តួអក្សរ)")).toBeTruthy();
    await save("ការិយាល័យ", "រក្សាទុក", "ឈ្មោះបង្ហាញ");
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error.mock.calls[0]?.[1]).toMatchObject({ description: "សំណើច្រើនពេក។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្ដងទៀត។" });
  });
});

describe("a licence's card on a phone", () => {
  function fields(card: HTMLElement) {
    const terms = [...card.querySelectorAll("dt")].map((dt) => dt.textContent);
    const values = [...card.querySelectorAll("dd")].map((dd) => dd.textContent);
    return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
  }

  it("shows the name, plan, status, keys, dates and changes left, and the row's actions", () => {
    renderInLanguage("en", <LicenseCardList licenses={[license]} rowLabel={(l) => l.name} />);
    const card = within(screen.getByRole("list", { name: "Your licenses" })).getByRole("listitem");
    expect(within(card).getByText("Office PC")).toBeTruthy();
    expect(within(card).getByText("1 Month plan")).toBeTruthy();
    expect(within(card).getByText("Active")).toBeTruthy();
    expect(fields(card)).toMatchObject({
      "License Key": "LDREEL-7F3A-0001",
      "Buy Key": "BUYKEY-0001",
      "Changes Left": "2",
    });
    expect(within(card).getByRole("button", { name: "Actions for Office PC" })).toBeTruthy();
  });

  it("says Unnamed and N/A for a licence without a name or a key yet, in Khmer too", () => {
    const fresh = { ...license, name: " ", deviceKey: null, status: "New" as const, startDate: null, expireDate: null };
    renderInLanguage("en", <LicenseCardList licenses={[fresh]} rowLabel={() => "BUYKEY-0001"} />);
    let card = screen.getByRole("listitem");
    expect(within(card).getByText("Unnamed")).toBeTruthy();
    expect(fields(card)["License Key"]).toBe("N/A");
    cleanup();
    renderInLanguage("km", <LicenseCardList licenses={[fresh]} rowLabel={() => "BUYKEY-0001"} />);
    card = within(screen.getByRole("list", { name: "អាជ្ញាប័ណ្ណរបស់អ្នក" })).getByRole("listitem");
    expect(within(card).getByText("គ្មានឈ្មោះ")).toBeTruthy();
    expect(within(card).getByText("ថ្មី")).toBeTruthy();
    expect(Object.keys(fields(card))).toEqual([
      "កូដឧបករណ៍",
      "លេខកូដអាជ្ញាប័ណ្ណ",
      "កាលបរិច្ឆេទចាប់ផ្ដើម",
      "កាលបរិច្ឆេទផុតកំណត់",
      "ចំនួនប្ដូរនៅសល់",
    ]);
  });
});
