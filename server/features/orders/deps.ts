// What the orders feature needs: the database, the payment provider, and where the shop lives.
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { createPaymentProviders, type PaymentProviders } from "../../providers/payments";
import type { OrderRow } from "./dto";
import type { OrderEventBus } from "./events";

export interface OrdersDeps {
  db: Db;
  /**
   * Who takes the payments (server/providers/payments): new checkouts go to `providers.checkout`,
   * everything about an existing order to `providers.of(order)`, the provider that took it.
   */
  providers: PaymentProviders;
  /** Public address of this site: return URLs and e-mail links. */
  baseUrl: string;
  /** AUTH_SECRET: API keys are stored encrypted with it; receipt tokens are signed with it. */
  secret: string;
  logger: Logger;
  /** The money-back guarantee: days after payment a customer may ask for a refund (site.config.json refundWindowDays). */
  refundWindowDays: number;
  /** SHOP_TIME_ZONE: the dates in e-mails and receipts. */
  shopTimeZone: string;
  /** Called after a commit that queued an e-mail (wakes the outbox worker). */
  onEmailQueued?: () => void;
  /** Who reacts to the orders' events in their transaction (server/reactions.ts wires them). */
  events: OrderEventBus;
  /**
   * The provider called back about an order that is paid already: it may have been refunded at
   * the provider. The refunds feature looks (server/reactions.ts); the updated order, or null.
   */
  checkRefunds: (deps: OrdersDeps, order: OrderRow) => Promise<OrderRow | null>;
}

export interface OrdersDepsInput {
  config: Config;
  db: Db;
  logger: Logger;
  onEmailQueued?: () => void;
  providers?: PaymentProviders;
}

/** The orders feature's own dependencies, before the other features' reactions are wired in (server/reactions.ts). */
export type OrdersOwnDeps = Omit<OrdersDeps, "events" | "checkRefunds">;

export function createOrdersDeps({ config, db, logger, onEmailQueued, providers }: OrdersDepsInput): OrdersOwnDeps {
  return {
    db,
    providers: providers ?? createPaymentProviders(config),
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    logger,
    refundWindowDays: config.refundWindowDays,
    shopTimeZone: config.shopTimeZone,
    onEmailQueued,
  };
}
