// "Are you sure?" before an action that cannot be undone: opened by its trigger, Cancel closes it,
// the action's answer decides whether it closes, and it cannot be confirmed twice while running.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import { ConfirmDialog } from "./confirm-dialog";

afterEach(cleanup);

function renderConfirm({ onConfirm = vi.fn(() => Promise.resolve(true)), pending = false, lng = "en" as Language } = {}) {
  renderInLanguage(
    lng,
    <ConfirmDialog
      trigger={<button>Revoke</button>}
      title="Revoke this licence?"
      description="The device stops working at once."
      confirmLabel="Revoke licence"
      pendingLabel="Revoking…"
      pending={pending}
      onConfirm={onConfirm}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Revoke" }));
  return { onConfirm, dialog: screen.getByRole("dialog", { name: "Revoke this licence?" }) };
}

describe("the confirmation dialog", () => {
  it("asks first, and closes once the action is done", async () => {
    const { onConfirm, dialog } = renderConfirm();
    expect(within(dialog).getByText("The device stops working at once.")).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Revoke licence" })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open when the action fails (its toast says why)", async () => {
    const { dialog } = renderConfirm({ onConfirm: vi.fn(() => Promise.resolve(false)) });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Revoke licence" })));
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("closes on Cancel without doing anything", async () => {
    const { onConfirm, dialog } = renderConfirm();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("cannot be confirmed twice while the action runs", () => {
    const { onConfirm, dialog } = renderConfirm({ pending: true });
    const button = within(dialog).getByRole("button", { name: "Revoking…" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("says Cancel in Khmer", () => {
    const { dialog } = renderConfirm({ lng: "km" });
    expect(within(dialog).getByRole("button", { name: "បោះបង់" })).toBeTruthy();
  });
});
