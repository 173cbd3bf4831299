// GET /api/v1/otp/orders/{id}?wait=N: holds the request until the order's code arrives or N
// seconds pass. No polling: it listens to the account-events fan-out (one LISTEN connection per
// instance, one NOTIFY per order change from whichever instance stored the code, migration 0005)
// and re-reads the order once per event of its owner. The hub is shared by every waiting request.
// An upstream supplier's mail never reaches our SMTP receiver: there the wait also asks the
// supplier every few seconds (what its own clients do), and a code found is stored as a check would.
import type { OtpOrder } from "../../../contracts/otp-mail";
import type { AccountEventHub } from "../events/hub";
import { AppError } from "../../lib/errors";
import { checkOtpMail, getOtpOrder, type OtpMailDeps } from "./service";

export const MAX_WAIT_SECONDS = 60;
/** How often a wait asks a supplier that does not push arrivals (Kopeechka's clients poll every 5 s or so). */
export const SUPPLIER_POLL_MS = 5000;

/** Still waiting: pending and no code yet. */
const waiting = (o: OtpOrder) => o.status === "pending" && !o.codes;

export async function waitForOtpOrder(
  deps: OtpMailDeps,
  hub: AccountEventHub,
  input: { userId: string; id: string; waitSeconds: number; signal?: AbortSignal },
  pollMs = SUPPLIER_POLL_MS,
): Promise<OtpOrder> {
  const askSupplier = !deps.supplier.pushesArrivals;
  // Subscribed before the first read, so a code stored between the read and the subscription is not missed.
  let wake: (() => void) | undefined;
  let pendingEvent = false;
  const unsubscribe = hub.subscribe(input.userId, (kind) => {
    if (kind === "balance") return;
    pendingEvent = true;
    wake?.();
  });
  try {
    let order = await getOtpOrder(deps, input);
    const deadline = Date.now() + Math.min(input.waitSeconds, MAX_WAIT_SECONDS) * 1000;
    while (waiting(order) && Date.now() < deadline && !input.signal?.aborted) {
      if (!pendingEvent) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(deadline - Date.now(), askSupplier ? pollMs : Infinity));
          const onAbort = () => resolve();
          input.signal?.addEventListener("abort", onAbort, { once: true });
          wake = () => {
            clearTimeout(timer);
            input.signal?.removeEventListener("abort", onAbort);
            resolve();
          };
        });
        wake = undefined;
      }
      if (!pendingEvent && askSupplier && Date.now() < deadline && !input.signal?.aborted) {
        order = await checkOtpMail(deps, input).catch((err: unknown) => {
          if (err instanceof AppError) return order; // the supplier is down for now: keep waiting
          throw err;
        });
        continue;
      }
      if (!pendingEvent) break; // time is up (or the caller left)
      pendingEvent = false;
      order = await getOtpOrder(deps, input);
    }
    return order;
  } finally {
    unsubscribe();
  }
}
