// The shop's payment provider, chosen from the configuration: PayWay (with its simulator when
// PAYWAY_BASE_URL is unset) is the one implementation today.
import type { Config } from "../../config";
import { createPaywayProvider } from "../payway/provider";
import type { PaymentProvider } from "./types";

export type { PaymentProvider } from "./types";

export function createPaymentProvider(config: Config): PaymentProvider {
  return createPaywayProvider(config.payway);
}
