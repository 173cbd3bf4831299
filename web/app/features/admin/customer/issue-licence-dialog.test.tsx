// Issue a licence to a customer (issue #16): a plan must be chosen, a reason given, the name at most
// 100 characters; what is sent, and the server's answer or refusal, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import type { Market } from "../../../../../contracts/plan-catalogue";
import { forgetPlans } from "~/features/plans/use-plans";
import { planDtos } from "~/test/plans";
import { renderInLanguage } from "~/test/render";

const issue = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({ useIssueLicense: () => ({ mutateAsync: issue, isPending: false }) }));
// The seller's plans (GET /api/plans, decision 076): here the code's catalogue.
const listPlans = vi.hoisted(() => vi.fn());
vi.mock("~/features/plans/api", () => ({ plansApi: { list: listPlans } }));

const { IssueLicenseDialog: IssueLicenseDialog } = await import("./issue-licence-dialog");

/** Opens the dialog and waits for the plans. */
async function open(lng: Language = "en") {
  renderInLanguage(lng, <IssueLicenseDialog email="dara@example.com" />);
  fireEvent.click(screen.getByRole("button", { name: lng === "en" ? "Issue licence" : "ចេញអាជ្ញាប័ណ្ណ" }));
  const dialog = screen.getByRole("dialog");
  await waitFor(() => expect((within(dialog).getByRole("combobox") as HTMLButtonElement).disabled).toBe(false));
  return dialog;
}

function choosePlan(dialog: HTMLElement, option: RegExp) {
  fireEvent.keyDown(within(dialog).getByRole("combobox", { name: "Plan" }), { key: "ArrowDown" });
  fireEvent.click(screen.getByRole("option", { name: option }));
}

beforeEach(() => {
  forgetPlans();
  listPlans.mockReset().mockImplementation(async (market?: Market) => planDtos(market));
  issue.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

describe("issuing a licence", () => {
  it("offers every plan on sale with its market, price and key changes", async () => {
    const dialog = await open();
    expect(within(dialog).getByText(/^A new licence for dara@example\.com, without a payment\./)).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole("combobox", { name: "Plan" }), { key: "ArrowDown" });
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toContain("1 Month · Local · $9.99 · 2 changes");
    expect(options).toContain("3 Months · Foreigner · $47.99 · 10 changes");
  });

  it("wants a plan and a reason before sending", async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    const alerts = await within(dialog).findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toEqual(["Choose a plan", "Give a reason (3 characters at least)."]);
    expect(issue).not.toHaveBeenCalled();
  });

  it("refuses a name of more than 100 characters", async () => {
    const dialog = await open();
    choosePlan(dialog, /^3 Months · Local/);
    fireEvent.change(within(dialog).getByLabelText("Display name (optional)"), { target: { value: "x".repeat(101) } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Team deal" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Name is too long (100 characters at most)");
    expect(issue).not.toHaveBeenCalled();
  });

  it("sends the plan, the trimmed reason and no empty name, then says the server's answer", async () => {
    issue.mockResolvedValue({ licence: {}, message: "Licence issued: the key e-mail is on its way to dara@example.com." });
    const dialog = await open();
    choosePlan(dialog, /^3 Months · Local/);
    fireEvent.change(within(dialog).getByLabelText("Display name (optional)"), { target: { value: "   " } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "  Paid by bank transfer " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    await waitFor(() => expect(issue).toHaveBeenCalledWith({ planId: "local-3m", name: undefined, reason: "Paid by bank transfer" }));
    expect(toast.success).toHaveBeenCalledWith("Licence issued", { description: "Licence issued: the key e-mail is on its way to dara@example.com." });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("puts the server's refusal under the field it names", async () => {
    issue.mockRejectedValue(new ApiError("VALIDATION_FAILED", "Invalid request", 422, [{ path: "planId", message: "Unknown plan" }]));
    const dialog = await open();
    choosePlan(dialog, /^1 Month · Foreigner/);
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Team deal" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not issue the licence", { description: "Unknown plan" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Unknown plan");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("offers the seller's price list as it is now: a new price, no retired plan", async () => {
    listPlans.mockImplementation(async () => planDtos().filter((p) => p.id !== "foreign-1m").map((p) => (p.id === "local-1m" ? { ...p, priceMills: 12_990 } : p)));
    const dialog = await open();
    fireEvent.keyDown(within(dialog).getByRole("combobox", { name: "Plan" }), { key: "ArrowDown" });
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toContain("1 Month · Local · $12.99 · 2 changes");
    expect(options.some((o) => o?.startsWith("1 Month · Foreigner"))).toBe(false);
  });

  it("says when the plans could not be loaded, and tries again", async () => {
    listPlans.mockRejectedValueOnce(new Error("offline"));
    renderInLanguage("en", <IssueLicenseDialog email="dara@example.com" />);
    fireEvent.click(screen.getByRole("button", { name: "Issue licence" }));
    const dialog = screen.getByRole("dialog");
    expect((within(dialog).getByRole("combobox") as HTMLButtonElement).disabled).toBe(true);
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The plans could not be loaded.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect((within(dialog).getByRole("combobox") as HTMLButtonElement).disabled).toBe(false));
    expect(listPlans).toHaveBeenCalledTimes(2);
  });

  it("reads in Khmer, the server's answer included", async () => {
    issue.mockResolvedValue({ licence: {}, message: "Licence issued: the key e-mail is on its way to dara@example.com." });
    const dialog = await open("km");
    expect(within(dialog).getByRole("heading", { name: "ចេញអាជ្ញាប័ណ្ណ" })).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByRole("combobox", { name: "គម្រោង" }), { key: "ArrowDown" });
    fireEvent.click(screen.getAllByRole("option")[0]!);
    fireEvent.change(within(dialog).getByLabelText("មូលហេតុ"), { target: { value: "Team deal" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "ចេញអាជ្ញាប័ណ្ណ" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("បានចេញអាជ្ញាប័ណ្ណ", { description: "បានចេញអាជ្ញាប័ណ្ណ៖ អ៊ីមែលលេខកូដអាជ្ញាប័ណ្ណកំពុងផ្ញើទៅ dara@example.com។" }));
  });
});
