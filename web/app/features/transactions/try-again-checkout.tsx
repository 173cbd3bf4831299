// "Try again" on a checkout that was not completed (decision 060): a fresh checkout of the same
// thing, priced again by the server: the same plan, the same top-up amount, a renewal of the same
// licence. Only on the viewer's own orders (./try-again.ts). This module (the checkout's hook, the
// provider's script loader, watching the payment window) loads when Try again is first pointed at,
// focused or pressed, not with the page (issue #28 item 5); once loaded it stays mounted, so the
// payment window it opened is watched after the list refreshes under it.
import { useEffect, useRef } from "react";

import type { CheckoutResponse, Order } from "~/features/payments/api";
import { ordersApi } from "~/features/payments/api";
import { useCheckout } from "~/features/payments/use-checkout";
import { renewalsApi } from "~/features/renewals/api";
import { getActiveQueryClient } from "~/lib/query-client-ref";

/** The request that opens the same checkout again. */
export function tryAgainRequest(order: Order): Promise<CheckoutResponse> {
  if (order.kind === "topup") return ordersApi.checkout({ kind: "topup", amountMills: order.amountMills, returnTo: "profile" });
  // The same discount code, checked again (it may have expired or been used up since: then said so).
  const discountCode = order.discountCode ?? undefined;
  if (order.renewLicenseId) return renewalsApi.renew(order.renewLicenseId, order.planId!, { discountCode });
  // A gift stays a gift to the same recipient (decision 079).
  const giftEmail = order.giftEmail ?? undefined;
  return ordersApi.checkout({ kind: "plan", planId: order.planId!, returnTo: "license-keys", ...(discountCode ? { discountCode } : {}), ...(giftEmail ? { giftEmail } : {}) });
}

/** Starts `order` again when it is set (once per press); `onDone` when the checkout opened or was refused. */
export function TryAgainCheckout({ order, onDone }: { order: Order | null; onDone: () => void }) {
  const { prepare, launch } = useCheckout();
  const started = useRef<Order | null>(null);
  useEffect(() => {
    if (!order || started.current === order) return;
    started.current = order;
    void (async () => {
      try {
        if (await prepare(() => tryAgainRequest(order))) {
          launch();
          // The new checkout is in the list at once (Pending), above the one not completed.
          void getActiveQueryClient()?.invalidateQueries({ queryKey: ["orders"] });
        }
      } finally {
        onDone();
      }
    })();
  }, [order, prepare, launch, onDone]);
  return null;
}
