// Assigning a licence (decision 080): a real dialog with a labelled e-mail field; success says the
// key was e-mailed (and that an account was made for the customer when it was); the server's
// refusals in the reader's language: ALREADY_ASSIGNED above the buttons, ASSIGN_TO_SELF at the field.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { ResellerLicense } from "../../../../contracts/reseller";
import { ApiError } from "~/lib/api";
import { loadErrorWords } from "~/lib/error-text";

// The ApiErrors here are made by hand: the API client would have brought the errors namespace's words.
beforeAll(() => loadErrorWords());
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const m = vi.hoisted(() => ({ assign: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({ useAssignLicense: () => ({ mutateAsync: m.assign, isPending: false }) }));

const { AssignLicenseDialog } = await import("./assign-dialog");

const LICENCE: ResellerLicense = { id: "l1", orderId: "o1", buyKey: "KEY-AAAA-BBBB", planMonths: 3, termDays: 90, state: "available", assignedTo: null, assignedAt: null };
const onClose = vi.fn();

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open(lng: Language = "en") {
  renderInLanguage(lng, <AssignLicenseDialog license={LICENCE} onClose={onClose} />);
  return screen.getByRole("dialog");
}
async function assignTo(dialog: HTMLElement, email: string, labels = { field: "Customer's e-mail", submit: "Assign" }) {
  fireEvent.change(within(dialog).getByLabelText(labels.field), { target: { value: email } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole("button", { name: labels.submit }));
  });
}

describe("the assign dialog", () => {
  it("is a dialog named for what it does, with the key and a labelled e-mail field", () => {
    const dialog = open();
    expect(within(dialog).getByRole("heading", { name: "Assign a licence" })).toBeTruthy();
    expect(within(dialog).getByText("KEY-AAAA-BBBB")).toBeTruthy();
    expect((within(dialog).getByLabelText("Customer's e-mail") as HTMLInputElement).type).toBe("email");
  });

  it("sends the address trimmed and lower-cased, says the key was e-mailed and closes", async () => {
    m.assign.mockResolvedValue({ license: { ...LICENCE, state: "assigned" }, accountCreated: false });
    await assignTo(open(), "  Sokha@Example.com ");
    expect(m.assign).toHaveBeenCalledWith({ id: "l1", email: "sokha@example.com" });
    expect(toast.success).toHaveBeenCalledWith("Licence assigned", expect.objectContaining({ description: "Its buy key was e-mailed to sokha@example.com." }));
    expect(onClose).toHaveBeenCalled();
  });

  it("says an account was made for the customer when the assignment made one, in Khmer too", async () => {
    m.assign.mockResolvedValue({ license: { ...LICENCE, state: "assigned" }, accountCreated: true });
    await assignTo(open(), "new@example.com");
    expect(toast.success.mock.calls[0]![1].description).toBe(
      "Its buy key was e-mailed to new@example.com. An account was made for new@example.com: they sign in with a link sent to that address.",
    );
    cleanup();
    await assignTo(open("km"), "new@example.com", { field: "អ៊ីមែលរបស់អតិថិជន", submit: "ចាត់តាំង" });
    expect(toast.success.mock.calls[1]![0]).toBe("បានចាត់តាំងអាជ្ញាប័ណ្ណហើយ");
    expect(toast.success.mock.calls[1]![1].description).toContain("យើងបានបង្កើតគណនីមួយសម្រាប់ new@example.com");
  });

  it("says ALREADY_ASSIGNED in the reader's language inside the dialog, which stays open", async () => {
    m.assign.mockRejectedValue(new ApiError("ALREADY_ASSIGNED", "This license was assigned already.", 409));
    let dialog = open();
    await assignTo(dialog, "sokha@example.com");
    expect(within(dialog).getByRole("alert").textContent).toBe("This license was assigned already.");
    expect(onClose).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    cleanup();
    dialog = open("km");
    await assignTo(dialog, "sokha@example.com", { field: "អ៊ីមែលរបស់អតិថិជន", submit: "ចាត់តាំង" });
    expect(within(dialog).getByRole("alert").textContent).toBe("អាជ្ញាប័ណ្ណនេះត្រូវបានចាត់តាំងរួចហើយ។");
  });

  it("checks the address before sending, and says ASSIGN_TO_SELF at the field", async () => {
    let dialog = open();
    await assignTo(dialog, "not an address");
    expect(m.assign).not.toHaveBeenCalled();
    const field = within(dialog).getByLabelText("Customer's e-mail");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("Enter a valid e-mail address, like name@example.com.")).toBeTruthy();
    cleanup();
    m.assign.mockRejectedValue(new ApiError("ASSIGN_TO_SELF", "This license is yours already. Assign it to your customer's e-mail address.", 422));
    dialog = open();
    await assignTo(dialog, "me@example.com");
    expect(within(dialog).getByText("This license is yours already. Assign it to your customer's e-mail address.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Customer's e-mail").getAttribute("aria-invalid")).toBe("true");
  });
});
