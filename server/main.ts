// Entry point: config → database → migrations → app → listen → workers.
import { ConfigError, loadConfig } from "./config";
import { startServer } from "./server";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config);
  const { logger } = server;
  if (!config.databaseUrl) logger.info({ dataDir: config.dataDir }, "database: embedded PGlite (set DATABASE_URL for PostgreSQL)");
  if (config.embedded) logger.warn("e-mail: dev mailbox in use (set SMTP_URL to send real mail)");
  logger.info({ url: config.baseUrl }, `Keyshop is running on ${config.baseUrl}`);
  // Sign-in and every change from the browser work only on these addresses (a page opened on
  // another one, e.g. 127.0.0.1 or a LAN address, is refused): say so where people look first.
  logger.info(
    { trustedOrigins: config.trustedOrigins },
    `Open the shop at ${config.trustedOrigins.join(" or ")}; to use another address, set BASE_URL (or add it to TRUSTED_ORIGINS)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await server.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
