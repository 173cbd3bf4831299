// While PayWay's window is open, the page asks the server how the payment stands about once a
// second (`GET /api/payments/receipts/{receipt}?refresh=1`: the server asks PayWay). A decline or a
// cancellation is known within a couple of seconds: PayWay's window closes and the page says so,
// instead of the order reading Pending until the reconciler gives up on it (issue #14). An
// approval goes on to the return URL, where the server confirms it again before any celebration.
import { ordersApi } from "./api";

export type CheckoutOutcome = "paid" | "failed" | "cancelled";

export const WATCH_INTERVAL_MS = 1_000;
/** PayWay's own checkout lifetime is 30 minutes by default; nobody watches longer than that. */
const WATCH_LIMIT_MS = 35 * 60_000;
/** The ids PayWay's plugin (and the simulator's stand-in) give the window: a modal or a bottom sheet. */
const WINDOW_IDS = ["aba-checkout", "aba_checkout_sheet"];

function paywayWindow(): HTMLElement | null {
  for (const id of WINDOW_IDS) {
    const element = document.getElementById(id);
    if (element) return element;
  }
  return null;
}

/** Closes PayWay's window without the plugin's own close (which would navigate to cancel_url). */
export function closePaywayWindow() {
  for (const id of WINDOW_IDS) document.getElementById(id)?.remove();
}

/**
 * Watches one checkout until it has an outcome, PayWay's window is gone (closing it sends the
 * browser to cancel_url, where the server closes the transaction), or `stop()` is called.
 */
export function watchCheckout({
  receipt,
  continueUrl,
  onOutcome,
}: {
  receipt: string;
  /** continue_success_url: where a paid checkout goes (the server checks it again there). */
  continueUrl: string | undefined;
  onOutcome: (outcome: CheckoutOutcome) => void;
}): () => void {
  const started = Date.now();
  let stopped = false;
  let timer: number | undefined;
  let seenWindow = false;
  const controller = new AbortController();

  const stop = () => {
    stopped = true;
    window.clearTimeout(timer);
    controller.abort();
  };

  const finish = (outcome: CheckoutOutcome) => {
    stop();
    closePaywayWindow();
    onOutcome(outcome);
    if (outcome === "paid" && continueUrl) window.location.assign(continueUrl);
  };

  const tick = async () => {
    if (stopped) return;
    const open = paywayWindow() !== null;
    seenWindow ||= open;
    // Closed by the customer (the plugin is on its way to cancel_url), or watched long enough.
    if ((seenWindow && !open) || Date.now() - started > WATCH_LIMIT_MS) return stop();
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
