// The payment provider's part of Pay (its script and its window) in component tests: Pay asks the
// dialog's `request` for the order, as the real hook does, and opens nothing. Use it with
// `vi.mock("~/features/payments/use-checkout", () => import("~/test/fake-checkout"))`.
async function prepare(request: () => Promise<unknown>) {
  await request();
  return true;
}
const launch = () => undefined;
const clearRefusal = () => undefined;

export function useCheckout() {
  return { prepare, launch, preparing: false, refusal: null, clearRefusal };
}
