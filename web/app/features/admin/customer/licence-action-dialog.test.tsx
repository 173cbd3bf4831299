// A licence action on the customer's page (issue #16): each dialog says what the action does to
// this licence, asks for a reason (and the days or the changes left), sends the body the server
// expects, and says the result in the reader's language (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { adminLicenseFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

import type { AdminLicense, LicenseActionName } from "./api";

const act = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({ useLicenseAction: () => ({ mutateAsync: act, isPending: false }) }));

const { LicenseActionDialog } = await import("./licence-action-dialog");

const license = adminLicenseFixture;

const onOpenChange = vi.fn();
function renderDialog(action: LicenseActionName, over: Partial<AdminLicense> = {}, lng: Language = "en") {
  renderInLanguage(lng, <LicenseActionDialog email="dara@example.com" licence={license(over)} action={action} onOpenChange={onOpenChange} />);
  return screen.getByRole("dialog");
}

const reason = (dialog: HTMLElement, text = "Customer asked in chat") => fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: text } });

beforeEach(() => {
  for (const fn of [act, onOpenChange, toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

describe("extending a licence", () => {
  it("adds 30 days by default with the reason, and says the server's answer", async () => {
    act.mockResolvedValue({ licence: license(), message: "Extended by 30 days (until Feb 14, 2027). The owner was e-mailed." });
    const dialog = renderDialog("extend");
    expect(within(dialog).getByRole("heading", { name: "Extend licence" })).toBeTruthy();
    expect(within(dialog).getByText(/^The days are added to its expiry \(Jan 15, 2027\), or to today/)).toBeTruthy();
    expect(within(dialog).getByText("BUYKEY-0001")).toBeTruthy();
    expect((within(dialog).getByLabelText("Days to add") as HTMLInputElement).value).toBe("30");
    reason(dialog, "  Outage last week  ");
    fireEvent.click(within(dialog).getByRole("button", { name: "Extend" }));
    await waitFor(() => expect(act).toHaveBeenCalledWith({ licenceId: "l1", body: { action: "extend", days: 30, reason: "Outage last week" } }));
    expect(toast.success).toHaveBeenCalledWith("Licence extended", { description: "Extended by 30 days (until Feb 14, 2027). The owner was e-mailed." });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says a licence not activated yet grows its term", () => {
    const dialog = renderDialog("extend", { expireDate: null, termDays: 45 });
    expect(within(dialog).getByText(/^It has not been activated yet: its term \(45 days from first activation\) grows instead\./)).toBeTruthy();
  });

  it.each([
    ["0", "1 day at least"],
    ["1.5", "Whole days only"],
    ["3651", "3650 days at most"],
    ["", "Enter a number of days"],
  ])("refuses %j days: %s", async (days, message) => {
    const dialog = renderDialog("extend");
    fireEvent.change(within(dialog).getByLabelText("Days to add"), { target: { value: days } });
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Extend" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect(act).not.toHaveBeenCalled();
  });
});

describe("every action's reason", () => {
  it("is required: at least 3 characters", async () => {
    const dialog = renderDialog("suspend");
    reason(dialog, "ok");
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Give a reason (3 characters at least).");
    expect(within(dialog).getByLabelText("Reason").getAttribute("aria-invalid")).toBe("true");
    expect(act).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the reason under the field, keeping the dialog open", async () => {
    act.mockRejectedValue(new ApiError("VALIDATION_FAILED", "Invalid request", 422, [{ path: "reason", message: "Must not contain control characters" }]));
    const dialog = renderDialog("revoke");
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not revoke the licence", { description: "Must not contain control characters" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Must not contain control characters");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("closes when the licence changed meanwhile (a conflict)", async () => {
    act.mockRejectedValue(new ApiError("ALREADY_SUSPENDED", "The licence is suspended already", 409));
    const dialog = renderDialog("suspend");
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.error).toHaveBeenCalledWith("Could not suspend the licence", expect.anything());
  });

  it("stays open for a refusal that is not about the licence changing, whatever its status", async () => {
    act.mockRejectedValue(new ApiError("DEVICE_IN_USE", "This device key is already bound to another license.", 409));
    const dialog = renderDialog("suspend");
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Could not suspend the licence", expect.anything()));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("closes when the licence is gone (NOT_FOUND)", async () => {
    act.mockRejectedValue(new ApiError("NOT_FOUND", "No such licence", 404));
    const dialog = renderDialog("suspend");
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe("the other actions", () => {
  it("resets the changes left to the plan's by default", async () => {
    act.mockResolvedValue({ licence: license(), message: "Changes left set to 10." });
    const dialog = renderDialog("reset-changes");
    expect(within(dialog).getByText("It has 2 left; its plan gives 10. Each change moves the licence to another device key.")).toBeTruthy();
    expect((within(dialog).getByLabelText("Changes left") as HTMLInputElement).value).toBe("10");
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Set changes left" }));
    await waitFor(() => expect(act).toHaveBeenCalledWith({ licenceId: "l1", body: { action: "reset-changes", changesLeft: 10, reason: "Customer asked in chat" } }));
    expect(toast.success).toHaveBeenCalledWith("Changes left reset", { description: "Changes left set to 10." });
  });

  it("keeps the licence's own count when it has no plan, and refuses a negative one", async () => {
    const dialog = renderDialog("reset-changes", { planKeyChanges: null, planTitle: null, planMonths: null, changesLeft: 4 });
    expect(within(dialog).getByText("It has 4 left. Each change moves the licence to another device key.")).toBeTruthy();
    const field = within(dialog).getByLabelText("Changes left") as HTMLInputElement;
    expect(field.value).toBe("4");
    fireEvent.change(field, { target: { value: "-1" } });
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Set changes left" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("0 at least");
  });

  it("names the device key a release unbinds, and the owner a key e-mail goes to", () => {
    expect(within(renderDialog("release-device")).getByText(/^Unbinds LDREEL-ABC: that computer is refused/)).toBeTruthy();
    cleanup();
    expect(within(renderDialog("resend-key")).getByText("The e-mail with the buy key goes to dara@example.com again (only ever to the owner).")).toBeTruthy();
  });

  it("sends a resume with its reason only", async () => {
    act.mockResolvedValue({ licence: license(), message: "Resumed: the desktop tool accepts the licence again. The owner was e-mailed." });
    const dialog = renderDialog("resume", { status: "Suspended" });
    reason(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(act).toHaveBeenCalledWith({ licenceId: "l1", body: { action: "resume", reason: "Customer asked in chat" } }));
  });

  it("says it all in Khmer, the server's answer included", async () => {
    act.mockResolvedValue({ licence: license(), message: "Suspended: the desktop tool is refused at its next check. The owner was e-mailed." });
    const dialog = renderDialog("suspend", {}, "km");
    expect(within(dialog).getByRole("heading", { name: "ផ្អាកអាជ្ញាប័ណ្ណ" })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("មូលហេតុ"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "ផ្អាក" }));
    // The copy keeps a no-break space before the unit.
    expect((await within(dialog).findByRole("alert")).textContent).toMatch(/^សូមផ្ដល់មូលហេតុ \(យ៉ាងតិច 3\sតួអក្សរ\)។$/);
    fireEvent.change(within(dialog).getByLabelText("មូលហេតុ"), { target: { value: "abuse" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "ផ្អាក" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("បានផ្អាកអាជ្ញាប័ណ្ណ", { description: "បានផ្អាក៖ កម្មវិធីកុំព្យូទ័រនឹងត្រូវបានបដិសេធនៅពេលពិនិត្យលើកក្រោយ។ យើងបានផ្ញើអ៊ីមែលទៅម្ចាស់ហើយ។" }),
    );
  });
});
