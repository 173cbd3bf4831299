// Watching an open checkout: a decline or a cancellation closes the provider's window and is said;
// a window the customer closed ends the watch (the provider then takes the browser to the cancel URL).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ordersApi } from "./api";
import { WATCH_INTERVAL_MS, watchCheckout } from "./watch-checkout";

type Status = "pending" | "paid" | "failed" | "cancelled";

function fakeRunner() {
  let open = true;
  return { isOpen: () => open, close: vi.fn(() => (open = false)), closeByCustomer: () => (open = false) };
}

let statuses: Status[];
beforeEach(() => {
  vi.useFakeTimers();
  statuses = [];
  vi.spyOn(ordersApi, "receipt").mockImplementation(async () => ({
    receipt: { status: statuses.shift() ?? "pending", kind: "topup", planTitle: "Balance Top Up", planMonths: null, amountMills: 3000, amount: "3.00", currency: "USD", paidAt: null, providerName: "PayWay" },
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tick = () => vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);

describe("watchCheckout", () => {
  it("asks with refresh about once a second, and on a decline closes the window and says so", async () => {
    const runner = fakeRunner();
    const onOutcome = vi.fn();
    statuses = ["pending", "failed"];
    watchCheckout({ receipt: "KS1.token", runner, continueUrl: undefined, onOutcome });
    await tick();
    expect(ordersApi.receipt).toHaveBeenLastCalledWith("KS1.token", expect.objectContaining({ refresh: true }));
    expect(onOutcome).not.toHaveBeenCalled();
    await tick();
    expect(runner.close).toHaveBeenCalledOnce();
    expect(onOutcome).toHaveBeenCalledWith("failed");
    await tick();
    expect(ordersApi.receipt).toHaveBeenCalledTimes(2); // stopped
  });

  it("a cancellation is said the same way", async () => {
    const onOutcome = vi.fn();
    statuses = ["cancelled"];
    watchCheckout({ receipt: "KS2.token", runner: fakeRunner(), continueUrl: undefined, onOutcome });
    await tick();
    expect(onOutcome).toHaveBeenCalledWith("cancelled");
  });

  it("stops when the customer closes the window, and when stopped", async () => {
    const runner = fakeRunner();
    const onOutcome = vi.fn();
    watchCheckout({ receipt: "KS3.token", runner, continueUrl: undefined, onOutcome });
    await tick();
    runner.closeByCustomer();
    await tick();
    await tick();
    expect(ordersApi.receipt).toHaveBeenCalledTimes(1);
    const stop = watchCheckout({ receipt: "KS4.token", runner: fakeRunner(), continueUrl: undefined, onOutcome });
    stop();
    await tick();
    expect(ordersApi.receipt).toHaveBeenCalledTimes(1);
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it("keeps watching through a failed look (offline, rate limited)", async () => {
    const onOutcome = vi.fn();
    vi.mocked(ordersApi.receipt).mockRejectedValueOnce(new Error("offline"));
    statuses = ["failed"];
    watchCheckout({ receipt: "KS5.token", runner: fakeRunner(), continueUrl: undefined, onOutcome });
    await tick();
    await tick();
    expect(onOutcome).toHaveBeenCalledWith("failed");
  });

  it("a window the customer closed is closed on the server at once and said (decision 060)", async () => {
    const runner = fakeRunner();
    const onOutcome = vi.fn();
    const closeCheckout = vi.fn(async () => "cancelled");
    watchCheckout({ receipt: "KS6.token", runner, continueUrl: undefined, onOutcome, closeCheckout });
    await tick();
    expect(closeCheckout).not.toHaveBeenCalled();
    runner.closeByCustomer();
    await tick();
    expect(closeCheckout).toHaveBeenCalledOnce();
    expect(onOutcome).toHaveBeenCalledWith("cancelled");
    await tick();
    expect(closeCheckout).toHaveBeenCalledOnce();
  });

  it("one the server finds paid after all goes on to the return URL", async () => {
    const runner = fakeRunner();
    const onOutcome = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    watchCheckout({ receipt: "KS7.token", runner, continueUrl: "http://shop.test/api/check-transaction-plan?tran_id=KS7", onOutcome, closeCheckout: async () => "paid" });
    await tick();
    runner.closeByCustomer();
    await tick();
    expect(onOutcome).toHaveBeenCalledWith("paid");
    expect(assign).toHaveBeenCalledWith("http://shop.test/api/check-transaction-plan?tran_id=KS7");
    vi.unstubAllGlobals();
  });

  it("a window closed before the first look counts as closed by the customer too", async () => {
    const runner = fakeRunner();
    const closeCheckout = vi.fn(async () => "cancelled");
    watchCheckout({ receipt: "KS8.token", runner, continueUrl: undefined, onOutcome: vi.fn(), closeCheckout });
    runner.closeByCustomer();
    await tick();
    expect(closeCheckout).toHaveBeenCalledOnce();
    expect(ordersApi.receipt).not.toHaveBeenCalled();
  });
});
