// The shop's payment provider, chosen from the configuration: PayWay (with its simulator when
// PAYWAY_BASE_URL is unset) is the one implementation today.
import type { Config } from "../../config";
import { createPaywayProvider, PAYWAY_DISPLAY_NAME, PAYWAY_PROVIDER_ID, paywayContentSources, paywaySimulator } from "../payway/provider";
import type { PaymentContentSources, PaymentProvider, PaymentSimulator } from "./types";

export type { PaymentContentSources, PaymentProvider, PaymentSimulator } from "./types";

const DISPLAY_NAMES: Record<string, string> = { [PAYWAY_PROVIDER_ID]: PAYWAY_DISPLAY_NAME };

/** How receipts name the provider of an order (`orders.provider`); the id itself when unknown. */
export function paymentProviderName(id: string): string {
  return DISPLAY_NAMES[id] ?? id;
}

export function createPaymentProvider(config: Config): PaymentProvider {
  return createPaywayProvider(config.payway);
}

/** The origins the pages' Content-Security-Policy must allow for the provider's checkout. */
export function paymentContentSources(config: Pick<Config, "payway">): PaymentContentSources {
  return paywayContentSources(config.payway);
}

/** The provider's simulator when the shop runs without the real provider (embedded mode). */
export function createPaymentSimulator(config: Pick<Config, "payway">): PaymentSimulator | undefined {
  return paywaySimulator(config.payway);
}
