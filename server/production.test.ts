// Production mode, attacked (issue #26): the real server process started with NODE_ENV=production
// (`node --import tsx server/main.ts`, the way crash.test.ts runs it) on a fresh PostgreSQL
// database, mail to a local SMTP receiver, BASE_URL https, and checked for what only production
// does, the way a client or an attacker sees it over HTTP:
//
// - webhook endpoints refuse private, loopback and link-local targets when registered (literals,
//   names that resolve there, `localhost`), and again at every delivery: a name that resolved to a
//   public address at registration and now resolves to loopback (DNS rebinding), an endpoint
//   stored with a loopback URL, and a public endpoint that answers with a redirect to loopback
//   (never followed); the loopback listeners they point at receive no connection at all;
// - cookies are `__Secure-`, Secure, HttpOnly and SameSite=Lax; HSTS on pages and API answers,
//   `upgrade-insecure-requests` in the pages' policy;
// - no test API, no simulators (PayWay, Google, the dev mailbox, Telegram), no Google button;
// - a production process refuses to start on the development secret, the dev mailbox or a test
//   API token;
// - its log (JSON lines) carries none of the secrets it handled (passwords, tokens, codes, keys).
//
// Nothing but loopback is ever contacted. The server child runs in a network jail
// (server/test/network-jail.ts): its DNS answers come from a table this test writes (the names
// under shop.test), a connect to the one stand-in public address is sent to a loopback TLS server
// of this test, and any other connect outside loopback fails before a packet is sent (and is
// reported, which fails the test). The address guard and the webhook client under test run
// unchanged; only the network's answers are staged.
////
// The processes and the world they run in: test/server-process.ts and test/production-world.ts.
import { createConnection } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user, webhookEndpoints } from "./db/schema";
import { HSTS } from "./lib/http-middleware";
import { type JailReport } from "./test/network-jail";
import { cookieAttributes, CookieJar, sleep, waitFor } from "./test/server-process";
import { ADMIN, admin, answerDns, api, database, json, PASSWORD, PUBLIC_ADDRESS, publicPort, publicRequests, refusedStart, secrets, server, SHOP, signInSetCookies, trap4, trap6, useProductionWorld, verifyLink } from "./test/production-world";

