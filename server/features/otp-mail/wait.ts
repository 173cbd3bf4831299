// GET /api/v1/otp/orders/{id}?wait=N: holds the request until the order's code arrives or N
// seconds pass. No polling: it listens to the account-events fan-out (one LISTEN connection per
// instance, one NOTIFY per order change from whichever instance stored the code, migration 0005)
// and re-reads the order once per event of its owner. The hub is shared by every waiting request.
import type { OtpOrder } from "../../../contracts/otp-mail";
import type { AccountEventHub } from "../events/hub";
import { getOtpOrder, type OtpMailDeps } from "./service";

export const MAX_WAIT_SECONDS = 60;

/** Still waiting: pending and no code yet. */
const waiting = (o: OtpOrder) => o.status === "pending" && !o.codes;

export async function waitForOtpOrder(
  deps: OtpMailDeps,
  hub: AccountEventHub,
  input: { userId: string; id: string; waitSeconds: number; signal?: AbortSignal },
): Promise<OtpOrder> {
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
          const timer = setTimeout(resolve, deadline - Date.now());
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
      if (!pendingEvent) break; // time is up (or the caller left)
      pendingEvent = false;
      order = await getOtpOrder(deps, input);
    }
    return order;
  } finally {
    unsubscribe();
  }
}
