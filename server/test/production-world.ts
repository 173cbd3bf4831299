// production.test.ts's world: the shop as a production process in the network jail, on a fresh
// PostgreSQL database, mail to a local SMTP receiver, a stand-in public webhook receiver and two
// loopback traps; a second process on development settings that must refuse to start; and the
// first admin made the way docs/deploy.md says, with a second factor.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, expect } from "vitest";
import { DEV_AUTH_SECRET } from "../config";
import type { Database } from "../db/client";
import { secretFromUri, totpCode } from "../lib/totp";
import { createTestDatabase } from "./db";
import { JAIL_ENV, type JailSettings } from "./network-jail";
import { restartablePort } from "./ports";
import { startCollectingPeer } from "./smtp-peer";
import { CookieJar, ProductionServer, run, sleep, startTrap, waitFor } from "./server-process";

export const SHOP = "https://shop.test";
export const PASSWORD = "correct horse battery 9";
export const ADMIN = "owner@shop.test";
/** The stand-in public address: resolvable names lead here, the jail sends its connects to our TLS server. */
export const PUBLIC_ADDRESS = "93.184.216.34";

export let database: Database;
export let smtp: Awaited<ReturnType<typeof startCollectingPeer>>;
export let server: ProductionServer;
export let work: string;
export let hostsFile: string;
export let trap4: Awaited<ReturnType<typeof startTrap>>;
export let trap6: Awaited<ReturnType<typeof startTrap>>;
export let publicSite: HttpsServer;
export let publicPort: number;
export const publicRequests: Array<{ path: string; headers: Record<string, unknown> }> = [];
export let baseEnv: Record<string, string>;
export const admin = new CookieJar();
export let signInSetCookies: string[] = [];
export let verifyLink: URL;
/** Secrets the server handled: none may appear in its log. */
export const secrets = new Set<string>();
export let refusedStart: { code: number | null; output: string; port: number };

/** The DNS the server child sees (names under shop.test only). */
export const setDns = (table: Record<string, string[]>) => writeFileSync(hostsFile, JSON.stringify(table));
export let dns: Record<string, string[]> = {};
export const answerDns = (name: string, addresses: string[]) => setDns((dns = { ...dns, [name]: addresses }));

