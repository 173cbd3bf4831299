// Assembles a running server: database, migrations, auth, mail, workers, HTTP. Tests start it too.
import { getRequestListener } from "@hono/node-server";
import { createServer, type Server } from "node:http";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import type { Config } from "./config";
import { migrateDatabase, openDatabase, type Database } from "./db/client";
import { AccountEventHub } from "./features/events/hub";
import { LicenseCache } from "./features/licenses/cache";
import { PlanListCache } from "./features/plans/list-cache";
import { SessionRevocations, sessionHoldMs } from "./auth/session-revocations";
import { LicenseSignals } from "./features/licenses/signals";
import { SigningThread } from "./lib/signing-thread";
import { Signer } from "./features/licenses/signing";
import { syncPlanCatalogue } from "./features/plans/service";
import { createWiredOrdersDeps } from "./reactions";
import { createPaymentSimulators } from "./providers/payments";
import { SharedRateLimiter } from "./lib/rate-limit";
import { createOtpMailDeps } from "./features/otp-mail/deps";
import { recordMailArrival } from "./features/otp-mail/service";
import { createLogger, type Logger } from "./lib/logger";
import { createTransport } from "./providers/email/transport";
import { startOutboxWorker } from "./providers/email/worker";
import { startSmtpReceiver } from "./providers/email/smtp-receiver";
import { syncNotificationSettings } from "./features/notifications/settings";
import { startDeliveryWorker } from "./features/notifications/worker";
import { startJobs } from "./features/schedule/jobs";
import { BackupLeader } from "./features/backups/scheduled";
import { createOwnerAlerts } from "./features/health/alerts";

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  /** Requests answered by the node fast path so far (server/lib/node-fast-path.ts). */
  fastPathServed(): number;
  close(): Promise<void>;
}

