// Issue #26, item 4: withdrawing a signing key must reach the tools. A tool that learned keys 1
// and 2, after `npm run license:rotate-key` and `--retire` of key 1 (the real CLI command on the
// real server, in process), drops key 1 as soon as it sees the key list or an answer saying its
// list is stale; then an answer signed with key 1 (leaked) is refused, also after a restart and
// when someone replays the key list from before the retirement (decision 035).
import { createPrivateKey, sign } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRotateKeyCommand } from "../../../server/cli/license-rotate-key";
import { signingKeys } from "../../../server/db/schema";
import { createLicense } from "../../../server/features/licenses/service";
import { decryptSecret } from "../../../server/lib/crypto";
import type { TestContext } from "../../../server/test/harness";
import { startRealShop, type RealShop } from "../test-support/real-shop";
import { LicenseClient, MemoryStorage, type LicenseStorage, type TrustedKey } from "./index";

const DAY = 86_400_000;
let shop: RealShop;
let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  shop = await startRealShop();
  ({ t, baseUrl } = shop);
});
afterAll(() => shop.close());

interface KeyList {
  currentKeyId: string;
  keysVersion?: number;
  keys: Array<{ keyId: string; status: string; publicKeyBase64: string }>;
  retired?: Array<{ keyId: string }>;
}
const keyList = async () => (await (await fetch(`${baseUrl}/public-key`)).json()) as KeyList;

/** The CLI, as `npm run license:rotate-key` runs it, on the test's database. */
async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runRotateKeyCommand(argv, { db: t.database.db, secret: t.config.authSecret, print: (line) => lines.push(line), fail: (line) => lines.push(line) });
  expect(code, lines.join("\n")).toBe(0);
  return lines.join("\n");
}

/** Key 1 has leaked: whoever holds it signs what they like (the private half, as the database keeps it). */
async function leakedSigner(keyId: string) {
  const [row] = await t.database.db.select().from(signingKeys).where(eq(signingKeys.id, keyId));
  const privateKey = createPrivateKey(decryptSecret(t.config.authSecret, "signing-key", row!.privateKeyEncrypted));
  return (body: string) => `keyid="${keyId}", ed25519=${sign(null, Buffer.from(body), privateKey).toString("base64")}`;
}

/**
 * A man in the middle with the leaked key: every licence request gets a forged VALID answer that
 * names the request exactly (nonce and all), signed with that key; the key list is the server's,
 * or the one `keyListBody` gives (a recorded one, replayed).
 */
function forger(signWith: (body: string) => string, recorded?: { body: string; signature: string }): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    if (url.endsWith("/public-key")) {
      if (!recorded) return fetch(input, init);
      return new Response(recorded.body, { status: 200, headers: { "content-type": "application/json", "x-keyshop-signature": recorded.signature } });
    }
    const request = JSON.parse(String(init!.body)) as { buyKey: string; deviceKey: string; nonce: string };
    const now = new Date();
    const body = JSON.stringify({
      protocol: 2,
      action: url.slice(url.lastIndexOf("/") + 1),
      valid: true,
      code: "VALID",
      message: "The license is valid on this device.",
      buyKey: request.buyKey.trim().toUpperCase(),
      deviceKey: request.deviceKey.trim(),
      nonce: request.nonce,
      status: "Active",
      expiresAt: new Date(now.getTime() + 365 * DAY).toISOString(),
      changesLeft: 3,
      serverTime: now.toISOString(),
      leaseUntil: new Date(now.getTime() + 7 * DAY).toISOString(),
      maxClockRollbackSeconds: 300,
    });
    return new Response(body, { status: 200, headers: { "content-type": "application/json", "x-keyshop-signature": signWith(body) } });
  };
}

