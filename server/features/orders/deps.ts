// What the orders feature needs: the database, the PayWay client and its settings.
import type { Config, PaywayConfig } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { createPaywayClient, type PaywayClient } from "../../providers/payway/client";

export interface OrdersDeps {
  db: Db;
  payway: PaywayClient;
  settings: PaywayConfig;
  /** Public address of this site: return URLs and e-mail links. */
  baseUrl: string;
  /** AUTH_SECRET: API keys are stored encrypted with it. */
  secret: string;
  logger: Logger;
  /** Called after a commit that queued an e-mail (wakes the outbox worker). */
  onEmailQueued?: () => void;
}

export function createOrdersDeps({ config, db, logger, onEmailQueued }: { config: Config; db: Db; logger: Logger; onEmailQueued?: () => void }): OrdersDeps {
  const { baseUrl: paywayBase, merchantId, apiKey } = config.payway;
  return {
    db,
    payway: createPaywayClient({ baseUrl: paywayBase, merchantId, apiKey }),
    settings: config.payway,
    baseUrl: config.baseUrl,
    secret: config.authSecret,
    logger,
    onEmailQueued,
  };
}
