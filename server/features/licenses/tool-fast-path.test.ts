// The licence calls answered on the node fast path (server/lib/node-fast-path.ts) give the same
// answers, refusals, headers and side effects as the app's own routes. One real server: a path
// with a query string is not the fast path's, so `?via=app` asks the app the same question.
import { createPublicKey, verify } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { startServer, type RunningServer } from "../../server";
import { createTestDatabase } from "../../test/db";
import { createLicense } from "./service";
import { retireSigningKey, rotateSigningKey } from "./signing";

let database: Database;
let server: RunningServer;
let config: ReturnType<typeof loadConfig>;
let seq = 0;
const nonce = () => `fast-path-nonce-${Date.now().toString(36)}-${++seq}`;
const device = () => `PC-LDREEL-FAST-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  database = await createTestDatabase();
  config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0", HOST: "127.0.0.1", DEV_SMTP_PORT: "0", TRUST_PROXY: "on", LICENCE_V1_UNTIL: "off" });
  server = await startServer(config, { database });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Headers whose values differ per request by nature. */
const VARYING = new Set(["date", "connection", "keep-alive", "content-length", "x-request-id", "x-keyshop-signature", "ratelimit-remaining", "ratelimit-reset", "retry-after", "vary"]);

interface Reply {
  status: number;
  text: string;
  headers: Headers;
}

async function post(path: string, body: string, { via = "fast", headers = {} as Record<string, string>, ip = "203.0.113.7" } = {}): Promise<Reply> {
  const url = `${server.url}/api/v1/licenses/${path}${via === "app" ? "?via=app" : ""}`;
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers }, body });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** Asks the fast path, then the app; returns both after checking the fast path took the first. */
async function both(path: string, body: string, opts: Parameters<typeof post>[2] = {}) {
  const before = server.fastPathServed();
  const fast = await post(path, body, opts);
  const taken = server.fastPathServed() - before;
  const app = await post(path, body, { ...opts, via: "app" });
  return { fast, app, taken };
}

function sameHeaders(a: Headers, b: Headers) {
  const fixed = (h: Headers) => Object.fromEntries([...h].filter(([k]) => !VARYING.has(k)));
  const names = (h: Headers) => [...h.keys()].filter((k) => k !== "connection" && k !== "keep-alive" && k !== "vary").sort();
  expect(fixed(a)).toEqual(fixed(b));
  expect(names(a)).toEqual(names(b));
}

/** The answer without the fields that change from one second to the next. */
const stable = (text: string) => {
  const { serverTime: _t, leaseUntil: _l, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

async function publicKeys() {
  const res = await fetch(`${server.url}/api/v1/licenses/public-key`);
  const list = (await res.json()) as { keys: Array<{ keyId: string; publicKeyPem: string }> };
  return new Map(list.keys.map((k) => [k.keyId, createPublicKey(k.publicKeyPem)]));
}

function verifies(reply: Reply, keys: Map<string, ReturnType<typeof createPublicKey>>) {
  const m = /^keyid="([^"]+)", ed25519=([A-Za-z0-9+/=]+)$/.exec(reply.headers.get("x-keyshop-signature") ?? "");
  expect(m).toBeTruthy();
  return verify(null, Buffer.from(reply.text), keys.get(m![1]!)!, Buffer.from(m![2]!, "base64"));
}

describe("licence calls on the node fast path", () => {
  it("activates, validates and changes a key with the app's answers, signed, and the same effects", async () => {
    const license = await createLicense({ db: database.db, planId: "local-1m", email: "fast-path@example.com" });
    const keys = await publicKeys();
    const first = device();

    const before = server.fastPathServed();
    const activated = await post("activate", JSON.stringify({ protocol: 2, buyKey: license.buyKey, deviceKey: first, nonce: nonce() }));
    expect(server.fastPathServed()).toBe(before + 1);
    expect(activated.status).toBe(200);
    expect(JSON.parse(activated.text)).toMatchObject({ valid: true, code: "ACTIVATED", action: "activate", deviceKey: first });
    expect(verifies(activated, keys)).toBe(true);

    const n = nonce();
    const { fast, app, taken } = await both("validate", JSON.stringify({ protocol: 2, buyKey: license.buyKey.toLowerCase(), deviceKey: first, nonce: n }));
    expect(taken).toBe(1);
    expect(fast.status).toBe(200);
    expect(stable(fast.text)).toEqual(stable(app.text));
    expect(stable(fast.text)).toMatchObject({ valid: true, code: "VALID", buyKey: license.buyKey, nonce: n });
    // Both doors name the key list's version, inside what is signed (decision 035).
    const { keysVersion } = (await (await fetch(`${server.url}/api/v1/licenses/public-key`)).json()) as { keysVersion: number };
    expect(keysVersion).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(fast.text).keysVersion).toBe(keysVersion);
    expect(JSON.parse(app.text).keysVersion).toBe(keysVersion);
    expect(verifies(fast, keys)).toBe(true);
    sameHeaders(fast.headers, app.headers);
    expect(fast.headers.get("cache-control")).toBe("no-store");
    expect(fast.headers.get("x-content-type-options")).toBe("nosniff");
    expect(fast.headers.get("ratelimit-limit")).toBe("60");

    // The device key moves on the fast path; the old one is refused by the app afterwards.
    const second = device();
    const moved = await post("change-key", JSON.stringify({ protocol: 2, buyKey: license.buyKey, oldDeviceKey: first, newDeviceKey: second, nonce: nonce() }));
    expect(JSON.parse(moved.text)).toMatchObject({ valid: true, code: "KEY_CHANGED", action: "change-key", deviceKey: second });
    const old = await post("validate", JSON.stringify({ protocol: 2, buyKey: license.buyKey, deviceKey: first, nonce: nonce() }), { via: "app" });
    expect(JSON.parse(old.text)).toMatchObject({ valid: false, code: "DEVICE_MISMATCH" });
  });

  it("trims as docs/licence-api.md defines it: U+FEFF and U+3000 go, U+0085 is refused, U+200B is kept", async () => {
    const license = await createLicense({ db: database.db, planId: "local-1m", email: "fast-path-trim@example.com" });
    const key = device();
    await post("activate", JSON.stringify({ protocol: 2, buyKey: license.buyKey, deviceKey: key, nonce: nonce() }));
    const ask = (buyKey: string, deviceKey = key) => both("validate", JSON.stringify({ protocol: 2, buyKey, deviceKey, nonce: nonce() }));

    const wrapped = await ask(`\uFEFF${license.buyKey}\u3000`, `\u00A0${key}\u2028`);
    for (const reply of [wrapped.fast, wrapped.app]) expect(JSON.parse(reply.text)).toMatchObject({ valid: true, code: "VALID", buyKey: license.buyKey, deviceKey: key });

    const control = await ask(`\u0085${license.buyKey}`);
    for (const reply of [control.fast, control.app]) {
      expect(reply.status).toBe(422);
      expect(JSON.parse(reply.text)).toMatchObject({ code: "VALIDATION_FAILED" });
    }

    const zeroWidth = await ask(`${license.buyKey}\u200B`);
    for (const reply of [zeroWidth.fast, zeroWidth.app]) expect(JSON.parse(reply.text)).toMatchObject({ valid: false });
  });

  it("answers an unknown buy key with the same signed refusal", async () => {
    const body = JSON.stringify({ protocol: 2, buyKey: "KS-NOPE-NOPE-NOPE-NOPE", deviceKey: device(), nonce: nonce() });
    const { fast, app, taken } = await both("validate", body);
    expect(taken).toBe(1);
    expect(fast.status).toBe(200);
    expect(stable(fast.text)).toEqual(stable(app.text));
    expect(JSON.parse(fast.text)).toMatchObject({ valid: false, code: "NOT_FOUND" });
    expect(verifies(fast, await publicKeys())).toBe(true);
    sameHeaders(fast.headers, app.headers);
  });

  it.each([
    ["malformed JSON", '{"protocol": 2,', {}],
    ["a field breaking its rule", JSON.stringify({ protocol: 2, buyKey: "", deviceKey: "no", nonce: "x" }), {}],
    ["JSON nested too deeply", `{"protocol":2,"buyKey":${"[".repeat(40)}${"]".repeat(40)}}`, {}],
    ["JSON that is not an object", "null", {}],
    ["an empty body", "", {}],
    ["a protocol 1 request after its date", JSON.stringify({ buyKey: "KS-AAAA-BBBB-CCCC-DDDD", deviceKey: "PC-LDREEL-1" }), {}],
    ["text/plain", JSON.stringify({ protocol: 2 }), { "content-type": "text/plain" }],
    ["a body over the fast path's size", JSON.stringify({ protocol: 2, buyKey: "x".repeat(20_000), deviceKey: "PC-LDREEL-1", nonce: nonce() }), {}],
  ] as const)("refuses %s exactly as the app does", async (_name, body, headers) => {
    const { fast, app } = await both("validate", body, { headers });
    expect(fast.status).toBeGreaterThanOrEqual(400);
    expect(fast.status).toBeLessThan(500);
    expect(fast.status).toBe(app.status);
    expect(fast.text).toBe(app.text);
    sameHeaders(fast.headers, app.headers);
  });

  it("counts one rate limit across both doors and refuses with the same 429 and Retry-After", async () => {
    const ip = "198.51.100.77";
    const body = () => JSON.stringify({ protocol: 2, buyKey: "KS-RATE-RATE-RATE-RATE", deviceKey: device(), nonce: nonce() });
    for (let i = 0; i < 30; i++) expect((await post("validate", body(), { ip })).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await post("validate", body(), { ip, via: "app" })).status).toBe(200);
    const { fast, app, taken } = await both("validate", body(), { ip });
    expect(taken).toBe(1);
    expect(fast.status).toBe(429);
    expect(app.status).toBe(429);
    expect(JSON.parse(fast.text)).toMatchObject({ code: "RATE_LIMITED" });
    expect(JSON.parse(fast.text).code).toBe(JSON.parse(app.text).code);
    expect(Number(fast.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fast.headers.get("ratelimit-remaining")).toBe("0");
    sameHeaders(fast.headers, app.headers);
  });

  it("echoes a safe request id and replaces an unsafe one", async () => {
    const body = JSON.stringify({ protocol: 2, buyKey: "KS-IDID-IDID-IDID-IDID", deviceKey: device(), nonce: nonce() });
    const kept = await post("validate", body, { headers: { "x-request-id": "tool-req.42" } });
    expect(kept.headers.get("x-request-id")).toBe("tool-req.42");
    const replaced = await post("validate", body, { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("both doors name the new key-list version as soon as a key is retired", async () => {
    const version = async () => ((await (await fetch(`${server.url}/api/v1/licenses/public-key`)).json()) as { keysVersion: number }).keysVersion;
    const answered = async (via: "fast" | "app") =>
      JSON.parse((await post("validate", JSON.stringify({ protocol: 2, buyKey: "KS-KEYS-KEYS-KEYS-KEYS", deviceKey: device(), nonce: nonce() }), { via })).text).keysVersion as number;
    const start = await version();
    const { previousKeyId } = await rotateSigningKey({ db: database.db, secret: config.authSecret });
    await retireSigningKey({ db: database.db, keyId: previousKeyId! });
    // The instance reloads its keys on the notification; the answers then carry the new version.
    await expect.poll(version, { timeout: 5000 }).toBe(start + 2);
    expect(await answered("fast")).toBe(start + 2);
    expect(await answered("app")).toBe(start + 2);
  });

  it("a caller that hangs up halfway through its body leaves the server answering the next one", async () => {
    const { port } = new URL(server.url);
    const before = server.fastPathServed();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("POST /api/v1/licenses/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"protocol\":2,");
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on("error", reject);
    });
    expect(server.fastPathServed()).toBe(before + 1);
    const next = await post("validate", JSON.stringify({ protocol: 2, buyKey: "KS-NEXT-NEXT-NEXT-NEXT", deviceKey: device(), nonce: nonce() }));
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ code: "NOT_FOUND" });
  });
  it("answers written together (one turn's, decision 083) each reach their own caller, signed", async () => {
    const keys = await publicKeys();
    const asked = Array.from({ length: 40 }, (_, i) => ({ buyKey: `KS-MANY-MANY-MANY-${String(i).padStart(4, "0")}`, deviceKey: device(), nonce: nonce() }));
    const before = server.fastPathServed();
    const replies = await Promise.all(asked.map((body, i) => post("validate", JSON.stringify({ protocol: 2, ...body }), { ip: `198.51.100.${i}` })));
    expect(server.fastPathServed() - before).toBe(asked.length);
    replies.forEach((reply, i) => {
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toMatchObject({ code: "NOT_FOUND", buyKey: asked[i]!.buyKey, deviceKey: asked[i]!.deviceKey, nonce: asked[i]!.nonce });
      expect(verifies(reply, keys)).toBe(true);
    });
  });

  it("a caller that hangs up before its answer leaves leaves the server answering the next one", async () => {
    const { port } = new URL(server.url);
    const body = JSON.stringify({ protocol: 2, buyKey: "KS-GONE-GONE-GONE-GONE", deviceKey: device(), nonce: nonce() });
    const before = server.fastPathServed();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(`POST /api/v1/licenses/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        socket.destroy(); // the whole request sent, gone before any answer
        resolve();
      });
      socket.on("error", reject);
    });
    const next = await post("validate", JSON.stringify({ protocol: 2, buyKey: "KS-NEXT-NEXT-NEXT-NEXT", deviceKey: device(), nonce: nonce() }));
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ code: "NOT_FOUND" });
    expect(server.fastPathServed() - before).toBeGreaterThanOrEqual(1);
  });
});
