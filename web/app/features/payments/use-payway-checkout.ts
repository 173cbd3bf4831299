import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";

import { showToaster } from "~/lib/toaster";

import { validationMessage, type CheckoutResponse } from "./api";
import { loadPaywayScript, PAYWAY_ERRORS, startPaywayCheckout, type CheckoutForm } from "./payway";

export type CheckoutFailure = { title: string; description: string };

/**
 * The two steps of paying from a dialog:
 *  1. `prepare(request)`: the server creates the order and signs the form, then the plugin script
 *     is loaded on demand. Failures toast (the spec's texts) and answer false.
 *  2. `launch()`: once the dialog has fully closed (its focus trap and scroll lock gone), the form
 *     is rendered and PayWay's checkout opens over the page.
 */
export function usePaywayCheckout({
  failure = PAYWAY_ERRORS.payment,
  describeError,
}: {
  /** The submit-failure description. */
  failure?: string;
  /** A better message for a refused input (422), e.g. the top-up's 'Invalid amount'. */
  describeError?: (message: string) => CheckoutFailure;
} = {}) {
  const [preparing, setPreparing] = useState(false);
  const ready = useRef<CheckoutForm | null>(null);

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
        ready.current = response.checkout;
        return true;
      } finally {
        setPreparing(false);
      }
    },
    [failure, describeError],
  );

  /** Opens PayWay's checkout for the prepared order; false when nothing was prepared. */
  const launch = useCallback((): boolean => {
    const checkout = ready.current;
    ready.current = null;
    if (!checkout) return false;
    try {
      startPaywayCheckout(checkout);
    } catch (error) {
      console.error("PayWay checkout failed to start", error);
      showToaster();
      toast.error(PAYWAY_ERRORS.title, { id: "payway-error", description: failure });
    }
    return true;
  }, [failure]);

  return { prepare, launch, preparing };
}
