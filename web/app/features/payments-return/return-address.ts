// Whether an address carries a return from paying, with no imports: the dashboard layout and every
// page's PaymentReturnSlot ask on their first load, and the parsing, the local transactions and the
// deep links (payment-return.ts) come only with a return (issue #28 item 5).

/** True when the address carries a payment's outcome (the provider's return or the shop's own). */
export function hasPaymentReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has("payment_success") || params.has("payment_status");
}

/**
 * A signed-out visitor back from paying on /license-history (the v2 subscription page's return
 * target, behind sign-in) sees the result on the v2 page instead: the same parameters.
 */
export function signedOutPaymentReturn(pathname: string, search: string): string | null {
  if (pathname !== "/license-history" || !hasPaymentReturn(search)) return null;
  return `/subscription_tool_v2${search}`;
}

