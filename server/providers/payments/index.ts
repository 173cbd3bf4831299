// The shop's payment providers (issue #31 item 4): every provider this build knows is one
// definition in PROVIDERS; an order keeps the id of the provider that took it (`orders.provider`)
// and everything that talks to the provider about that order asks the registry for that one. New
// checkouts go to the configured default (PAYMENT_PROVIDER, "payway" unless set).
import type { Config } from "../../config";
import { paywayDefinition } from "../payway/provider";
import type { PaymentContentSources, PaymentProvider, PaymentProviderDefinition, PaymentSimulator } from "./types";

export type { PaymentContentSources, PaymentProvider, PaymentProviderDefinition, PaymentSimulator } from "./types";

/** Every provider this build can take payments with: adding one is one line here. */
const PROVIDERS = new Map<string, PaymentProviderDefinition>([[paywayDefinition.id, paywayDefinition]]);

/**
 * A provider defined outside this build's list, for the server's tests only (a second provider
 * beside PayWay, server/test/second-provider/): a production server never calls it.
 */
export function registerPaymentProvider(definition: PaymentProviderDefinition): void {
  PROVIDERS.set(definition.id, definition);
}

const definitionOf = (id: string) => PROVIDERS.get(id);

/** How pages and the API name the provider of an order (`orders.provider`); the id itself when unknown. */
export function paymentProviderName(id: string): string {
  return definitionOf(id)?.displayName ?? id;
}

/** How receipts name the provider of an order (its payment method: "ABA PayWay"). */
export function paymentMethodName(id: string): string {
  const definition = definitionOf(id);
  return definition?.methodName ?? definition?.displayName ?? id;
}

/** The providers one server talks to. */
export interface PaymentProviders {
  /** Who takes new checkouts: the configured default. */
  readonly checkout: PaymentProvider;
  /** Every provider this server can talk to (their notifications each have a route). */
  readonly all: readonly PaymentProvider[];
  /** The provider that took an order's payment. Throws when this server has none by that id. */
  of(order: { provider: string }): PaymentProvider;
}

/** A registry of the given providers, new checkouts going to `checkoutId`. */
export function paymentProviderSet(all: readonly PaymentProvider[], checkoutId: string): PaymentProviders {
  const byId = new Map(all.map((p) => [p.id, p]));
  const checkout = byId.get(checkoutId);
  if (!checkout) throw new Error(`PAYMENT_PROVIDER: no payment provider "${checkoutId}" is configured (known: ${[...byId.keys()].join(", ")})`);
  return {
    checkout,
    all: [...byId.values()],
    of(order) {
      const provider = byId.get(order.provider);
      if (!provider) throw new Error(`no payment provider "${order.provider}" on this server`);
      return provider;
    },
  };
}

/** Every provider the configuration sets up, the default one taking new checkouts. */
export function createPaymentProviders(config: Config): PaymentProviders {
  const all = [...PROVIDERS.values()].flatMap((d) => d.create(config) ?? []);
  return paymentProviderSet(all, config.paymentProvider);
}

/** The origins the pages' Content-Security-Policy must allow for the providers' checkouts. */
export function paymentContentSources(config: Config): PaymentContentSources {
  const sources = [...PROVIDERS.values()].flatMap((d) => d.contentSources?.(config) ?? []);
  return { checkout: [...new Set(sources.flatMap((s) => s.checkout))], assets: [...new Set(sources.flatMap((s) => s.assets))] };
}

/** The providers' simulators the shop serves itself (embedded mode). */
export function createPaymentSimulators(config: Config): PaymentSimulator[] {
  return [...PROVIDERS.values()].flatMap((d) => d.simulator?.(config) ?? []);
}
