// Tests that change what one payment provider answers (a lost answer, a checkout that will not
// close) keep the others, and the default, as they are.
import { paymentProviderSet, type PaymentProvider, type PaymentProviders } from "../providers/payments";

/** The same providers, the one with `id` (default: the checkout's) changed by `change`. */
export function changeProvider(providers: PaymentProviders, change: (real: PaymentProvider) => PaymentProvider, id = providers.checkout.id): PaymentProviders {
  return paymentProviderSet(
    providers.all.map((p) => (p.id === id ? change(p) : p)),
    providers.checkout.id,
  );
}
