// Where webhooks may go: production refuses private, loopback, link-local and unique-local targets
// (the URL's literal, and every address its name resolves to, at registration and at every
// delivery, in the connection's own lookup); outside production anything http(s) goes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestDatabase } from "../../test/db";
import { PRODUCTION_ENV } from "../../test/production-env";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/errors";
import { isPublicAddress, resolveAllowed, urlProblem, type Resolver } from "./address-guard";
import { createWebhook } from "./endpoints";
import { startReceiver, type Receiver } from "./test-receiver";
import { postWebhook, WebhookSendError } from "./webhook-client";

const PRODUCTION = { publicOnly: true };
const DEVELOPMENT = { publicOnly: false };

/** A DNS stand-in: names to the addresses the test says. */
function resolverOf(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string) => {
    calls.push(host);
    return (table[host] ?? []).map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(resolver, { calls });
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
    "224.0.0.1", "255.255.255.255", "192.0.2.10", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
    "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "64:ff9b::a00:1", "2001:db8::1", "2002:a00:1::1", "2001::1", "[::1]", "fe80::1%eth0",
    "not-an-address", "",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("URL rules", () => {
  it("production: https only, no private literal, no bare or local names, no credentials", () => {
    expect(urlProblem("https://hooks.example.com/keyshop", PRODUCTION)).toBeUndefined();
    expect(urlProblem("http://hooks.example.com/keyshop", PRODUCTION)).toMatch(/https/);
    expect(urlProblem("https://127.0.0.1/x", PRODUCTION)).toMatch(/not a public address/);
    expect(urlProblem("https://[::1]/x", PRODUCTION)).toMatch(/not a public address/);
    // WHATWG URL parsing turns these spellings into 127.0.0.1 before the check.
    expect(urlProblem("https://2130706433/x", PRODUCTION)).toMatch(/127\.0\.0\.1/);
    expect(urlProblem("https://0x7f.1/x", PRODUCTION)).toMatch(/127\.0\.0\.1/);
    expect(urlProblem("https://localhost/x", PRODUCTION)).toMatch(/public host name/);
    expect(urlProblem("https://api.localhost/x", PRODUCTION)).toMatch(/public host name/);
    expect(urlProblem("https://intranet/x", PRODUCTION)).toMatch(/public host name/);
    // A trailing dot (the root of DNS) names the same host.
    expect(urlProblem("https://localhost./x", PRODUCTION)).toMatch(/public host name/);
    expect(urlProblem("https://api.localhost./x", PRODUCTION)).toMatch(/public host name/);
    expect(urlProblem("https://intranet./x", PRODUCTION)).toMatch(/public host name/);
    expect(urlProblem("https://hooks.example.com./keyshop", PRODUCTION)).toBeUndefined();
    expect(urlProblem("https://user:pass@hooks.example.com/", PRODUCTION)).toMatch(/user name/);
    expect(urlProblem("ftp://hooks.example.com/", PRODUCTION)).toMatch(/http/);
  });

  it("outside production: any http(s) URL, loopback included (local receivers in tests)", () => {
    expect(urlProblem("http://127.0.0.1:8080/hook", DEVELOPMENT)).toBeUndefined();
    expect(urlProblem("http://localhost:8080/hook", DEVELOPMENT)).toBeUndefined();
    expect(urlProblem("file:///etc/passwd", DEVELOPMENT)).toMatch(/http/);
  });

  it("the production configuration is publicOnly; development and test are not", () => {
    const production = loadConfig(PRODUCTION_ENV);
    expect(production.notifications.webhooks).toEqual({ publicOnly: true });
    expect(loadConfig({ NODE_ENV: "test" }).notifications.webhooks).toEqual({ publicOnly: false });
  });
});

describe("resolution: every address must be public", () => {
  it("refuses a name with one private address among public ones, and one that does not resolve", async () => {
    const resolver = resolverOf({ "ok.example.com": ["93.184.216.34", "2606:4700:4700::1111"], "mixed.example.com": ["93.184.216.34", "10.0.0.7"], "meta.example.com": ["169.254.169.254"] });
    await expect(resolveAllowed("ok.example.com", PRODUCTION, resolver)).resolves.toHaveLength(2);
    await expect(resolveAllowed("mixed.example.com", PRODUCTION, resolver)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(resolveAllowed("meta.example.com", PRODUCTION, resolver)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(resolveAllowed("nowhere.example.com", PRODUCTION, resolver)).rejects.toThrow(/does not resolve/);
    // Outside production the same private answer is fine.
    await expect(resolveAllowed("mixed.example.com", DEVELOPMENT, resolver)).resolves.toHaveLength(2);
  });
});

describe("at delivery time (DNS rebinding)", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("production: a name that now resolves to loopback is refused before any connection", async () => {
    const resolver = resolverOf({ "rebind.example.com": ["127.0.0.1"] });
    // The guard sits in the connection's lookup; http:// is used only so the local receiver could answer if it were reached.
    const err = await postWebhook({ url: `https://rebind.example.com:${receiver.port}/hook`, body: "{}", headers: {}, policy: PRODUCTION, resolver }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookSendError);
    expect((err as WebhookSendError).message).toMatch(/refused: rebind\.example\.com resolves to 127\.0\.0\.1/);
    expect(resolver.calls).toEqual(["rebind.example.com"]);
    expect(receiver.received).toHaveLength(0);
  });

  it("production: an address literal is refused without a lookup", async () => {
    const resolver = resolverOf({});
    const err = await postWebhook({ url: `https://127.0.0.1:${receiver.port}/hook`, body: "{}", headers: {}, policy: PRODUCTION, resolver }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/refused: 127\.0\.0\.1 is not a public address/);
    expect(receiver.received).toHaveLength(0);
  });

  it("outside production the connection goes to the address the resolver gave", async () => {
    const resolver = resolverOf({ "receiver.test": ["127.0.0.1"] });
    const answer = await postWebhook({ url: `http://receiver.test:${receiver.port}/hook`, body: '{"a":1}', headers: { "x-test": "1" }, policy: DEVELOPMENT, resolver });
    expect(answer.status).toBe(204);
    expect(receiver.received.at(-1)).toMatchObject({ method: "POST", path: "/hook", body: '{"a":1}' });
    expect(resolver.calls).toEqual(["receiver.test"]);
  });

  it("redirects are not followed: a 3xx is the answer", async () => {
    // To this receiver again, so a client that followed it would reach nothing but loopback.
    receiver.answer((_, req) => (req.path === "/hook" ? { status: 302, headers: { location: `${receiver.url}/followed` } } : { status: 204 }));
    const answer = await postWebhook({ url: `${receiver.url}/hook`, body: "{}", headers: {}, policy: DEVELOPMENT, resolver: resolverOf({}) });
    expect(answer.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received.filter((r) => r.path === "/followed")).toEqual([]);
    receiver.answer(() => ({ status: 204 }));
  });

  it("a receiver that does not answer in time is a failure, and only a snippet of a long answer is kept", async () => {
    receiver.answer(() => ({ status: 200, delayMs: 2_000 }));
    await expect(postWebhook({ url: `${receiver.url}/slow`, body: "{}", headers: {}, policy: DEVELOPMENT, resolver: resolverOf({}), timeoutMs: 300 })).rejects.toThrow(/no answer within/);
    receiver.answer(() => ({ status: 200, body: "y".repeat(100_000) }));
    const answer = await postWebhook({ url: `${receiver.url}/long`, body: "{}", headers: {}, policy: DEVELOPMENT, resolver: resolverOf({}) });
    expect(answer.snippet).toHaveLength(500);
    receiver.answer(() => ({ status: 204 }));
  });
});

describe("at registration (production settings)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const telegram = { mode: "off" as const, apiBase: "", token: "", chatIds: [], events: [] };

  it("refuses http, private literals and names resolving to private addresses; accepts a public https name", async () => {
    const resolver = resolverOf({ "hooks.example.com": ["93.184.216.34"], "internal.example.com": ["10.1.2.3"] });
    const deps = { db: database.db, secret: "test-secret-0123456789", policy: PRODUCTION, resolver, telegram };
    const create = (url: string) => createWebhook(deps, { url, description: "", events: ["order.paid"], active: true }, "admin");
    for (const url of ["http://hooks.example.com/x", "https://10.0.0.1/x", "https://[fd00::1]/x", "https://internal.example.com/x", "https://unknown.example.com/x"]) {
      const err = await create(url).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(AppError);
      expect((err as AppError).code, url).toBe("WEBHOOK_URL_NOT_ALLOWED");
    }
    const created = await create("https://hooks.example.com/keyshop");
    expect(created.endpoint.url).toBe("https://hooks.example.com/keyshop");
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });
});