describe("withdrawing a signing key reaches the tool", () => {
  it("a tool that learned keys 1 and 2 drops key 1 once retired, and refuses answers signed with it", async () => {
    const start = await keyList();
    const [key1] = start.keys;
    // The tool was built with the shop's key 1 and the list version it came from.
    const builtIn: TrustedKey[] = [{ keyId: key1!.keyId, publicKeyBase64: key1!.publicKeyBase64 }];
    const storage = new MemoryStorage();
    const tool = (options: { fetch?: typeof fetch; storage?: LicenseStorage } = {}) =>
      new LicenseClient({ baseUrl, trustedKeys: builtIn, trustedKeysVersion: start.keysVersion, storage, ...options });
    const bound = "PC-LDREEL-RETIRE";
    const lic = await createLicense({ db: t.database.db, planId: "local-1m", email: "retire@example.com", deviceKey: bound, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 20 * DAY) });

    // Rotate: key 2 signs; the tool learns it through the list endorsed by key 1.
    const rotated = await cli();
    const key2Id = /^(\S+) now signs licence answers/m.exec(rotated)![1]!;
    // Every instance reloads its keys as the change commits (a notification); this one too.
    await expect.poll(async () => (await keyList()).currentKeyId, { timeout: 5000 }).toBe(key2Id);
    const key2 = (await keyList()).keys.find((k) => k.keyId === key2Id)!;
    expect(await tool().validate({ buyKey: lic.buyKey, deviceKey: bound })).toMatchObject({ kind: "answer", keyId: key2.keyId, answer: { code: "VALID" } });
    expect(await tool().trustedKeyIds()).toEqual([key2.keyId, key1!.keyId]);
    // The list from before the retirement, as anyone on the path could record it.
    const before = await fetch(`${baseUrl}/public-key`);
    const recorded = { body: await before.text(), signature: before.headers.get("x-keyshop-signature")! };

    // Key 1 leaks; the shop retires it.
    const leaked = await leakedSigner(key1!.keyId);
    expect(await cli("--retire", key1!.keyId)).toContain(`${key1!.keyId} is retired`);
    // Reloaded again: key 1 no longer endorses the list.
    await expect.poll(async () => (await keyList()).keys.map((k) => k.keyId), { timeout: 5000 }).toEqual([key2.keyId]);

    // The tool's next check reaches the shop: the answer names a newer key list, so the tool
    // fetches it, verifies it with key 2, and drops key 1.
    expect(await tool().check({ buyKey: lic.buyKey, deviceKey: bound })).toMatchObject({ ok: true, source: "online" });
    expect(await tool().trustedKeyIds()).toEqual([key2.keyId]);

    // From now on, whatever key 1 signs is refused, and the tool runs on its lease (signed by key 2).
    const pirate = await createLicense({ db: t.database.db, planId: "local-1m", email: "pirate@example.com" });
    expect(await tool({ fetch: forger(leaked) }).validate({ buyKey: pirate.buyKey, deviceKey: "PC-LDREEL-PIRATE" })).toEqual({ kind: "rejected", reason: "retired-key" });
    expect(await tool({ fetch: forger(leaked) }).check({ buyKey: lic.buyKey, deviceKey: bound })).toMatchObject({ ok: true, source: "lease", online: { kind: "rejected", reason: "retired-key" } });

    // A replay of the list from before the retirement (endorsed by key 2 then) is older: refused.
    const replaying = tool({ fetch: forger(leaked, recorded) });
    expect(await replaying.refreshKeys()).toEqual({ ok: false, reason: "stale" });
    expect(await replaying.trustedKeyIds()).toEqual([key2.keyId]);
    expect(await replaying.validate({ buyKey: pirate.buyKey, deviceKey: "PC-LDREEL-PIRATE" })).toEqual({ kind: "rejected", reason: "retired-key" });

    // A fresh process on the same storage (the tool restarted) still refuses key 1.
    const restarted = new LicenseClient({ baseUrl, trustedKeys: builtIn, trustedKeysVersion: start.keysVersion, storage, fetch: forger(leaked, recorded) });
    expect(await restarted.trustedKeyIds()).toEqual([key2.keyId]);
    expect(await restarted.validate({ buyKey: pirate.buyKey, deviceKey: "PC-LDREEL-PIRATE" })).toEqual({ kind: "rejected", reason: "retired-key" });
  });

  it("a tool that fetches the key list directly drops the retired key too", async () => {
    const start = await keyList();
    const current = start.keys.find((k) => k.status === "current")!;
    const storage = new MemoryStorage();
    const tool = (options: { fetch?: typeof fetch } = {}) =>
      new LicenseClient({ baseUrl, trustedKeys: [{ keyId: current.keyId, publicKeyBase64: current.publicKeyBase64 }], trustedKeysVersion: start.keysVersion, storage, ...options });

    const nextId = /^(\S+) now signs licence answers/m.exec(await cli())![1]!;
    await expect.poll(async () => (await keyList()).currentKeyId, { timeout: 5000 }).toBe(nextId);
    expect(await tool().refreshKeys()).toMatchObject({ ok: true });
    const next = (await keyList()).keys.find((k) => k.keyId === nextId)!;
    expect(await tool().trustedKeyIds()).toEqual([next.keyId, current.keyId]);

    const leaked = await leakedSigner(current.keyId);
    await cli("--retire", current.keyId);
    await expect.poll(async () => (await keyList()).keys.map((k) => k.keyId), { timeout: 5000 }).toEqual([next.keyId]);
    expect(await tool().refreshKeys()).toEqual({ ok: true, keyIds: [next.keyId], keysVersion: (await keyList()).keysVersion });
    expect(await tool().retiredKeyIds()).toContain(current.keyId);
    expect(await tool({ fetch: forger(leaked) }).validate({ buyKey: "KS-PIRAT-PIRAT-PIRAT-PIRAT", deviceKey: "PC-LDREEL-PIRATE" })).toEqual({ kind: "rejected", reason: "retired-key" });
  });
});
