// Builds the Hono app. main.ts and the tests both use it, so tests exercise the real stack.
import { OpenAPIHono } from "@hono/zod-openapi";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { CLIENT_IP_HEADER, type Auth } from "./auth/auth";
import { CodeAlreadyUsed, createSecondFactorGate } from "./auth/second-factor";
import { SessionRevocations } from "./auth/session-revocations";

/** Without a listener nothing cached is believed (a tool that builds the app without a database feed). */
const NEVER_TRUSTED = new SessionRevocations(0);
import { createPasskeyGate } from "./auth/passkeys";
import { sessionContext, type AppEnv } from "./auth/context";
import { createAccountLimits } from "./auth/account-limits";
import { authRequest, withErrorShape, withPagePolicy } from "./auth/edge";
import { originRefusalLogger, requireTrustedOrigin, untrustedOriginMessage } from "./auth/origin-check";
import { withSessionHint } from "./auth/session-hint";
import { GOOGLE_STAND_IN_PATH, TELEGRAM_SIMULATOR_PATH, type Config } from "./config";
import { paymentContentSources, paymentProviderName, type PaymentSimulator } from "./providers/payments";
import { createGoogleSimulator } from "./providers/google-sim/app";
import type { Db } from "./db/client";
import { countResponse } from "./features/health/signals";
import { createAdminRoutes } from "./features/admin/routes";
import { createDevMailboxRoutes } from "./features/dev-mailbox/routes";
import { createDevTelegramRoutes } from "./features/dev-telegram/routes";
import { systemResolver, type Resolver } from "./features/notifications/address-guard";
import { createWebhookRoutes } from "./features/notifications/routes";
import { createLicenseRoutes } from "./features/licenses/routes";
import type { AccountEventHub } from "./features/events/hub";
import { createEventRoutes } from "./features/events/routes";
import type { LicenseCache } from "./features/licenses/cache";
import type { LicenseSignals } from "./features/licenses/signals";
import type { Signer } from "./features/licenses/signing";
import { createLicenseTool, createLicenseToolRoutes } from "./features/licenses/tool-routes";
import { licenseToolFastRoutes } from "./features/licenses/tool-fast-path";
import { createMeRoutes } from "./features/me/routes";
import { createOtpMailRoutes, createPublicOtpRoutes } from "./features/otp-mail/routes";
import type { OtpMailDeps } from "./features/otp-mail/service";
import { createOtpCompatRoutes } from "./features/otp-mail/compat-routes";
import { createKopeechkaRoutes } from "./features/otp-mail/kopeechka-routes";
import type { OrdersDeps } from "./features/orders/deps";
import { createWiredOrdersDeps } from "./reactions";
import { createProviderRoutes } from "./features/orders/provider-routes";
import { createReceiptRoutes } from "./features/orders/receipt-routes";
import { createOrderRoutes } from "./features/orders/routes";
import { createOrderReceiptRoutes, createReceiptLinkRoutes } from "./features/receipts/routes";
import { createRefundRoutes } from "./features/refunds/routes";
import { createProfileRoutes, createPublicBalanceRoutes } from "./features/profile/routes";
import { apiKeyContext, KeyOwnerMemo } from "./auth/api-key";
import { createPlanRoutes } from "./features/plans/routes";
import { PlanListCache } from "./features/plans/list-cache";
import { createCatalogueRoutes } from "./features/catalogue/routes";
import { createDiscountRoutes } from "./features/discounts/routes";
import { createResellerRoutes } from "./features/reseller/routes";
import { createSeoRoutes } from "./features/seo/routes";
import { createMetrics } from "./features/system/metrics";
import { createSystemRoutes, type Lifecycle } from "./features/system/routes";
import { createTestApiRoutes } from "./features/test-api/routes";
import { createRenewalRoutes } from "./features/renewals/routes";
import { runJobsOnce } from "./features/schedule/jobs";
import { AppError, errorBody, httpExceptionBody, validationError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import type { SharedRateLimiter } from "./lib/rate-limit";
import { bodylessIsNull, learnSecurityHeaders, limitBody, securityHeaders } from "./lib/http-middleware";
import { createNodeFastPath } from "./lib/node-fast-path";
import { appOnly, bothDoors, BODY_LIMITS, createRequestEdge } from "./lib/request-edge";
import { limitJsonDepth } from "./lib/json-depth";
import { createStaticHandler } from "./lib/static";
import { contentSecurityPolicy } from "./lib/csp";
import { documentFields, SECURITY_SCHEMES } from "./lib/openapi";
import { SITE } from "../contracts/site";

const TOOL_API_PREFIX = "/api/v1/licenses/";

/** Every sub-app turns a zod failure into the one 422 shape. */
const VALIDATION = {
  defaultHook: (result: { success: boolean; error?: unknown }) => {
    if (!result.success) throw validationError(result.error as Parameters<typeof validationError>[0]);
  },
};

export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  logger: Logger;
  signer: Signer;
  limiter: SharedRateLimiter;
  otpMail: OtpMailDeps;
  licenseCache: LicenseCache;
  /** Each instance's price list (GET /api/plans), cleared by catalogue changes; its own when not given (tests). */
  planList?: PlanListCache;
  /** Abuse signals of the licence API (addresses, refused device keys); none in some tests. */
  licenseSignals?: LicenseSignals;
  events: AccountEventHub;
  /** Payments; built from config when not given (tests). */
  orders?: OrdersDeps;
  /** The payment providers' simulators, each mounted at its path when its real provider is not configured. */
  paymentSimulators?: ReadonlyArray<Pick<PaymentSimulator, "path" | "fetch">>;
  /** Shared with server.ts: set `draining` on shutdown and /readyz answers 503. */
  lifecycle?: Lifecycle;
  /** The deliveries worker, woken when a delivery is replayed (none in tests without workers). */
  deliveries?: { kick(): void };
  /** How webhook host names are resolved for the address checks (tests inject one). */
  resolver?: Resolver;
  /** Sessions ended anywhere (every instance hears of it); without it, cached sessions are never trusted. */
  sessionRevocations?: SessionRevocations;
}

