// The shop's payment provider, chosen from the configuration: PayWay (with its simulator when
// PAYWAY_BASE_URL is unset) is the one implementation today.
import type { Config } from "../../config";
import { createPaywayProvider, PAYWAY_DISPLAY_NAME, PAYWAY_PROVIDER_ID } from "../payway/provider";
import type { PaymentProvider } from "./types";

export type { PaymentProvider } from "./types";

const DISPLAY_NAMES: Record<string, string> = { [PAYWAY_PROVIDER_ID]: PAYWAY_DISPLAY_NAME };

/** How receipts name the provider of an order (`orders.provider`); the id itself when unknown. */
export function paymentProviderName(id: string): string {
  return DISPLAY_NAMES[id] ?? id;
}

export function createPaymentProvider(config: Config): PaymentProvider {
  return createPaywayProvider(config.payway);
}
