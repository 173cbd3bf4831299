// While the provider's payment window is open, the page asks the server how the payment stands
// about once a second (`GET /api/payments/receipts/{receipt}?refresh=1`: the server asks the
// provider). A decline or a cancellation is known within a couple of seconds: the window closes and
// the page says so, instead of the order reading Pending until the reconciler gives up on it
// (issue #14). An approval goes on to the return URL, where the server confirms it again.
import { ordersApi } from "./api";
import type { CheckoutRunner } from "./providers";

export type CheckoutOutcome = "paid" | "failed" | "cancelled";

export const WATCH_INTERVAL_MS = 1_000;
/** Checkouts last 30 minutes by default; nobody watches longer than that. */
const WATCH_LIMIT_MS = 35 * 60_000;

/**
 * Watches one checkout until it has an outcome, the provider's window is gone, or `stop()` is
 * called. A window the customer closed is closed on the server at once (`closeCheckout`: the
 * server asks the provider, closes it there unless it was paid, decision 060), so the order reads
 * 'Not completed' now, not at the end of its lifetime; the provider may also send the browser to
 * the cancel URL, which does the same.
 */
export function watchCheckout({
  receipt,
  runner,
  continueUrl,
  onOutcome,
  closeCheckout,
}: {
  receipt: string;
  runner: Pick<CheckoutRunner, "isOpen" | "close">;
  /** Where a paid checkout goes (the server checks it again there). */
  continueUrl: string | undefined;
  onOutcome: (outcome: CheckoutOutcome) => void;
  /** Closes the checkout on the server when the customer closed the window; answers its status then. */
  closeCheckout?: () => Promise<string>;
}): () => void {
  const started = Date.now();
  let stopped = false;
  let timer: number | undefined;
  // The window opened just before the watch began: one closed within the first second counts too.
  let seenWindow = runner.isOpen();
  const controller = new AbortController();

  const stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    controller.abort();
  };

  const finish = (outcome: CheckoutOutcome) => {
    stop();
    runner.close();
    onOutcome(outcome);
    if (outcome === "paid" && continueUrl) window.location.assign(continueUrl);
  };

  const tick = async () => {
    if (stopped) return;
    const open = runner.isOpen();
    seenWindow ||= open;
    if (Date.now() - started > WATCH_LIMIT_MS) return stop();
    // Closed by the customer: closed on the server too, and its outcome said.
    if (seenWindow && !open) {
      stop();
      if (!closeCheckout) return;
      try {
        const status = await closeCheckout();
        if (status === "paid" || status === "failed" || status === "cancelled") {
          onOutcome(status);
          if (status === "paid" && continueUrl) window.location.assign(continueUrl);
        }
      } catch {
        // Offline or refused: the cancel URL, or the reconciler at the checkout's end, closes it.
      }
      return;
    }
    try {
      const { receipt: now } = await ordersApi.receipt(receipt, { refresh: true, signal: controller.signal });
      if (stopped) return;
      if (now.status === "paid") return finish("paid");
      if (now.status === "failed") return finish("failed");
      if (now.status === "cancelled") return finish("cancelled");
    } catch {
      // A failed look (offline, rate limited) is only a missed second: try again.
    }
    if (!stopped) timer = window.setTimeout(() => void tick(), WATCH_INTERVAL_MS);
  };

  timer = window.setTimeout(() => void tick(), WATCH_INTERVAL_MS);
  return stop;
}