export const api = async (method: string, pathname: string, body?: unknown, jar?: CookieJar) => {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    redirect: "manual",
    headers: {
      origin: SHOP,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar?.take(res);
  return res;
};
export const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

/** The first link in the first e-mail to `to` since `after` messages (waits for it to arrive). */
export const mailedLink = async (to: string, after: number) => {
  const raw = await waitFor(`an e-mail to ${to}`, 15_000, () => smtp.received.slice(after).find((m) => new RegExp(`^To: .*${to}`, "mi").test(m)));
  const mail = await PostalMime.parse(raw);
  const link = /(https?:\/\/[^\s"<>]+)/.exec(mail.text ?? "")?.[1];
  if (!link) throw new Error(`no link in the e-mail to ${to}:\n${mail.text}`);
  return new URL(link);
};

/** The shop in production mode, the refusing process, the first admin: made before the first test, closed after the last. */
export function useProductionWorld() {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "keyshop-production-"));
    hostsFile = path.join(work, "hosts.json");
    setDns({});
    // A web build stand-in: the pages' headers are the server's, not the build's.
    const staticDir = path.join(work, "client");
    mkdirSync(staticDir);
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>Keyshop</title><p>home</p>");
    writeFileSync(path.join(staticDir, "__spa-fallback.html"), "<!doctype html><title>Keyshop</title><div id=app></div>");
    // The stand-in public server's certificate, trusted by the server child only.
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
      "-subj", "/CN=hooks.shop.test", "-addext", "subjectAltName=DNS:hooks.shop.test,DNS:redirect.shop.test",
      "-keyout", path.join(work, "key.pem"), "-out", path.join(work, "cert.pem"),
    ], { stdio: "ignore" });

    [database, smtp, trap4, trap6] = await Promise.all([createTestDatabase({ migrate: false }), startCollectingPeer(), startTrap("127.0.0.1"), startTrap("::1")]);
    // The "public" webhook receiver: /hook answers 204; /redirect sends the delivery to loopback.
    publicSite = createHttpsServer({ key: readFileSync(path.join(work, "key.pem")), cert: readFileSync(path.join(work, "cert.pem")) }, (req, res) => {
      req.resume();
      req.on("end", () => {
        publicRequests.push({ path: req.url ?? "", headers: req.headers });
        if (req.url === "/redirect") {
          res.writeHead(307, { location: `https://127.0.0.1:${trap4.port}/followed` });
          res.end();
        } else {
          res.writeHead(204);
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => publicSite.listen(0, "127.0.0.1", resolve));
    publicPort = (publicSite.address() as AddressInfo).port;

    const jail: JailSettings = { hostsFile, nat: { [PUBLIC_ADDRESS]: publicPort } };
    baseEnv = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      BASE_URL: SHOP,
      DATABASE_URL: database.databaseUrl!,
      AUTH_SECRET: randomBytes(36).toString("base64url"),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Keyshop <no-reply@shop.test>",
      // Never contacted here (no checkout is made); a loopback address all the same.
      PAYWAY_BASE_URL: "https://127.0.0.1:9",
      PAYWAY_MERCHANT_ID: "ec000production",
      PAYWAY_API_KEY: "production-suite-payway-key",
      STATIC_DIR: staticDir,
      NODE_EXTRA_CA_CERTS: path.join(work, "cert.pem"),
      [JAIL_ENV]: JSON.stringify(jail),
    };

    // Two processes at once: the shop, and one started on development settings (it must refuse).
    server = new ProductionServer(await restartablePort(), baseEnv);
    let refusingPort = await restartablePort();
    while (refusingPort === server.port) refusingPort = await restartablePort();
    const refusing = new ProductionServer(refusingPort, {
      ...baseEnv,
      AUTH_SECRET: DEV_AUTH_SECRET,
      SMTP_URL: "",
      DEV_TEST_API_TOKEN: "let-me-in",
    });
    refusing.spawn();
    await server.start();
    const code = await Promise.race([refusing.exited, sleep(30_000).then(() => "still running" as const)]);
    if (code === "still running") await refusing.stop();
    refusedStart = { code: code === "still running" ? -1 : code, output: refusing.tail(), port: refusing.port };

    // The first admin, the way docs/deploy.md says: sign up, confirm the e-mail, `npm run user:role`.
    const mailsBefore = smtp.received.length;
    const signUp = await api("POST", "/api/auth/sign-up/email", { email: ADMIN, password: PASSWORD, name: "Owner" });
    expect(signUp.status).toBe(200);
    verifyLink = await mailedLink(ADMIN, mailsBefore);
    expect(verifyLink.pathname).toBe("/api/auth/verify-email");
    const confirmed = await fetch(`${server.url}${verifyLink.pathname}${verifyLink.search}`, { redirect: "manual" });
    expect(confirmed.status).toBe(302);
    const signIn = await api("POST", "/api/auth/sign-in/email", { email: ADMIN, password: PASSWORD }, admin);
    expect(signIn.status).toBe(200);
    signInSetCookies = signIn.headers.getSetCookie();
    const role = await run(process.execPath, ["--import", "tsx", "server/cli/user-role.ts", ADMIN, "admin", "--super"], baseEnv);
    expect(role, role.output).toMatchObject({ code: 0 });
    expect(role.output).toContain(`${ADMIN} is now admin (super-admin).`);
    // The console needs a second factor: an authenticator enrolled through the API.
    const enabled = await api("POST", "/api/auth/two-factor/enable", { password: PASSWORD }, admin);
    expect(enabled.status).toBe(200);
    const enrolment = await json<{ totpURI: string; backupCodes: string[] }>(enabled);
    const secret = secretFromUri(enrolment.totpURI);
    for (const code of enrolment.backupCodes) secrets.add(code);
    secrets.add(secret);
    const verified = await api("POST", "/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, admin);
    expect(verified.status).toBe(200);
    expect((await api("GET", "/api/admin/webhooks", undefined, admin)).status).toBe(200);
    secrets.add(baseEnv.AUTH_SECRET!);
    secrets.add(baseEnv.PAYWAY_API_KEY!);
    secrets.add(PASSWORD);
    secrets.add(verifyLink.searchParams.get("token")!);
    secrets.add(decodeURIComponent(admin.cookies.get("__Secure-keyshop.session_token")!).split(".")[0]!);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    for (const s of [trap4?.server, trap6?.server, publicSite]) if (s) await new Promise((resolve) => s.close(resolve));
    await database?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
}
