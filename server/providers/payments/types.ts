// One interface for whoever takes the payments (issue #15): the orders feature prices, records and
// fulfils orders, and asks the provider of each order (orders.provider) only these questions. PayWay
// (and its simulator) is the one in production (server/providers/payway/provider.ts); a provider is
// a folder exporting a PaymentProviderDefinition, listed in server/providers/payments/index.ts.
import type { CheckoutInstructions } from "../../../contracts/payment-providers";
import type { Config } from "../../config";

export type { CheckoutInstructions };

/** One payment as the shop knows it: the reference it gave the provider, and what it must be. */
export interface PaymentRef {
  reference: string;
  amountMills: number;
  currency: string;
}

/** The provider's word on one payment: the only thing an order is ever settled on. */
export type PaymentVerdict =
  | { outcome: "approved"; approvalCode: string }
  | { outcome: "declined" | "cancelled" | "refunded" | "pending" | "not_found" }
  /** Approved, but not this payment (another amount or currency): never fulfilled. */
  | { outcome: "mismatch"; detail: string }
  /** No answer (unreachable, broken, refused our credentials): ask again later. */
  | { outcome: "unavailable"; detail: string };

export interface NewCheckout {
  reference: string;
  amountMills: number;
  currency: "USD";
  /** What is bought ('3 Months', 'Balance Top Up'). */
  itemTitle: string;
  buyer: { email: string; name?: string };
  /** Where the browser goes after paying, and after closing the provider's window. */
  returnUrl: string;
  cancelUrl: string;
  /** Shown to the merchant at the provider (the spec's custom_fields). */
  metadata: Record<string, string | number | boolean>;
  now: Date;
}

/** A server-to-server notification, read: which payment it is about, or why it is refused. */
export type CallbackReading =
  | { ok: true; reference: string }
  | { ok: false; reason: "bad_signature" | "invalid"; message: string };

export type RefundOutcome =
  | { outcome: "refunded"; amountMills: number; totalRefundedMills: number | null }
  | { outcome: "refused"; code: string; message: string };

export interface PaymentProvider {
  /** Stored with each order (`orders.provider`). */
  readonly id: string;
  /** How long a checkout can be paid at the provider; then the order is closed there and cancelled (decision 060). */
  readonly checkoutLifetimeMinutes: number;
  /** The path (under /api) the provider posts its notifications to. */
  readonly callbackPath: string;
  /** The references this provider accepts (what a callback or a return may name). */
  readonly referencePattern: RegExp;
  /** A new, unique payment reference. */
  newReference(now: Date): string;
  /** What the browser does to pay (the provider's own web component carries it out). */
  createCheckout(input: NewCheckout): CheckoutInstructions;
  /** Asks the provider how a payment stands; never throws (an unreachable provider is a verdict). */
  verify(payment: PaymentRef): Promise<PaymentVerdict>;
  /** Cancels a checkout that was not paid. "not_closed": ask verify() what happened instead. */
  close(reference: string): Promise<"closed" | "not_closed">;
  /** Reads a notification's body and headers (signature checks are the provider's). */
  readCallback(body: Record<string, unknown>, header: (name: string) => string | undefined): CallbackReading;
  /** Gives back part or all of a paid payment. Throws when the outcome is unknown (network). */
  refund(payment: PaymentRef, amountMills: number): Promise<RefundOutcome>;
  /**
   * How much of a paid payment the provider has given back so far, whoever asked for it (the
   * shop, or someone in the provider's own portal). Throws when it cannot tell now.
   */
  refundedSoFar(payment: PaymentRef): Promise<number>;
}

/** Where the browser talks to the provider, for the pages' Content-Security-Policy. */
export interface PaymentContentSources {
  /** Origins the checkout form is posted to and framed from, and the page may call (form-action, frame-src, connect-src). */
  checkout: string[];
  /** Origins of the provider's script, styles and images on our pages (script-src, style-src, img-src, frame-src). */
  assets: string[];
}

/** The provider's simulator, served by this shop in embedded mode. */
export interface PaymentSimulator {
  /** Where it is mounted, e.g. /payway-sim. */
  path: string;
  fetch: (req: Request) => Response | Promise<Response>;
  /** The start-up log line. */
  description: string;
  url: string;
}

/** A provider this build knows: its names, and how the configuration sets it up. */
export interface PaymentProviderDefinition {
  /** Stored with each order (`orders.provider`). */
  id: string;
  /** How pages and the API name it ("PayWay"). */
  displayName: string;
  /** How receipts name the payment method, when not the display name ("ABA PayWay"). */
  methodName?: string;
  /** The provider for this configuration; undefined when it is not configured. */
  create(config: Config): PaymentProvider | undefined;
  /** Where the browser talks to it (the pages' Content-Security-Policy). */
  contentSources?(config: Config): PaymentContentSources;
  /** Its simulator, served by this shop in embedded mode. */
  simulator?(config: Config): PaymentSimulator | undefined;
}
