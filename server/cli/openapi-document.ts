// npm run openapi:document [-- <file>]   writes the OpenAPI document the app serves at
// /api/openapi.json (default: build/openapi.json), for the linters of `npm run lint:openapi`.
// The app is built as the server builds it, over an in-memory database, and asked for the
// document in process: no server is started, no port opened, nothing written but the file.
// The document's server is BASE_URL when set, as on a running shop; otherwise the shop's public
// address from site.config.json (the document as the deployed shop serves it).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SITE } from "../../contracts/site";
import { createApp } from "../app";
import { createAuth } from "../auth/auth";
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { createOtpMailDeps } from "../features/otp-mail/deps";
import { AccountEventHub } from "../features/events/hub";
import { LicenceCache } from "../features/licenses/cache";
import { Signer } from "../features/licenses/signing";
import { createLogger } from "../lib/logger";
import { SharedRateLimiter } from "../lib/rate-limit";

async function main() {
  const out = path.resolve(process.argv[2] ?? "build/openapi.json");
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", WORKERS: "off", BASE_URL: process.env.BASE_URL || SITE.siteUrl });
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
      licenceCache: new LicenceCache(),
      events: new AccountEventHub(),
    });
    const res = await app.request(`${config.baseUrl}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
    const doc = (await res.json()) as { paths?: Record<string, Record<string, unknown>> };
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
    const operations = Object.values(doc.paths ?? {}).reduce((n, ops) => n + Object.keys(ops).length, 0);
    console.log(`${path.relative(process.cwd(), out)}: ${operations} operations`);
    await limiter.stop();
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
