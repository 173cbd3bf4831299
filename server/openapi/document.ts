// The OpenAPI document the app serves at /api/openapi.json, made without a server: the app is
// built as the server builds it, over an in-memory database, and asked for the document in
// process. Used by `npm run lint:openapi` (the linters) and `npm run api:types` (the web's typed
// client), and by the test that keeps the web's types in step with the server.
import { SITE } from "../../contracts/site";
import { createApp } from "../app";
import { createAuth } from "../auth/auth";
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { createOtpMailDeps } from "../features/otp-mail/deps";
import { AccountEventHub } from "../features/events/hub";
import { LicenseCache } from "../features/licenses/cache";
import { Signer } from "../features/licenses/signing";
import { createLogger } from "../lib/logger";
import { SharedRateLimiter } from "../lib/rate-limit";

export type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** The document's server is `baseUrl` (default: the shop's public address from site.config.json). */
export async function buildOpenApiDocument(baseUrl: string = SITE.siteUrl): Promise<OpenApiDocument> {
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", WORKERS: "off", BASE_URL: baseUrl });
  const logger = createLogger("silent");
  const database = await openDatabase({ memory: true });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const limiter = new SharedRateLimiter(db, 60_000);
    const signer = await Signer.load({ db, secret: config.authSecret });
    const app = createApp({
      config,
      db,
      auth: createAuth({ config, db, logger }),
      logger,
      signer,
      limiter,
      otpMail: createOtpMailDeps(config, db),
      licenseCache: new LicenseCache(),
      events: new AccountEventHub(),
    });
    const res = await app.request(`${config.baseUrl}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
    const doc = (await res.json()) as OpenApiDocument;
    await limiter.stop();
    return doc;
  } finally {
    await database.close();
  }
}
