import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { getActiveQueryClient } from "~/lib/query-client-ref";
import { showToaster } from "~/lib/toaster";

import { validationMessage, type CheckoutResponse } from "./api";
import { CHECKOUT_OUTCOME_TEXT, type CheckoutOutcomeText } from "./outcome-text";
import { loadPaywayScript, PAYWAY_ERRORS, startPaywayCheckout } from "./payway";
import { watchCheckout, type CheckoutOutcome } from "./watch-checkout";

export type CheckoutFailure = { title: string; description: string };

/**
 * The two steps of paying from a dialog:
 *  1. `prepare(request)`: the server creates the order and signs the form, then the plugin script
 *     is loaded on demand. Failures toast (the spec's texts) and answer false.
 *  2. `launch()`: once the dialog has fully closed (its focus trap and scroll lock gone), the form
 *     is rendered and PayWay's checkout opens over the page. The page then watches the payment: a
 *     decline or a cancellation closes PayWay's window and is said at once (watch-checkout.ts).
 */
export function usePaywayCheckout({
  failure = PAYWAY_ERRORS.payment,
  describeError,
  outcomeText = CHECKOUT_OUTCOME_TEXT,
}: {
  /** The submit-failure description. */
  failure?: string;
  /** A better message for a refused input (422), e.g. the top-up's 'Invalid amount'. */
  describeError?: (message: string) => CheckoutFailure;
  /** What a declined or cancelled payment is called (the subscription pages translate it). */
  outcomeText?: CheckoutOutcomeText;
} = {}) {
  const [preparing, setPreparing] = useState(false);
  const ready = useRef<CheckoutResponse | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  const text = useRef(outcomeText);
  useEffect(() => {
    text.current = outcomeText;
  });
  useEffect(() => () => stopWatching.current?.(), []);

  const prepare = useCallback(
    async (request: () => Promise<CheckoutResponse>): Promise<boolean> => {
      showToaster();
      setPreparing(true);
      try {
        let response: CheckoutResponse;
        try {
          response = await request();
        } catch (error) {
          console.error("Checkout request failed", error);
          const message = validationMessage(error);
          const text = message
            ? (describeError?.(message) ?? { title: PAYWAY_ERRORS.title, description: message })
            : { title: PAYWAY_ERRORS.title, description: failure };
          toast.error(text.title, { id: "payway-error", description: text.description });
          return false;
        }
        try {
          await loadPaywayScript(response.checkout.pluginUrl);
        } catch (error) {
          console.error(error);
          toast.error(PAYWAY_ERRORS.title, { id: "payway-error", description: PAYWAY_ERRORS.script });
          return false;
        }
        ready.current = response;
        return true;
      } finally {
        setPreparing(false);
      }
    },
    [failure, describeError],
  );

  /** Opens PayWay's checkout for the prepared order; false when nothing was prepared. */
  const launch = useCallback((): boolean => {
    const prepared = ready.current;
    ready.current = null;
    if (!prepared) return false;
    try {
      startPaywayCheckout(prepared.checkout);
    } catch (error) {
      console.error("PayWay checkout failed to start", error);
      showToaster();
      toast.error(PAYWAY_ERRORS.title, { id: "payway-error", description: failure });
      return true;
    }
    stopWatching.current?.();
    stopWatching.current = watchCheckout({
      receipt: prepared.receipt,
      continueUrl: prepared.checkout.fields.continue_success_url,
      onOutcome: (outcome) => announceOutcome(outcome, prepared.order.tranId, text.current),
    });
    return true;
  }, [failure]);

  return { prepare, launch, preparing };
}

/** A declined or cancelled checkout said in the page's words; lists showing the order read it again. */
function announceOutcome(outcome: CheckoutOutcome, tranId: string, text: CheckoutOutcomeText) {
  void getActiveQueryClient()?.invalidateQueries({ queryKey: ["orders"] });
  if (outcome === "paid") return; // the return page celebrates it, once the server confirms it again
  showToaster();
  const { title, description } = text[outcome];
  (outcome === "failed" ? toast.error : toast.info)(title, { id: `payment-outcome-${tranId}`, description });
}
