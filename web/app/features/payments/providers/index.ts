// The web component of each payment provider, by the id the server's checkout names.
import type { CheckoutInstructions } from "../../../../../contracts/payment-providers";

import { paywayRunner } from "./payway";
import type { CheckoutRunner } from "./types";

export { ProviderScriptError, type CheckoutRunner } from "./types";

const RUNNERS: { [P in CheckoutInstructions["provider"]]: CheckoutRunner<Extract<CheckoutInstructions, { provider: P }>> } = {
  payway: paywayRunner,
};

/** The runner for a checkout (typed for its own instructions). */
export function runnerFor(instructions: CheckoutInstructions): CheckoutRunner {
  return RUNNERS[instructions.provider] as CheckoutRunner;
}

/**
 * A name for the checkout provider until the server has said it (features/payments/provider-name.ts):
 * orders carry their provider's name, and GET /api/plans names the one new checkouts go to.
 */
export const fallbackProviderName = paywayRunner.name;
