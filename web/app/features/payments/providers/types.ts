// What the page needs from a payment provider's own web component: everything provider-specific
// about paying in the browser lives behind this (payway.ts is the one implementation today).
import type { CheckoutInstructions } from "../../../../../contracts/payment-providers";

export type { CheckoutInstructions };

export interface CheckoutRunner<I extends CheckoutInstructions = CheckoutInstructions> {
  /** Loads what the provider needs in the page (its script). Rejects with a ProviderScriptError. */
  load(instructions: I): Promise<void>;
  /** Opens the provider's payment window over the page. Throws when it cannot. */
  start(instructions: I): void;
  /** Whether the provider's payment window is open. */
  isOpen(): boolean;
  /** Closes the provider's window without its own close (which may navigate away). */
  close(): void;
  /** Where the browser goes once the payment is made (the server checks it again there). */
  returnUrl(instructions: I): string | undefined;
  /** The provider's name as customers know it ('PayWay'): the failure toasts name it (payments copy). */
  name: string;
}

/** A failure to load the provider's script (toast 'Failed to load … script'). */
export class ProviderScriptError extends Error {
  constructor(url: string) {
    super(`Could not load the payment provider's script from ${url}`);
    this.name = "ProviderScriptError";
  }
}
