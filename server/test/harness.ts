// In-process test harness: the real app over a fresh database, and a cookie-keeping client.
import { eq } from "drizzle-orm";
import { createApp, type App } from "../app";
import { createAuth } from "../auth/auth";
import { loadConfig, type Config } from "../config";
import type { Database } from "../db/client";
import { emailOutbox, user } from "../db/schema";
import { createLogger } from "../lib/logger";
import { SharedRateLimiter } from "../lib/rate-limit";
import { createOtpMailDeps } from "../features/otp-mail/deps";
import { createWiredOrdersDeps } from "../reactions";
import { createPaymentProviders, type PaymentProvider } from "../providers/payments";
import { changeProvider } from "./payment-providers";
import { LicenseSignals } from "../features/licenses/signals";
import { Signer } from "../features/licenses/signing";
import { syncPlanCatalogue } from "../features/plans/service";
import { AccountEventHub } from "../features/events/hub";
import { PlanListCache } from "../features/plans/list-cache";
import { LicenseCache } from "../features/licenses/cache";
import { SessionRevocations, sessionHoldMs } from "../auth/session-revocations";
import { createTestDatabase } from "./db";
import { nextTotpCode, secretFromUri } from "../lib/totp";

let ipCounter = 1;

export class TestClient {
  private cookies = new Map<string, string>();
  /** Each client calls from an address of its own, unless given one (several behind one NAT). */
  readonly ip: string;