export async function startServer(config: Config, opts: { database?: Database; logger?: Logger } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const database = opts.database ?? (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => logger.warn({ err }, "idle database connection lost"),
    }));
  if (!opts.database) await migrateDatabase(database);
  const { db } = database;
  await syncPlanCatalogue({ db });
  const { notifications } = config;
  await syncNotificationSettings(db, notifications);
  const closers: Array<() => Promise<void>> = [];

  const otpMail = createOtpMailDeps(config, db, logger);
  closers.push(() => otpMail.accountEvents.close());
  let smtpPort = config.devSmtpPort;
  if (config.embedded) {
    // One receiver is both the dev mailbox and the local OTP inbox: mail to an OTP address
    // updates its order at once.
    const otpDomain = `@${config.otpMail.domain}`;
    const receiver = await startSmtpReceiver({
      db,
      port: config.devSmtpPort,
      logger,
      onStored: (messages) => {
        for (const m of messages) {
          if (!m.toAddress.endsWith(otpDomain)) continue;
          recordMailArrival(otpMail, m.toAddress).catch((err) => logger.warn({ err }, "OTP mail arrival not recorded"));
        }
      },
    });
    smtpPort = receiver.port;
    closers.push(receiver.close);
    logger.info({ port: smtpPort }, "dev mailbox: receiving mail over SMTP; read it at /dev/mailbox");
  } else if (config.otpMail.inbound && config.otpMail.supplier.kind === "local") {
    // Production with our own inbox: mail for the OTP domain only (the domain's MX points here);
    // anything else is refused at RCPT TO, so this is never a relay or a general mailbox.
    const otpDomain = `@${config.otpMail.domain}`;
    const receiver = await startSmtpReceiver({
      db,
      port: config.otpMail.inbound.port,
      host: config.otpMail.inbound.host,
      logger,
      maxBytes: 2 * 1024 * 1024,
      acceptRecipient: (address) => address.endsWith(otpDomain),
      onStored: (messages) => {
        for (const m of messages) recordMailArrival(otpMail, m.toAddress).catch((err) => logger.warn({ err }, "OTP mail arrival not recorded"));
      },
    });
    closers.push(receiver.close);
    logger.info({ port: receiver.port, domain: config.otpMail.domain }, "OTP inbox: receiving mail for the OTP domain over SMTP");
  }

  const transport = createTransport({ ...config, devSmtpPort: smtpPort });
  // Closed after the worker (closers run in reverse): pooled SMTP connections end politely.
  closers.push(async () => transport.close());
  const worker = config.workers ? startOutboxWorker({ db, transport, logger }) : undefined;
  if (worker) closers.push(worker.stop);

  // Seller notifications and webhooks (decision 027): the deliveries outbox and the watchdog.
  const telegram = notifications.telegram;
  if (telegram.mode === "bot") logger.info({ chats: telegram.chatIds.length, events: telegram.events }, "Telegram: notifying the seller's chat");
  else if (telegram.mode === "simulator") logger.info({ events: telegram.events }, "Telegram: built-in simulator; read it at /dev/telegram (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID for a real bot)");
  else logger.info("Telegram: off (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID to notify the seller)");
  const deliveries = config.workers
    ? startDeliveryWorker({ db, logger, secret: config.authSecret, telegram, baseUrl: config.baseUrl, policy: notifications.webhooks })
    : undefined;
  if (deliveries) closers.push(deliveries.stop);

  const auth = createAuth({ config, db, logger, onEmailQueued: () => worker?.kick() });
  // The licence answers' signatures, off the event loop (decision 083).
  const signingThread = SigningThread.start({ threaded: config.licences.signingThread, onError: (err) => logger.error({ err }, "signing thread failed: signing on the event loop") });
  closers.push(() => signingThread.close());
  const signer = await Signer.load({ db, secret: config.authSecret, thread: signingThread });
  await signer.start(database.listen);
  closers.push(() => signer.stop());
  const limiter = new SharedRateLimiter(db, 1000, (err) => logger.warn({ err }, "rate-limit flush failed"));
  closers.push(() => limiter.stop());
  const licenseCache = new LicenseCache(100_000, (what, details) => logger.warn(details, what));
  await licenseCache.start(database);
  closers.push(() => licenseCache.stop());
  const planList = new PlanListCache();
  await planList.start(database.listen);
  closers.push(() => planList.stop());
  const sessionRevocations = new SessionRevocations(sessionHoldMs(config.sessionCacheSeconds));
  await sessionRevocations.start(database.listen);
  closers.push(() => sessionRevocations.stop());
  const licenseSignals = new LicenseSignals(db, 5000, (err) => logger.warn({ err }, "licence signals not written"));
  closers.push(() => licenseSignals.stop());
  const events = new AccountEventHub();
  await events.start(database.listen);
  closers.push(() => events.stop());
  // Payments: the provider (or its simulator, mounted by the app in embedded mode) and the
  // reconciler for orders whose callback never came.
  const orders = createWiredOrdersDeps({ config, db, logger, onEmailQueued: () => worker?.kick() });
  // The periodic jobs (features/schedule/jobs.ts): reconciling orders and refunds, expiring OTP
  // orders, flagging suspicious licences, reminders and abandoned checkouts, the watchdog.
  if (config.workers) {
    // Scheduled backups (BACKUP_EVERY, decision 062): the leader's lock is let go after the job stops.
    const backupEvery = config.backups.everyMs;
    const leader = backupEvery ? new BackupLeader(database) : undefined;
    if (leader) closers.push(() => leader.stop());
    const backups = leader && backupEvery ? { database, dir: config.backups.dir, everyMs: backupEvery, keep: config.backups.keep, logger, leader } : undefined;
    if (backups) logger.info({ dir: backups.dir, everyMs: backups.everyMs, keep: backups.keep }, "backups: scheduled");
    // The owner's alerts (decision 064): incidents told once by Telegram and e-mail, resolved once.
    const ownerAlerts = createOwnerAlerts({ db, alerts: config.alerts, backups: config.backups, baseUrl: config.baseUrl, shopTimeZone: config.shopTimeZone, logger, onEmailQueued: orders.onEmailQueued });
    for (const job of startJobs({ orders, otpMail, suspicion: config.licences.suspicious, onEmailQueued: orders.onEmailQueued, backups, ownerAlerts }, logger)) closers.push(job.stop);
  }
  const paymentSimulators = createPaymentSimulators(config);
  for (const simulator of paymentSimulators) logger.info({ url: simulator.url }, simulator.description);
  const lifecycle = { draining: false };
  const app = createApp({ config, db, auth, logger, signer, limiter, otpMail, licenseCache, planList, licenseSignals, events, orders, paymentSimulators, lifecycle, deliveries, sessionRevocations });

  // Requests in flight are counted so shutdown waits for them before closing the database
  // (a client that disconnects early does not end its request's work), and until their response
  // has been written (the handler's promise resolves before the body reaches the socket).
  let inflight = 0;
  let onDrained: (() => void) | undefined;
  const done = () => {
    if (--inflight === 0) onDrained?.();
  };
  const fetch: typeof app.fetch = async (req, env, ctx) => {
    inflight++;
    const outgoing = (env as { outgoing?: { once(event: "close", listener: () => void): unknown } } | undefined)?.outgoing;
    if (outgoing) {
      inflight++;
      outgoing.once("close", done);
    }
    try {
      return await app.fetch(req, env, ctx);
    } finally {
      done();
    }
  };
  // The licence calls are answered on Node's objects in front of the app (server/lib/node-fast-path.ts);
  // everything else goes through @hono/node-server's listener.
  const appListener = getRequestListener(fetch);
  const fastPath = await app.nodeFastPath();
  const server: Server = createServer((req, res) => {
    if (!fastPath(req, res)) return void appListener(req, res);
    inflight++;
    res.once("close", done);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  return {
    url: `http://localhost:${port}`,
    port,
    database,
    logger,
    fastPathServed: () => fastPath.served.count,
    close: async () => {
      // Graceful shutdown: /readyz answers 503, no new connections, live streams told to end
      // (`event: shutdown` with a retry hint: browsers reconnect to another instance), requests in
      // flight finished, then the workers stop after their current batch (closers below).
      lifecycle.draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await events.closeStreams();
      if (inflight > 0) {
        await Promise.race([new Promise<void>((resolve) => (onDrained = resolve)), new Promise((r) => setTimeout(r, 10_000))]);
      }
      // Requests are done: drop keep-alive connections browsers still hold open.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
      for (const close of closers.reverse()) await close().catch((err) => logger.warn({ err }, "close failed"));
      if (!opts.database) await database.close();
    },
  };
}