if (!process.env.TEST_DATABASE_URL) {
  describe("production mode, attacked", () => {
    it("runs on PostgreSQL only", (ctx) => ctx.skip("production runs on PostgreSQL: set TEST_DATABASE_URL (CI's second run does)"));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("production mode, attacked", () => {
  useProductionWorld();

  it("ran in the network jail, and nothing in it tried to reach an address outside loopback", () => {
    expect(server.jail[0]).toEqual({ kind: "active" });
    expect(server.jail.filter((r) => r.kind === "refused")).toEqual([]);
  });

  it("refuses to start on the development secret, the dev mailbox and a test API token, and never listens", async () => {
    expect(refusedStart.code).toBe(1);
    expect(refusedStart.output).toContain("Invalid configuration");
    expect(refusedStart.output).toContain("AUTH_SECRET: production needs a real secret");
    expect(refusedStart.output).toContain("SMTP_URL: production cannot use the dev mailbox");
    expect(refusedStart.output).toContain("DEV_TEST_API_TOKEN: the test API must not run in production");
    expect(refusedStart.output).not.toContain("let-me-in");
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection(refusedStart.port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    expect(connected).toBe(false);
  });

  it("session cookies are __Secure-, Secure, HttpOnly and SameSite=Lax; e-mail links use the https address", () => {
    expect(signInSetCookies.length).toBeGreaterThan(0);
    const cookies = signInSetCookies.map(cookieAttributes);
    const session = cookies.find((c) => c.name === "__Secure-keyshop.session_token");
    expect(session, signInSetCookies.join("\n")).toBeDefined();
    for (const { name, attributes } of cookies) {
      expect(attributes, name).toHaveProperty("secure");
      expect(attributes.samesite?.toLowerCase(), name).toBe("lax");
      if (name.includes("keyshop.")) {
        // better-auth's cookies (the session and its cache): never readable by scripts, never over http.
        expect(name, name).toMatch(/^__Secure-keyshop\./);
        expect(attributes, name).toHaveProperty("httponly");
      } else {
        // The signed-in hint is readable on purpose (decision 016) and carries no secret.
        expect(name).toBe("ks_signed_in");
      }
    }
    expect(verifyLink.origin).toBe(SHOP);
  });

  it("the second factor's pending sign-in cookie is __Secure- too", async () => {
    const fresh = new CookieJar();
    const res = await api("POST", "/api/auth/sign-in/email", { email: ADMIN, password: PASSWORD }, fresh);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ twoFactorRedirect: true });
    const lines = res.headers.getSetCookie();
    const pending = lines.map(cookieAttributes).find((c) => c.name.endsWith("keyshop.two_factor"));
    expect(pending?.name, lines.join("\n")).toBe("__Secure-keyshop.two_factor");
    expect(pending!.attributes).toHaveProperty("secure");
    expect(pending!.attributes).toHaveProperty("httponly");
    // No session yet: the console is out of reach until the code.
    expect((await api("GET", "/api/admin/webhooks", undefined, fresh)).status).toBe(401);
  });

  it("HSTS on pages, the JSON API, better-auth's answers, the licence fast path and errors; pages upgrade insecure requests", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBe(HSTS);
    expect(page.headers.get("content-security-policy")).toMatch(/(^|;\s*)upgrade-insecure-requests(;|$)/);
    const spa = await fetch(`${server.url}/admin/webhooks`);
    expect(spa.headers.get("strict-transport-security")).toBe(HSTS);
    expect(spa.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const answers = await Promise.all([
      fetch(`${server.url}/api/config`),
      fetch(`${server.url}/api/me`),
      fetch(`${server.url}/api/auth/get-session`),
      api("POST", "/api/auth/sign-in/email", { email: "nobody@shop.test", password: "wrong password 1" }),
      // The desktop tool's call, answered on Node's own objects (server/lib/node-fast-path.ts).
      fetch(`${server.url}/api/v1/licenses/validate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ protocol: 2, buyKey: "NO-SUCH-BUY-KEY", deviceKey: "LDREEL-PRODUCTION", nonce: "production-suite-nonce-1" }),
      }),
      fetch(`${server.url}/api/no-such-route`),
      fetch(`${server.url}/assets/missing.js`),
      fetch(`${server.url}/healthz`),
    ]);
    for (const res of answers) expect(res.headers.get("strict-transport-security"), `${res.url} ${res.status}`).toBe(HSTS);
    expect(answers[4]!.status).toBe(200);
    expect(await json(answers[4]!)).toMatchObject({ code: "NOT_FOUND", valid: false });
  });

  it("the http:// origin of the shop is another site: cookie-authenticated changes from it are refused", async () => {
    const downgraded = await fetch(`${server.url}/api/admin/webhooks`, {
      method: "POST",
      headers: { origin: "http://shop.test", cookie: admin.header(), "content-type": "application/json" },
      body: JSON.stringify({ url: "https://hooks.shop.test/x", events: ["licence.created"] }),
    });
    expect(downgraded.status).toBe(403);
    expect((await json(downgraded)).code).toBe("INVALID_ORIGIN");
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: "http://shop.test", "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });

  it("no test API: /dev/test-api answers 404 to everything, a token changes nothing", async () => {
    for (const [method, route] of [["POST", "/dev/test-api/users"], ["POST", "/dev/test-api/balance"], ["GET", "/dev/test-api/ledger-check"], ["POST", "/dev/test-api/reset"]] as const) {
      const res = await fetch(`${server.url}${route}`, {
        method,
        headers: { "content-type": "application/json", "x-test-token": "let-me-in" },
        body: method === "POST" ? JSON.stringify({ email: "mallory@shop.test", password: PASSWORD, role: "admin" }) : undefined,
      });
      expect(res.status, route).toBe(404);
    }
    expect(await database.db.select({ id: user.id }).from(user).where(eq(user.email, "mallory@shop.test"))).toEqual([]);
  });

  it("no simulators: PayWay's, Google's, the dev mailbox and Telegram answer 404, and Google sign-in is not offered", async () => {
    const paths = [
      "/payway-sim/plugins/checkout2-0.js",
      "/payway-sim/checkout/anything",
      "/google-sim/o/oauth2/v2/auth?client_id=x",
      "/google-sim/oauth2/v3/certs",
      "/google-sim/.well-known/openid-configuration",
      "/dev/mailbox",
      "/dev/mailbox/messages.json",
      "/dev/telegram",
      "/dev/telegram/messages.json",
    ];
    for (const p of paths) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(404);
      const text = await res.text();
      expect(text, p).not.toMatch(/"messages"|"keys"|PayWay simulator|checkout2|oauth/i);
    }
    const telegramSend = await fetch(`${server.url}/dev/telegram/bot100000001:keyshop-dev-telegram-simulator/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: "424242", text: "hi" }),
    });
    expect(telegramSend.status).toBe(404);
    expect(await json(await fetch(`${server.url}/api/config`))).toEqual({ googleEnabled: false, timeZone: "Asia/Phnom_Penh" });
    const google = await api("POST", "/api/auth/sign-in/social", { provider: "google", callbackURL: "/dashboard" });
    expect(google.status).toBeGreaterThanOrEqual(400);
    expect(google.status).toBeLessThan(500);
    expect(await google.text()).not.toContain("google-sim");
    const hooks = await json<{ telegram: { mode: string } }>(await api("GET", "/api/admin/webhooks", undefined, admin));
    expect(hooks.telegram.mode).toBe("off");
  });

  it("webhook registration refuses http, private, loopback and link-local targets, by literal and by name", async () => {
    answerDns("internal.shop.test", ["10.1.2.3"]);
    answerDns("loopback.shop.test", ["127.0.0.1"]);
    answerDns("metadata.shop.test", ["169.254.169.254"]);
    answerDns("mixed.shop.test", [PUBLIC_ADDRESS, "192.168.1.10"]);
    answerDns("v6.shop.test", ["::1"]);
    answerDns("mapped.shop.test", ["::ffff:127.0.0.1"]);
    const refused = [
      "http://hooks.shop.test/hook",
      "https://127.0.0.1/hook",
      `https://127.0.0.1:${trap4.port}/hook`,
      "https://[::1]/hook",
      "https://10.0.0.1/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fe80::1]/hook",
      "https://[fd00::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://2130706433/hook",
      "https://0x7f.1/hook",
      "https://localhost/hook",
      "https://api.localhost/hook",
      "https://localhost./hook",
      "https://intranet/hook",
      "https://internal.shop.test/hook",
      "https://loopback.shop.test/hook",
      "https://metadata.shop.test/latest/meta-data/",
      "https://mixed.shop.test/hook",
      "https://v6.shop.test/hook",
      "https://mapped.shop.test/hook",
      "https://nowhere.shop.test/hook",
    ];
    for (const url of refused) {
      const res = await api("POST", "/api/admin/webhooks", { url, events: ["licence.created"] }, admin);
      expect(res.status, url).toBe(422);
      expect((await json(res)).code, url).toBe("WEBHOOK_URL_NOT_ALLOWED");
    }
    const list = await json<{ endpoints: unknown[] }>(await api("GET", "/api/admin/webhooks", undefined, admin));
    expect(list.endpoints).toEqual([]);

    // A public name is accepted; changing it to a loopback URL afterwards is refused the same way.
    answerDns("hooks.shop.test", [PUBLIC_ADDRESS]);
    const created = await api("POST", "/api/admin/webhooks", { url: `https://hooks.shop.test:${publicPort}/hook`, events: ["licence.created"], description: "public" }, admin);
    expect(created.status).toBe(201);
    const { endpoint, secret } = await json<{ endpoint: { id: string }; secret: string }>(created);
    secrets.add(secret);
    for (const url of [`https://127.0.0.1:${trap4.port}/hook`, `https://loopback.shop.test:${trap4.port}/hook`, `http://hooks.shop.test:${publicPort}/hook`]) {
      const res = await api("PATCH", `/api/admin/webhooks/${endpoint.id}`, { url }, admin);
      expect(res.status, url).toBe(422);
      expect((await json(res)).code, url).toBe("WEBHOOK_URL_NOT_ALLOWED");
    }
    const [row] = await database.db.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.url).toBe(`https://hooks.shop.test:${publicPort}/hook`);
    expect(trap4.connections + trap6.connections).toBe(0);
  });

  it("at delivery: a name rebound to loopback, stored loopback URLs and a redirect to loopback reach nothing; the public endpoint gets its delivery", async () => {
    const create = async (url: string, description: string) => {
      const res = await api("POST", "/api/admin/webhooks", { url, events: ["licence.created"], description }, admin);
      expect(res.status, `${url}: ${await res.clone().text()}`).toBe(201);
      const { endpoint, secret } = await json<{ endpoint: { id: string }; secret: string }>(res);
      secrets.add(secret);
      return endpoint.id;
    };
    // Registered while their names answered with a public address (the check passes)…
    for (const name of ["rebind4", "rebind6", "rebind-mixed", "rebind-metadata", "redirect", "stored4", "stored6", "stored-http"]) answerDns(`${name}.shop.test`, [PUBLIC_ADDRESS]);
    const ids = {
      rebind4: await create(`https://rebind4.shop.test:${trap4.port}/hook`, "rebinds to 127.0.0.1"),
      rebind6: await create(`https://rebind6.shop.test:${trap6.port}/hook`, "rebinds to ::1"),
      rebindMixed: await create(`https://rebind-mixed.shop.test:${trap4.port}/hook`, "rebinds to a public and a loopback address"),
      rebindMetadata: await create(`https://rebind-metadata.shop.test/latest/meta-data/`, "rebinds to the cloud metadata address"),
      redirect: await create(`https://redirect.shop.test:${publicPort}/redirect`, "answers with a redirect to loopback"),
      stored4: await create(`https://stored4.shop.test/hook`, "stored as 127.0.0.1"),
      stored6: await create(`https://stored6.shop.test/hook`, "stored as [::1]"),
      storedHttp: await create(`https://stored-http.shop.test/hook`, "stored as http://localhost"),
    };
    const [publicEndpoint] = await database.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.description, "public"));
    // …then the names lead to loopback, link-local and a mix (DNS rebinding).
    answerDns("rebind4.shop.test", ["127.0.0.1"]);
    answerDns("rebind6.shop.test", ["::1"]);
    answerDns("rebind-mixed.shop.test", [PUBLIC_ADDRESS, "127.0.0.1"]);
    answerDns("rebind-metadata.shop.test", ["169.254.169.254"]);
    // Endpoints stored with loopback URLs (a database copied from a staging shop, say): what the
    // API would never accept, written straight to the table.
    await database.db.update(webhookEndpoints).set({ url: `https://127.0.0.1:${trap4.port}/hook` }).where(eq(webhookEndpoints.id, ids.stored4));
    await database.db.update(webhookEndpoints).set({ url: `https://[::1]:${trap6.port}/hook` }).where(eq(webhookEndpoints.id, ids.stored6));
    await database.db.update(webhookEndpoints).set({ url: `http://localhost:${trap4.port}/hook` }).where(eq(webhookEndpoints.id, ids.storedHttp));

    // An event every endpoint subscribes to: a licence issued in the console.
    const issued = await api("POST", `/api/admin/customers/${encodeURIComponent("buyer@shop.test")}/licenses`, { planId: "local-1m", reason: "production suite" }, admin);
    expect(issued.status).toBe(201);

    type Delivery = { endpointId: string; status: string; attempts: number; lastStatus: number | null; lastError: string | null };
    const all = Object.values(ids).length + 1;
    const deliveries = await waitFor("every webhook delivery to be attempted", 20_000, async () => {
      const res = await api("GET", "/api/admin/webhook-deliveries?channel=webhook&pageSize=100", undefined, admin);
      const { deliveries: list } = await json<{ deliveries: Delivery[] }>(res);
      return list.length === all && list.every((d) => d.attempts >= 1) ? list : undefined;
    });
    const of = (id: string) => deliveries.find((d) => d.endpointId === id)!;

    // The public endpoint got its delivery: the worker runs and connects where it may.
    expect(of(publicEndpoint!.id)).toMatchObject({ status: "delivered", lastStatus: 204 });
    expect(publicRequests.find((r) => r.path === "/hook")?.headers).toMatchObject({ "keyshop-event-type": "licence.created" });

    // Rebound names: refused in the connection's own lookup, before any connect.
    expect(of(ids.rebind4)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: rebind4.shop.test resolves to 127.0.0.1, which is not a public address" });
    expect(of(ids.rebind6)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: rebind6.shop.test resolves to ::1, which is not a public address" });
    expect(of(ids.rebindMixed)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: rebind-mixed.shop.test resolves to 127.0.0.1, which is not a public address" });
    expect(of(ids.rebindMetadata)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: rebind-metadata.shop.test resolves to 169.254.169.254, which is not a public address" });
    // Stored loopback URLs: refused by their own rules.
    expect(of(ids.stored4)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: 127.0.0.1 is not a public address" });
    expect(of(ids.stored6)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: ::1 is not a public address" });
    expect(of(ids.storedHttp)).toMatchObject({ status: "pending", lastStatus: null, lastError: "refused: only https URLs in production" });
    // The redirect: the public endpoint was reached and its 307 is the (failed) answer, not followed.
    expect(publicRequests.filter((r) => r.path === "/redirect")).toHaveLength(1);
    expect(of(ids.redirect)).toMatchObject({ status: "pending", lastStatus: 307, lastError: "HTTP 307" });

    // Nothing reached the loopback listeners, and nothing tried any address outside loopback
    // other than the stand-in public one.
    await sleep(500);
    expect(trap4.connections).toBe(0);
    expect(trap6.connections).toBe(0);
    expect(server.jail.filter((r) => r.kind === "refused")).toEqual([]);
    const connects = server.jail.filter((r): r is Extract<JailReport, { kind: "connect" }> => r.kind === "connect");
    expect(connects.map((c) => c.address)).toEqual([PUBLIC_ADDRESS, PUBLIC_ADDRESS]);
  });

  it("logged every request and delivery as JSON lines, and none of the secrets it handled", () => {
    const lines = server.log.filter((line) => line.startsWith("{"));
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg === "notification delivered")).toBe(true);
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length, "a secret worth looking for").toBeGreaterThanOrEqual(8);
      expect(server.log.filter((line) => line.includes(secret)), `the log shows a secret: ${secret.slice(0, 4)}…`).toEqual([]);
    }
  });
});
