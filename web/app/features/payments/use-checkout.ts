import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";

import { isApiError } from "~/lib/api";
import { discountRefusalText, isDiscountRefusal } from "~/lib/error-text";
import { getActiveQueryClient } from "~/lib/query-client-ref";
import { showToaster } from "~/lib/toaster";

import { ordersApi, validationMessage, type CheckoutResponse } from "./api";
import { paymentsText, providerErrors } from "./copy";
import { checkoutOutcomeText, type CheckoutOutcomeText } from "./outcome-text";
import { checkoutProviderName } from "./provider-name";
import { runnerFor } from "./providers";
import { watchCheckout, type CheckoutOutcome } from "./watch-checkout";

export type CheckoutFailure = { title: string; description: string };

/** The subscription pages' submit-failure text (the spec's; also when the checkout library is missing), in the current language. */
export const toolPaymentFailure = () => paymentsText("errors.toolPayment");

/**
 * The two steps of paying from a dialog, whoever the payment provider is:
 *  1. `prepare(request)`: the server creates the order and says what the browser does to pay; the
 *     provider's script is loaded on demand. Failures toast (the spec's texts) and answer false.
 *  2. `launch()`: once the dialog has fully closed (its focus trap and scroll lock gone), the
 *     provider's window opens over the page. The page then watches the payment: a decline or a
 *     cancellation closes the window and is said at once (watch-checkout.ts).
 */
export function useCheckout({
  failure,
  describeError,
  outcomeText,
  closeWith = "session",
  saidAtField,
}: {
  /** The submit-failure description (default: the provider's own). */
  failure?: string;
  /** A better message for a refused input (422), e.g. the top-up's 'Invalid amount'. */
  describeError?: (message: string) => CheckoutFailure;
  /** What a declined or cancelled payment is called (default: the payments namespace's words). */
  outcomeText?: CheckoutOutcomeText;
  /**
   * How a checkout whose window the customer closed is closed on the server: "session" (the
   * owner's POST /api/orders/{id}/close) or "receipt" (pages without a session: the subscription
   * tool, a reminder link's renewal).
   */
  closeWith?: "session" | "receipt";
  /** A refusal a field of the dialog says (a discount code's): no toast, no refusal box. */
  saidAtField?: (error: unknown) => boolean;
} = {}) {
  const [preparing, setPreparing] = useState(false);
  // The last refusal, also said inside the dialog: a toast alone can go unseen behind it (#29 item 2).
  const [refusal, setRefusal] = useState<CheckoutFailure | null>(null);
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
      setRefusal(null);
      try {
        let response: CheckoutResponse;
        try {
          response = await request();
        } catch (error) {
          if (saidAtField?.(error)) return false;
          console.error("Checkout request failed", error);
          // A refused discount code (a checkout opened again with its code, decision 077) in the table's words.
          const message = validationMessage(error) ?? (isApiError(error) && isDiscountRefusal(error.code) ? discountRefusalText(error.code) : null);
          const errors = providerErrors(checkoutProviderName());
          const text = message
            ? (describeError?.(message) ?? { title: errors.title, description: message })
            : { title: errors.title, description: failure ?? errors.payment };
          toast.error(text.title, { id: "checkout-error", description: text.description });
          setRefusal(text);
          return false;
        }
        const runner = runnerFor(response.checkout);
        try {
          await runner.load(response.checkout);
        } catch (error) {
          console.error(error);
          const errors = providerErrors(runner.name);
          toast.error(errors.title, { id: "checkout-error", description: errors.script });
          setRefusal({ title: errors.title, description: errors.script });
          return false;
        }
        ready.current = response;
        return true;
      } finally {
        setPreparing(false);
      }
    },
    [failure, describeError, saidAtField],
  );

  /** Opens the provider's window for the prepared order; false when nothing was prepared. */
  const launch = useCallback((): boolean => {
    const prepared = ready.current;
    ready.current = null;
    if (!prepared) return false;
    const runner = runnerFor(prepared.checkout);
    try {
      runner.start(prepared.checkout);
    } catch (error) {
      console.error("The payment window failed to open", error);
      showToaster();
      const errors = providerErrors(runner.name);
      toast.error(errors.title, { id: "checkout-error", description: failure ?? errors.payment });
      return true;
    }
    stopWatching.current?.();
    stopWatching.current = watchCheckout({
      receipt: prepared.receipt,
      runner,
      continueUrl: runner.returnUrl(prepared.checkout),
      onOutcome: (outcome) => announceOutcome(outcome, prepared.order.tranId, text.current ?? checkoutOutcomeText(prepared.order.providerName)),
      closeCheckout: async () =>
        closeWith === "receipt" ? (await ordersApi.closeByReceipt(prepared.receipt)).receipt.status : (await ordersApi.close(prepared.order.id)).order.status,
    });
    return true;
  }, [failure, closeWith]);

  const clearRefusal = useCallback(() => setRefusal(null), []);
  return { prepare, launch, preparing, refusal, clearRefusal };
}

/** A declined or cancelled checkout said in the page's words; lists showing the order read them again. */
function announceOutcome(outcome: CheckoutOutcome, tranId: string, text: CheckoutOutcomeText) {
  void getActiveQueryClient()?.invalidateQueries({ queryKey: ["orders"] });
  if (outcome === "paid") return; // the return page celebrates it, once the server confirms it again
  showToaster();
  const { title, description } = text[outcome];
  (outcome === "failed" ? toast.error : toast.info)(title, { id: `payment-outcome-${tranId}`, description });
}
