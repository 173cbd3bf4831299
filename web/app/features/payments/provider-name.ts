// Which payment provider the pages name (issue #31 item 4, decision 066): an order's own
// (`order.providerName`, as the server says), else, before any order exists (the top-up card, a
// checkout that failed to start, the admin's search hint), the one new checkouts go to: GET
// /api/plans names it. Asked once per page load, only where it is needed (never by the landing
// until a payment dialog opens); the web's own provider's name stands in until the server answered.
import { useEffect, useState } from "react";

import { client, unwrap } from "~/lib/api";

import { fallbackProviderName } from "./providers";

let known: string | undefined;
let asking: Promise<string> | undefined;

/** The checkout provider's name as far as the server has said it. */
export function checkoutProviderName(): string {
  return known ?? fallbackProviderName;
}

/** Asks the server once (a failure is asked again next time). */
export function loadCheckoutProviderName(): Promise<string> {
  asking ??= unwrap(client.GET("/api/plans", { params: { query: { market: "local" } } })).then(
    (answer) => (known = answer.paymentProvider.name),
    () => {
      asking = undefined;
      return checkoutProviderName();
    },
  );
  return asking;
}

/** The checkout provider's name for a component; `enabled` false: no question asked (yet). */
export function useCheckoutProviderName(enabled = true): string {
  const [name, setName] = useState(checkoutProviderName);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadCheckoutProviderName().then((n) => live && setName(n));
    return () => {
      live = false;
    };
  }, [enabled]);
  return name;
}

/** The names of the providers of some orders, each once ("A / B"); `otherwise` for none. */
export function providerNamesOf(orders: ReadonlyArray<{ providerName: string }>, otherwise: string): string {
  const names = [...new Set(orders.map((o) => o.providerName))];
  return names.length ? names.join(" / ") : otherwise;
}
