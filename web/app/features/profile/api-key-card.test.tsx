// Profile's API Key card (spec §2, §8): the key masked with stars, Show / Hide, Copy with its toasts,
// Regenerate behind a confirmation, the balance (the refreshed one first), the loading and error
// states, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { ApiKeyInfo } from "./api";

const KEY = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
const state = vi.hoisted(() => ({
  info: undefined as unknown,
  error: null as unknown,
  balanceMills: undefined as number | undefined,
  refetch: (() => undefined) as () => void,
}));
const regenerate = vi.hoisted(() => vi.fn());
const clipboard = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/components/clipboard", () => ({ writeClipboard: clipboard }));
vi.mock("./queries", () => ({
  useApiKey: () => ({ data: state.info, isError: state.error !== null, error: state.error, refetch: state.refetch }),
  useBalance: () => ({ data: state.balanceMills === undefined ? undefined : { balanceMills: state.balanceMills, hasApiKey: true } }),
}));
vi.mock("./mutations", () => ({ useRegenerateApiKey: () => ({ mutateAsync: regenerate, isPending: false }) }));

const { ApiKeyCard } = await import("./api-key-card");

const info = (over: Partial<ApiKeyInfo> = {}): ApiKeyInfo => ({ apiKey: KEY, isActive: true, balanceMills: 4_955, createdAt: "2026-11-01T00:00:00.000Z", ...over });

function renderCard(lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter>
      <ApiKeyCard />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.info = info();
  state.error = null;
  state.balanceMills = undefined;
  state.refetch = vi.fn();
  for (const fn of [regenerate, clipboard, toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

describe("the API Key card", () => {
  it("masks the key with 32 stars until Show, and hides it again", () => {
    renderCard();
    const value = screen.getByTestId("api-key-value");
    expect(value.textContent).toBe(`${"•".repeat(32)}Hidden`);
    expect(value.textContent).not.toContain(KEY);
    const show = screen.getByRole("button", { name: "Show API key" });
    expect(show.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(show);
    expect(value.textContent).toBe(KEY);
    const hide = screen.getByRole("button", { name: "Hide API key" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(hide);
    expect(value.textContent).not.toContain(KEY);
  });

  it("copies the key itself, even while hidden, and says 'Copied!'", async () => {
    clipboard.mockResolvedValue(true);
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Copied!", { description: "API key copied to clipboard" }));
    expect(clipboard).toHaveBeenCalledWith(KEY);
  });

  it("says 'Failed to copy API key' when the browser refuses", async () => {
    clipboard.mockResolvedValue(false);
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", { description: "Failed to copy API key" }));
  });

  it("shows the balance to the mill, the refreshed figure over the key's first one", () => {
    renderCard();
    expect(screen.getByTestId("profile-balance").textContent).toBe("$4.955");
    cleanup();
    state.balanceMills = 12_000;
    renderCard();
    expect(screen.getByTestId("profile-balance").textContent).toBe("$12.00");
  });

  it("says an inactive key is not active", () => {
    state.info = info({ isActive: false });
    renderCard();
    expect(screen.getByText("This key is not active.")).toBeTruthy();
  });

  it("links to OTP mail and the payment history", () => {
    renderCard();
    const links = within(screen.getByRole("navigation", { name: "Balance" })).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Buy OTP mail with your balance", "/otp-gmail"],
      ["Payment history", "/transactions-history"],
    ]);
  });

  it("says it is loading, then the error with Try again", () => {
    state.info = undefined;
    renderCard();
    expect(screen.getByRole("status").textContent).toBe("Loading API key");
    cleanup();
    state.error = new ApiError("UNAUTHENTICATED", "No active session", 401);
    renderCard();
    expect(screen.getByRole("alert").textContent).toContain("Could not load your API key: ");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });
});

describe("regenerating the API key", () => {
  it("warns that the old key stops working, then says 'API key has been regenerated'", async () => {
    regenerate.mockResolvedValue(info({ apiKey: "Z".repeat(32) }));
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    // The confirmation loads when first pressed.
    const dialog = await screen.findByRole("dialog", { name: "Regenerate API key?" });
    expect(within(dialog).getByText(/^The old key stops working at once\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith("API key has been regenerated");
  });

  it("keeps the dialog open with 'Error' and the message on a failure", async () => {
    regenerate.mockRejectedValue(new ApiError("RATE_LIMITED", "Too many new keys, try again later", 429));
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Too many new keys, try again later" })));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("does nothing when dismissed with Escape, and hands focus back to Regenerate", async () => {
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(regenerate).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Regenerate" })));
    // Loaded once, the dialog opens again from its own trigger.
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(screen.getByRole("dialog", { name: "Regenerate API key?" })).toBeTruthy();
  });

  it("reads in Khmer: the buttons, the copy toast and the confirmation", async () => {
    clipboard.mockResolvedValue(true);
    renderCard("km");
    expect(screen.getByRole("button", { name: "បង្ហាញ API Key" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "ចម្លង" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("បានចម្លង!", { description: "បានចម្លង API Key ទៅក្ដារតម្បៀតខ្ទាស់" }));
    fireEvent.click(screen.getByRole("button", { name: "បង្កើតថ្មី" }));
    expect(await screen.findByRole("dialog", { name: "បង្កើត API Key ថ្មីឬ?" })).toBeTruthy();
  });
});
