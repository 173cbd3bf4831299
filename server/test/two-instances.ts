// Two instances of the real server on one fresh PostgreSQL database, each with its own pool and
// listeners, as production runs them (multi-instance.test.ts, the licence cache's test).
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { startServer, type RunningServer } from "../server";
import { createTestDatabase } from "./db";
import { startCollectingPeer } from "./smtp-peer";

export interface TwoInstances {
  database: Database;
  a: RunningServer;
  b: RunningServer;
  smtp: Awaited<ReturnType<typeof startCollectingPeer>>;
  close(): Promise<void>;
}

/** `shop`: the address browsers come from (origin checks); `token`: the test API's. */
export async function startTwoInstances(shop: string, token: string): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const smtp = await startCollectingPeer();
  const env = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    HOST: "127.0.0.1",
    BASE_URL: shop,
    DATABASE_URL: database.databaseUrl!,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TRUST_PROXY: "on",
    DEV_TEST_API_TOKEN: token,
    PAYWAY_BASE_URL: "http://127.0.0.1:9/payway",
    PAYWAY_MERCHANT_ID: "m",
    PAYWAY_API_KEY: "k",
  };
  // Each starts as it would in production: its own pool, migrations under the advisory lock.
  const [a, b] = await Promise.all([startServer(loadConfig(env)), startServer(loadConfig(env))]);
  return {
    database,
    a,
    b,
    smtp,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await smtp.close();
      await database.close();
    },
  };
}