  constructor(
    private readonly app: App,
    private readonly baseUrl: string,
    ip?: string,
  ) {
    this.ip = ip ?? `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  }

  async request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.json !== undefined) headers.set("content-type", "application/json");
    const res = await this.app.request(new URL(path, this.baseUrl).toString(), {
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: init.signal,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  async json<T = Record<string, unknown>>(path: string, init: Parameters<TestClient["request"]>[1] = {}) {
    const res = await this.request(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** The same browser (cookies shared, same address) calling another app: e.g. one over a restored database. */
  onApp(app: App, baseUrl = this.baseUrl): TestClient {
    const other = new TestClient(app, baseUrl, this.ip);
    other.cookies = this.cookies;
    return other;
  }

  /** The same browser (cookies shared) calling from another address. */
  withIp(ip: string): TestClient {
    const other = new TestClient(this.app, this.baseUrl, ip);
    other.cookies = this.cookies;
    return other;
  }

  hasSession() {
    return [...this.cookies.keys()].some((k) => k.includes("session_token"));
  }

  /** A cookie's value as the browser would now send it (undefined when unset or cleared). */
  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** A cookie the page's own script sets (the language switch's ks_lang). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
    return this;
  }
}

export interface SignedInUser {
  client: TestClient;
  email: string;
  id: string;
  /** With two-factor authentication: the authenticator's secret (base32) and the backup codes. */
  totpSecret?: string;
  backupCodes?: string[];
}

export interface TestContext {
  app: App;
  otpMail: ReturnType<typeof createOtpMailDeps>;
  signer: Signer;
  licenseSignals: LicenseSignals;
  database: Database;
  config: Config;
  client(opts?: { ip?: string }): TestClient;
  /** The newest e-mail queued for an address, with the first link in it. */
  lastEmail(to: string, template?: string): Promise<{ subject: string; text: string; html: string; link?: string }>;
  /**
   * A verified, signed-in user with the given role. Admins (or `twoFactor: true`) enrol an
   * authenticator and their session passed it; `twoFactor: false` leaves an admin without one.
   */
  signedInUser(opts?: { role?: "user" | "admin"; superAdmin?: boolean; email?: string; twoFactor?: boolean }): Promise<SignedInUser>;
  /** What whoever reads an account's mailbox gets: a session from a magic link (no second factor passed). */
  magicLinkSession(email: string): Promise<TestClient>;
  /** Enrols an authenticator for the signed-in client (the password is the harness's), as a person would. */
  enrolTwoFactor(client: TestClient): Promise<{ totpSecret: string; backupCodes: string[] }>;
  close(): Promise<void>;
}

let userCounter = 0;
export const PASSWORD = "correct horse battery 9";

/**
 * `paymentProvider`: wraps the configured one (e.g. refunds made without PayWay, for access and fuzz tests).
 * `database`: an already open one (e.g. a restored backup) instead of a fresh one; closed with the context.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { paymentProvider?: (real: PaymentProvider) => PaymentProvider; database?: Database } = {},
): Promise<TestContext> {
  const database = opts.database ?? (await createTestDatabase());
  await syncPlanCatalogue({ db: database.db });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WORKERS: "off", TRUST_PROXY: "on", ...env });
  const logger = createLogger("silent");
  const auth = createAuth({ config, db: database.db, logger });
  const signer = await Signer.load({ db: database.db, secret: config.authSecret });
  await signer.start(database.listen);
  // Written when a test flushes (no timer surprises mid-test).
  const licenseSignals = new LicenseSignals(database.db, 3_600_000);
  const limiter = new SharedRateLimiter(database.db, 60_000);
  const otpMail = createOtpMailDeps(config, database.db);
  const licenseCache = new LicenseCache();
  await licenseCache.start(database);
  const planList = new PlanListCache();
  await planList.start(database.listen);
  const events = new AccountEventHub();
  await events.start(database.listen);
  const sessionRevocations = new SessionRevocations(sessionHoldMs(config.sessionCacheSeconds));
  await sessionRevocations.start(database.listen);
  const orders = opts.paymentProvider ? createWiredOrdersDeps({ config, db: database.db, logger, providers: changeProvider(createPaymentProviders(config), opts.paymentProvider) }) : undefined;
  const app = createApp({ config, db: database.db, auth, logger, signer, limiter, otpMail, licenseCache, planList, licenseSignals, events, orders, sessionRevocations });
  const ctx: TestContext = {
    app,
    otpMail,
    signer,
    licenseSignals,
    database,
    config,
    client: (opts) => new TestClient(app, config.baseUrl, opts?.ip),
    async lastEmail(to, template) {
      const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
      const matching = rows
        .filter((r) => !template || r.template === template)
        .sort((a, b) => +b.createdAt - +a.createdAt);
      const row = matching[0];
      if (!row) throw new Error(`no e-mail to ${to}${template ? ` (${template})` : ""}`);
      const link = /(https?:\/\/[^\s"<>]+)/.exec(row.text)?.[1];
      return { subject: row.subject, text: row.text, html: row.html, link };
    },
    async signedInUser(opts = {}) {
      const email = opts.email ?? `user${++userCounter}-${Date.now()}@example.com`;
      const client = ctx.client();
      const res = await client.json("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "" } });
      if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
      const [created] = await database.db
        .update(user)
        .set({ emailVerified: true, role: opts.role ?? "user", superAdmin: opts.superAdmin ?? false })
        .where(eq(user.email, email))
        .returning();
      const signIn = await client.json("/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
      // Admins enrol an authenticator, as the admin console requires (decision 018), through the
      // same endpoints a person uses: the session that verified the first code has passed it.
      if (!(opts.twoFactor ?? opts.role === "admin")) return { client, email, id: created!.id };
      return { client, email, id: created!.id, ...(await ctx.enrolTwoFactor(client)) };
    },
    async magicLinkSession(email) {
      const client = ctx.client();
      await client.request("/api/auth/sign-in/magic-link", { json: { email, callbackURL: "/dashboard" } });
      const link = (await ctx.lastEmail(email, "magic-link")).link!;
      const res = await client.request(link);
      if (res.status !== 302 || !client.hasSession()) throw new Error(`magic link sign-in failed: ${res.status}`);
      return client;
    },
    async enrolTwoFactor(client) {
      const enabled = await client.json<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", { json: { password: PASSWORD } });
      if (enabled.status !== 200) throw new Error(`two-factor enable failed: ${JSON.stringify(enabled.body)}`);
      const totpSecret = secretFromUri(enabled.body.totpURI);
      const verified = await client.json("/api/auth/two-factor/verify-totp", { json: { code: await nextTotpCode(totpSecret) } });
      if (verified.status !== 200) throw new Error(`two-factor verify failed: ${JSON.stringify(verified.body)}`);
      return { totpSecret, backupCodes: enabled.body.backupCodes };
    },
    close: async () => {
      await limiter.stop();
      await licenseSignals.stop();
      await signer.stop();
      await licenseCache.stop();
      await planList.stop();
      await events.stop();
      await sessionRevocations.stop();
      await otpMail.accountEvents.close();
      await database.close();
    },
  };
  return ctx;
}