export function createApp({ config, db, auth, logger, signer, limiter, otpMail, licenseCache, planList = new PlanListCache(), licenseSignals, events, paymentSimulators = [], lifecycle, deliveries, resolver = systemResolver, sessionRevocations, ...rest }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>(VALIDATION);
  const orders = { ...(rest.orders ?? createWiredOrdersDeps({ config, db, logger })), limiter };
  // Prometheus metrics only when METRICS_TOKEN is set: otherwise no per-request work at all.
  const metrics = config.metricsToken ? createMetrics({ db, logger, openStreams: () => events.totalConnections(), licenseChangesUnacknowledged: () => licenseCache.unacknowledged }) : undefined;

  // The request's frame (id, caller's address, metrics, log line): the same for the fast path (request-edge.ts).
  // Every answer is counted for the owner's 5xx alert (features/health/signals.ts); metrics when on.
  const edge = createRequestEdge({
    logger,
    observe: (method, route, status, seconds) => {
      countResponse(status);
      metrics?.observe(method, route, status, seconds);
    },
    trustProxy: config.trustProxy,
  });
  app.use(
    "*",
    bothDoors(async (c, next) => {
      const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
      const frame = edge.open({ requestId: c.req.header("x-request-id"), forwardedFor: c.req.header("x-forwarded-for") }, incoming?.socket?.remoteAddress);
      c.set("requestId", frame.requestId);
      c.set("clientIp", frame.clientIp);
      c.header("X-Request-Id", frame.requestId);
      await next();
      // Labelled by the route pattern that answered (`/api/licenses/:id`), never the raw path.
      edge.close(frame, { method: c.req.method, route: routePath(c) || "unmatched", path: c.req.path, status: c.res.status });
    }, "the same RequestEdge opens and closes its requests"),
  );
  // The desktop tool's licence calls are the hot path: small JSON answers, never compressed. Every
  // JSON route gets the security headers prepared up front (see http-middleware.ts); better-auth's
  // answers are its own Response objects, so /api/auth gets them after the fact.
  const isToolApi = (path: string) => path.startsWith(TOOL_API_PREFIX);
  const isJsonApi = (path: string) => path.startsWith("/api/") && !path.startsWith("/api/auth/");
  const hsts = config.baseUrl.startsWith("https://");
  app.use("*", bothDoors(securityHeaders({ prepared: isJsonApi, hsts }), "learnSecurityHeaders gives it the headers this middleware sets"));
  const compressApi = compress({ threshold: 1024 });
  app.use(
    "/api/*",
    appOnly((c, next) => {
      if (isToolApi(c.req.path)) return next();
    // Vary is known before the answer: set now, compress never adds a header to a finished
    // answer (which makes Hono rebuild it as a web Response with a stream, for every request).
      c.header("Vary", "Accept-Encoding");
      return compressApi(c, next);
    }, "the licence calls' answers are small and never compressed"),
  );
  app.use("/functions/*", limitBody(BODY_LIMITS.functions), limitJsonDepth());
  app.use(
    "/api/*",
    bothDoors(limitBody(BODY_LIMITS.api), "it takes bodies up to BODY_LIMITS.fastPath and leaves larger ones to the app"),
    bothDoors(bodylessIsNull(), "it reads the body off the socket itself and never builds a web Request"),
    bothDoors(limitJsonDepth(), "a body jsonTooDeep finds too deep is left to the app, which refuses it here"),
  );

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    if (err instanceof SyntaxError) return c.json(errorBody("BAD_REQUEST", "Malformed JSON body."), 400);
    // Hono's own refusals (the OpenAPI routes' malformed JSON 400, wrong Content-Type 415) are the client's.
    if (err instanceof HTTPException && err.status < 500) return c.json(httpExceptionBody(err), err.status);
    logger.error({ err, reqId: c.get("requestId") }, "unhandled error");
    return c.json(errorBody("INTERNAL"), 500);
  });

  // better-auth gets a client address it can rate-limit by, set here and never taken from the client.
  // Its input is checked first, per-account limits apply, and its refusals get our error shape
  // (auth/edge.ts, auth/account-limits.ts).
  const accountLimits = createAccountLimits({ db, enabled: config.authRateLimit });
  // A fresh read of the caller's session (no cookie cache), with the cookies it renews.
  const readSession = (headers: Headers) => auth.api.getSession({ headers, query: { disableCookieCache: true }, returnHeaders: true }).catch(() => null);
  const secondFactors = createSecondFactorGate({ db, readSession, baseUrl: config.baseUrl, shopTimeZone: config.shopTimeZone, onEmailQueued: orders.onEmailQueued });
  const passkeys = createPasskeyGate({ db, readSession, baseUrl: config.baseUrl, shopTimeZone: config.shopTimeZone, onEmailQueued: orders.onEmailQueued });
  const logOriginRefusal = originRefusalLogger((origin) =>
    logger.warn({ origin, baseUrl: config.baseUrl }, `refused a request from ${origin}: the shop runs at BASE_URL ${config.baseUrl}; set BASE_URL to the address people open, or add ${origin} to TRUSTED_ORIGINS`),
  );
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const clientIp = c.get("clientIp");
    const { request, endpoint, body } = await authRequest(c, { ipHeader: CLIENT_IP_HEADER, clientIp });
    await accountLimits.before(c, endpoint, body, clientIp);
    let gate;
    try {
      gate = await secondFactors.before(c, endpoint, body);
    } catch (err) {
      if (!(err instanceof CodeAlreadyUsed)) throw err;
      const refused = err.response();
      await accountLimits.after(c, endpoint, body, clientIp, refused.status);
      return refused;
    }
    const passkeyState = await passkeys.before(c, endpoint, body);
    let res = await withErrorShape(await auth.handler(request), {
      originRefused: () => {
        const origin = c.req.header("origin");
        logOriginRefusal(origin);
        return untrustedOriginMessage(origin, config.baseUrl);
      },
    });
    await accountLimits.after(c, endpoint, body, clientIp, res.status);
    await secondFactors.after(gate, res);
    res = await passkeys.after(c, passkeyState, res);
    return withPagePolicy(withSessionHint(res, config.baseUrl.startsWith("https://")));
  });

  app.route("/", createSystemRoutes({ db, lifecycle, metrics: metrics && config.metricsToken ? { metrics, token: config.metricsToken } : undefined }));
  app.route("/", createSeoRoutes(config));

  // The desktop tool's API needs no session: mounted before the session middleware so its hot
  // path never reads cookies.
  const toolApi = new OpenAPIHono<AppEnv>(VALIDATION);
  const licenseTool = createLicenseTool({ db, signer, limiter, settings: config.licences, cache: licenseCache, signals: licenseSignals });
  toolApi.route("/", createLicenseToolRoutes(licenseTool, signer));
  app.route("/api", toolApi);

  // The payment provider's callback and the return URLs: no session either (the provider and returning browsers).
  app.route("/api", createProviderRoutes(orders));
  const receipts = new OpenAPIHono<AppEnv>(VALIDATION);
  receipts.route("/", createReceiptRoutes(orders));
  receipts.route("/", createReceiptLinkRoutes(orders));
  app.route("/api", receipts);

  // The public API for API-key holders: `Authorization: Bearer <key>`.
  const publicApi = new OpenAPIHono<AppEnv>(VALIDATION);
  // A minute, 10,000 keys: a busy client's purchases skip the key's lookup (decision 081).
  const keyOwners = new KeyOwnerMemo({ ttlMs: 60_000, maxEntries: 10_000 });
  publicApi.use("/v1/balance", apiKeyContext(db));
  publicApi.use("/v1/otp/*", apiKeyContext(db, { memo: keyOwners, appliesTo: (method, path) => method === "POST" && path === "/api/v1/otp/orders" }));
  publicApi.route("/", createPublicBalanceRoutes({ db }));
  const otpLimit = { limiter, perMinute: config.publicApiRateLimit };
  publicApi.route("/", createPublicOtpRoutes({ ...otpMail, secret: config.authSecret, limit: otpLimit, events }));
  app.route("/api", publicApi);

  // The plan catalogue is public and read-only: like the tool API, mounted before the session
  // middleware, so its requests do no session work at all (decision 030).
  app.route("/api", createPlanRoutes(db, { id: orders.providers.checkout.id, name: paymentProviderName(orders.providers.checkout.id) }, planList));

  // Cookie-authenticated state changes come from the shop's own pages (better-auth checks /api/auth
  // itself; the routes mounted above carry no session).
  const sameOrigin = requireTrustedOrigin(config.trustedOrigins, logOriginRefusal);
  const api = new OpenAPIHono<AppEnv>(VALIDATION);
  api.use("*", sameOrigin);
  // One middleware (and one memo of verified session cookies) for /api and /functions.
  const sessions = sessionContext(auth, { cookieCache: config.sessionCacheSeconds > 0, cacheSeconds: config.sessionCacheSeconds, revocations: sessionRevocations ?? NEVER_TRUSTED });
  api.use("*", sessions);
  api.route("/", createMeRoutes(config));
  api.route("/", createEventRoutes({ hub: events }));
  api.route("/", createLicenseRoutes(db));
  api.route("/", createProfileRoutes({ db, secret: config.authSecret }));
  api.route("/", createOtpMailRoutes({ ...otpMail, secret: config.authSecret, limit: otpLimit, events }));
  api.route("/", createAdminRoutes({ db, secret: config.authSecret, baseUrl: config.baseUrl, shopTimeZone: config.shopTimeZone, logger, suspicion: config.licences.suspicious, licenseCache, backups: config.backups, alerts: config.alerts }));
  api.route(
    "/",
    createWebhookRoutes({
      db,
      secret: config.authSecret,
      policy: config.notifications.webhooks,
      resolver,
      telegram: config.notifications.telegram,
      baseUrl: config.baseUrl,
      onQueued: () => deliveries?.kick(),
    }),
  );
  api.route("/", createCatalogueRoutes({ db, planList }));
  api.route("/", createDiscountRoutes(orders));
  api.route("/", createOrderRoutes(orders));
  api.route("/", createResellerRoutes(orders));
  api.route("/", createRenewalRoutes(orders));
  api.route("/", createOrderReceiptRoutes(orders));
  api.route("/", createRefundRoutes(orders));
  app.route("/api", api);

  // The spec's functions (/functions/v1/…), same session and guards as /api.
  const functions = new OpenAPIHono<AppEnv>();
  functions.use("*", sameOrigin);
  functions.use("*", sessions);
  functions.route("/", createOtpCompatRoutes({ ...otpMail, secret: config.authSecret, limit: otpLimit }));
  app.route("/functions/v1", functions);
  app.all("/functions/*", (c) => c.json(errorBody("NOT_FOUND", `No function ${c.req.path}`), 404));

  // The API's description (decision 021): checked by `npm run lint:openapi` and, response by
  // response, by the contract test of the authorization matrix and the fuzzer.
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  const openApiDoc = documentFields(config.baseUrl, SITE);
  app.doc31("/api/openapi.json", openApiDoc);
  app.doc31("/api/docs", openApiDoc);

  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`), 404));
  // Kopeechka's protocol for bots that speak it (token= in the query, on these paths only).
  app.route("/compat/kopeechka", createKopeechkaRoutes({ ...otpMail, limit: otpLimit, domain: config.otpMail.domain }));
  // Bots written for other markets call /compat/…: an unknown path is a JSON 404, never the web app's HTML.
  app.all("/compat/*", (c) => c.json(errorBody("NOT_FOUND", `No compatibility route ${c.req.method} ${c.req.path}`), 404));

  if (config.embedded) app.route("/dev/mailbox", createDevMailboxRoutes({ db }));
  if (config.notifications.telegram.mode === "simulator") app.route(TELEGRAM_SIMULATOR_PATH, createDevTelegramRoutes({ db }));
  for (const simulator of paymentSimulators) app.mount(simulator.path, simulator.fetch);
  if (config.google?.standIn) {
    const { clientId, clientSecret, issuer } = config.google;
    app.route(GOOGLE_STAND_IN_PATH, createGoogleSimulator({ clientId, clientSecret, issuer, redirectUri: `${config.baseUrl}/api/auth/callback/google` }).app);
  }
  if (config.testApiToken) app.route("/dev/test-api", createTestApiRoutes({
        db,
        auth,
        token: config.testApiToken,
        secret: config.authSecret,
        runWorkers: (now) => runJobsOnce({ orders, otpMail, suspicion: config.licences.suspicious, onEmailQueued: orders.onEmailQueued }, now),
      }));

  app.get("*", createStaticHandler(config.staticDir, { contentSecurityPolicy: contentSecurityPolicy({ baseUrl: config.baseUrl, payment: paymentContentSources(config) }) }));
  app.notFound((c) => c.json(errorBody("NOT_FOUND"), 404));

  /**
   * The licence calls on Node's own objects, in front of this app (server.ts): the same rules,
   * headers, metrics and log; anything unusual is the app's (server/lib/node-fast-path.ts).
   */
  const nodeFastPath = async () =>
    createNodeFastPath({
      routes: licenseToolFastRoutes(licenseTool),
      fetch: (request, env) => app.fetch(request, env),
      edge,
      securityHeaders: await learnSecurityHeaders({ hsts }),
      logger,
    });
  return Object.assign(app, { nodeFastPath });
}

export type App = ReturnType<typeof createApp>;
