// What the orders feature needs: the database, the payment provider, and where the shop lives.
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { createPaymentProvider, type PaymentProvider } from "../../providers/payments";

export interface OrdersDeps {
  db: Db;
  /** Who takes the payments (chosen from the configuration: server/providers/payments). */
  provider: PaymentProvider;
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
}

export function createOrdersDeps({ config, db, logger, onEmailQueued, provider }: { config: Config; db: Db; logger: Logger; onEmailQueued?: () => void; provider?: PaymentProvider }): OrdersDeps {
  return {
    db,
    provider: provider ?? createPaymentProvider(config),
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    logger,
    refundWindowDays: config.refundWindowDays,
    shopTimeZone: config.shopTimeZone,
    onEmailQueued,
  };
}
