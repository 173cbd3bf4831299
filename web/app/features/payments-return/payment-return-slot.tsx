import { Suspense, type ComponentProps } from "react";
import { useLocation } from "react-router";

import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import { hasPaymentReturn } from "./return-address";

const DashboardPaymentReturn = lazyNamed(() => import("./dashboard-payment-return"), "DashboardPaymentReturn");

/**
 * Where a dashboard page handles a return from paying: DashboardPaymentReturn (its dialogs,
 * toasts and order polling) loads only when the address carries a return, and stays mounted
 * once it has, for the dialogs it opens (decision 049).
 */
export function PaymentReturnSlot(props: ComponentProps<typeof DashboardPaymentReturn>) {
  const { search } = useLocation();
  const returned = useOpenedOnce(hasPaymentReturn(search));
  if (!returned) return null;
  return (
    <Suspense fallback={null}>
      <DashboardPaymentReturn {...props} />
    </Suspense>
  );
}
