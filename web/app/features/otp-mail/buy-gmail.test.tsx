// Buy Gmail (spec: the 'Processing' toast, then the address; 'Insufficient Balance (Min $0.05)'
// below the minimum; the failures by code): which site with its price, what is bought, and when
// the button refuses.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { OTP_SERVICE_CATALOGUE } from "../../../../contracts/otp-services";
import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const buy = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const catalogue = vi.hoisted(() => ({ loaded: true, unavailable: [] as string[] }));
const toast = vi.hoisted(() => ({ loading: vi.fn(() => "toast-1"), success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./mutations", () => ({ useBuyOtpMail: () => buy }));
vi.mock("./queries", () => ({
  useOtpServices: () => ({
    data: catalogue.loaded
      ? { services: OTP_SERVICE_CATALOGUE.map((s) => ({ ...s, senderDomains: [], available: !catalogue.unavailable.includes(s.id) })) }
      : undefined,
  }),
}));

const { BuyGmail } = await import("./buy-gmail");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  buy.isPending = false;
  catalogue.loaded = true;
  catalogue.unavailable = [];
});

function renderBuy(options: { balanceMills?: number; balancePending?: boolean; lng?: Language } = {}) {
  const { balancePending = false, lng = "en" } = options;
  // Undefined is a balance not known yet, not the default.
  const balanceMills = "balanceMills" in options ? options.balanceMills : 5_000;
  const onBought = vi.fn();
  renderInLanguage(lng, <BuyGmail balanceMills={balanceMills} balancePending={balancePending} onBought={onBought} />);
  return { onBought };
}

const site = (name = "Site") => screen.getByRole("combobox", { name }) as HTMLSelectElement;
/** What the closed picker shows: its chosen option's text. */
const shown = (name?: string) => {
  const select = site(name);
  return [...select.options].find((o) => o.value === select.value)?.textContent;
};

function chooseSite(label: string) {
  const option = within(site()).getByRole("option", { name: label }) as HTMLOptionElement;
  fireEvent.change(site(), { target: { value: option.value } });
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

describe("Buy Gmail", () => {
  it("offers every available site with its price, Facebook first, and buys for the site chosen", async () => {
    catalogue.unavailable = ["google"];
    buy.mutateAsync.mockResolvedValue({ order: { address: "new.box@gmail.com" } });
    const { onBought } = renderBuy();
    expect(shown()).toBe("Facebook · $0.045");
    expect(within(site()).getAllByRole("option").map((o) => o.textContent)).toEqual(["Facebook · $0.045", "Instagram · $0.05", "TikTok · $0.04", "Telegram · $0.035"]);
    chooseSite("TikTok · $0.04");
    expect(shown()).toBe("TikTok · $0.04");

    await press("Buy Gmail");
    expect(buy.mutateAsync).toHaveBeenCalledWith("tiktok");
    expect(toast.loading).toHaveBeenCalledWith("Processing", { description: "Initiating Gmail purchase..." });
    expect(toast.success).toHaveBeenCalledWith("Gmail purchased", { id: "toast-1", description: "Your address: new.box@gmail.com" });
    expect(onBought).toHaveBeenCalledTimes(1);
  });

  it("says the address is ready when the order has none to show yet", async () => {
    buy.mutateAsync.mockResolvedValue({ order: { address: null } });
    renderBuy();
    await press("Buy Gmail");
    expect(toast.success).toHaveBeenCalledWith("Gmail purchased", { id: "toast-1", description: "Your address is ready." });
  });

  it("replaces the 'Processing' toast with the failure the server's code names", async () => {
    buy.mutateAsync.mockRejectedValue(new ApiError("INSUFFICIENT_FUNDS", "Insufficient funds", 402));
    const { onBought } = renderBuy();
    await press("Buy Gmail");
    // The toast's texts come with the first failure (lib/error-toasts.ts, lib/error-text.ts).
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Insufficient Funds", { id: "toast-1", description: "Please top up your balance to purchase Gmail service." }));
    buy.mutateAsync.mockRejectedValue(new ApiError("API_KEY_NOT_FOUND", "No key", 409));
    await press("Buy Gmail");
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith("API Key Missing", { id: "toast-1", description: "Please generate your API key first in the Profile section." }));
    expect(onBought).not.toHaveBeenCalled();
  });

  it("refuses below the minimum, and below the price of a dearer site", () => {
    renderBuy({ balanceMills: 49 });
    expect((screen.getByRole("button", { name: "Insufficient Balance (Min $0.05)" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderBuy({ balanceMills: 55 });
    expect((screen.getByRole("button", { name: "Buy Gmail" }) as HTMLButtonElement).disabled).toBe(false);
    chooseSite("Google · $0.06");
    expect((screen.getByRole("button", { name: "Insufficient Balance (Min $0.05)" }) as HTMLButtonElement).disabled).toBe(true);
    expect(buy.mutateAsync).not.toHaveBeenCalled();
  });

  it("says 'Buy Gmail' but waits while the balance or the catalogue is still loading", () => {
    renderBuy({ balanceMills: undefined, balancePending: true });
    expect((screen.getByRole("button", { name: "Buy Gmail" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    catalogue.loaded = false;
    renderBuy();
    expect(shown()).toBe("Facebook");
    expect((screen.getByRole("button", { name: "Buy Gmail" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("cannot be pressed twice while buying", () => {
    buy.isPending = true;
    renderBuy();
    const button = screen.getByRole("button", { name: "Buy Gmail" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });
});

describe("Buy Gmail in Khmer", () => {
  it("names the site, the price, the toasts and the refusal in Khmer", async () => {
    buy.mutateAsync.mockResolvedValue({ order: { address: "a@gmail.com" } });
    renderBuy({ lng: "km" });
    expect(shown("គេហទំព័រ")).toBe("Facebook តម្លៃ $0.045");
    await press("ទិញ Gmail");
    expect(toast.loading).toHaveBeenCalledWith("កំពុងដំណើរការ", { description: "កំពុងចាប់ផ្ដើមទិញ Gmail..." });
    expect(toast.success).toHaveBeenCalledWith("បានទិញ Gmail", { id: "toast-1", description: "អាសយដ្ឋានរបស់អ្នក៖ a@gmail.com" });
    cleanup();
    renderBuy({ lng: "km", balanceMills: 0 });
    expect(screen.getByRole("button", { name: "សមតុល្យមិនគ្រប់គ្រាន់ (យ៉ាងតិច $0.05)" })).toBeTruthy();
  });
});
