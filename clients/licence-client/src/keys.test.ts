// Key discovery, rotation and withdrawal: an answer by an unknown key id, or naming a newer key
// list, makes the client fetch the list once; the list is believed only when a key it already
// trusts (and the list does not retire) signed it, and never when it is older than the one held.
import { describe, expect, it } from "vitest";
import { KEY_1, KEY_2, KEY_3, keyListBody, signatureHeader, type SigningKey } from "../scripts/make-test-vectors";
import { BASE_URL, answerTo, fakeFetch, signedResponse, trusted, type Handler } from "../test-support/fake-server";
import { LicenseClient } from "./client";
import { TRUSTED_KEYS_STORAGE_KEY } from "./keys";
import { MemoryStorage, type LicenseStorage } from "./storage";

const LICENCE = { buyKey: "KS-7QX4M-9HTRW-KD2PA-M3XVE", deviceKey: "PC-LDREEL-0001" };
const NOW = new Date("2026-11-23T09:00:00.000Z");

function keyListResponse(listed: SigningKey[], signers: SigningKey[], options: Parameters<typeof keyListBody>[1] = {}): Response {
  const body = keyListBody(listed, options);
  return new Response(body, { status: 200, headers: { "x-keyshop-signature": signatureHeader(signers, body) } });
}

/** A server whose answers are signed by `answerKey` and whose key list the test chooses. */
function server(answerKey: SigningKey, keyList: () => Response): Handler {
  return (request) => (request.endpoint === "public-key" ? keyList() : signedResponse(answerTo(request, NOW), answerKey));
}

function client(handler: Handler, storage: LicenseStorage = new MemoryStorage(), builtIn: SigningKey[] = [KEY_1]) {
  const { fetch, requests } = fakeFetch(handler);
  const licenseClient = new LicenseClient({ baseUrl: BASE_URL, trustedKeys: trusted(...builtIn), storage, fetch, now: () => NOW });
  const keyListFetches = () => requests.filter((request) => request.method === "GET" && request.url === `${BASE_URL}/public-key`).length;
  return { client: licenseClient, keyListFetches };
}

describe("key discovery", () => {
  it("learns a rotated key from a list endorsed by the trusted key, fetching the list once", async () => {
    const { client: c, keyListFetches } = client(server(KEY_2, () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1])));
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer", keyId: KEY_2.keyId, answer: { valid: true } });
    expect(keyListFetches()).toBe(1);
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_1.keyId]);

    // The next answer by the new key needs no fetch.
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer" });
    expect(keyListFetches()).toBe(1);
  });

  it("rejects a list signed only by an untrusted key, and the answers signed by it", async () => {
    const { client: c, keyListFetches } = client(server(KEY_3, () => keyListResponse([KEY_3, KEY_1], [KEY_3])));
    expect(await c.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });
    expect(keyListFetches()).toBe(1);
    expect(await c.trustedKeyIds()).toEqual([KEY_1.keyId]);
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "not-endorsed" });
  });

  it("rejects an unsigned list and treats a missing list as no news", async () => {
    const unsigned = client(server(KEY_2, () => new Response(keyListBody([KEY_2, KEY_1]), { status: 200 })));
    expect(await unsigned.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });
    expect(await unsigned.client.refreshKeys()).toEqual({ ok: false, reason: "no-signature" });

    const missing = client(server(KEY_2, () => new Response("{}", { status: 503 })));
    expect(await missing.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });
    expect(await missing.client.trustedKeyIds()).toEqual([KEY_1.keyId]);
  });

  it("persists the learned set, so a restarted client trusts the new key without fetching", async () => {
    const storage = new MemoryStorage();
    await client(server(KEY_2, () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1])), storage).client.validate(LICENCE);
    expect(JSON.parse((await storage.get(TRUSTED_KEYS_STORAGE_KEY))!).keys.map((key: { keyId: string }) => key.keyId)).toEqual([KEY_2.keyId, KEY_1.keyId]);

    const restarted = client(server(KEY_2, () => new Response("{}", { status: 500 })), storage);
    expect(await restarted.client.validate(LICENCE)).toMatchObject({ kind: "answer", keyId: KEY_2.keyId });
    expect(restarted.keyListFetches()).toBe(0);
  });

  it("forgets a key an endorsed list no longer names (a server before retired lists), also after a restart", async () => {
    const storage = new MemoryStorage();
    let list = () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1], { keysVersion: null });
    let answerKey = KEY_2;
    const first = client((request) => server(answerKey, () => list())(request), storage);
    await first.client.validate(LICENCE);

    // Key 1 dropped: the list names key 2 only, signed by key 2 (now trusted), and says no version.
    list = () => keyListResponse([KEY_2], [KEY_2], { keysVersion: null });
    expect(await first.client.refreshKeys()).toEqual({ ok: true, keyIds: [KEY_2.keyId], keysVersion: 0 });
    answerKey = KEY_1;
    expect(await first.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });

    const restarted = client(server(KEY_1, () => keyListResponse([KEY_2], [KEY_2], { keysVersion: null })), storage);
    expect(await restarted.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });
  });

  it("starts again from the built-in keys when the tool ships different ones", async () => {
    const storage = new MemoryStorage();
    await client(server(KEY_2, () => keyListResponse([KEY_2], [KEY_2, KEY_1])), storage).client.validate(LICENCE);
    // Updated by hand to trust key 3 only: what it learned from key 1 no longer applies.
    const updated = client(server(KEY_3, () => new Response("{}", { status: 404 })), storage, [KEY_3]);
    expect(await updated.client.trustedKeyIds()).toEqual([KEY_3.keyId]);
    expect(await updated.client.validate(LICENCE)).toMatchObject({ kind: "answer", keyId: KEY_3.keyId });
  });

  it("shares one key-list fetch between concurrent answers by the same unknown key", async () => {
    const { client: c, keyListFetches } = client(server(KEY_2, () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1])));
    const results = await Promise.all([c.validate(LICENCE), c.validate(LICENCE), c.validate(LICENCE)]);
    expect(results.map((result) => result.kind)).toEqual(["answer", "answer", "answer"]);
    expect(keyListFetches()).toBe(1);
  });

  it("never takes a fetched key on the server's word: an answer by a listed but unendorsed key stays rejected", async () => {
    // The list names key 2 and carries a valid signature by key 2, but none by a trusted key.
    const { client: c } = client(server(KEY_2, () => keyListResponse([KEY_2, KEY_1], [KEY_2])));
    expect(await c.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });
  });
});

/**
 * The shop through a rotation and a retirement: `step` 1 (key 1, version 1), 2 (key 2 signs, key 1
 * previous, version 2), 3 (key 1 retired, version 3). Answers name the version and are signed by
 * `answerKey` (the current key, unless a test plays the holder of a leaked key).
 */
function shop() {
  const state = { step: 1, answerKey: KEY_1 as SigningKey, answerVersion: null as number | null, listUp: true };
  const lists: Record<number, () => Response> = {
    1: () => keyListResponse([KEY_1], [KEY_1]),
    2: () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1]),
    3: () => keyListResponse([KEY_2], [KEY_2], { retired: [KEY_1] }),
  };
  const handler: Handler = (request) => {
    if (request.endpoint === "public-key") return state.listUp ? lists[state.step]!() : new Response("{}", { status: 503 });
    return signedResponse(answerTo(request, NOW, { keysVersion: state.answerVersion ?? state.step }), state.answerKey);
  };
  return { state, handler, lists };
}

function versionedClient(handler: Handler, { storage = new MemoryStorage() as LicenseStorage, builtIn = [KEY_1], builtInVersion = 1 } = {}) {
  const { fetch, requests } = fakeFetch(handler);
  const licenseClient = new LicenseClient({ baseUrl: BASE_URL, trustedKeys: trusted(...builtIn), trustedKeysVersion: builtInVersion, storage, fetch, now: () => NOW });
  const keyListFetches = () => requests.filter((request) => request.method === "GET").length;
  return { client: licenseClient, keyListFetches, requests };
}

describe("withdrawn keys (decision 035)", () => {
  it("an answer naming a newer list sends the client to the list once; the same or no version does not", async () => {
    const { state, handler } = shop();
    const { client: c, keyListFetches, requests } = versionedClient(handler);
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer", answer: { keysVersion: 1 } });
    expect(keyListFetches()).toBe(0);

    state.step = 2; // rotated, but key 1 still signs this answer: only the version says the list moved
    state.answerKey = KEY_1;
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer", keyId: KEY_1.keyId, answer: { keysVersion: 2 } });
    expect(keyListFetches()).toBe(1);
    expect(requests.at(-1)).toMatchObject({ method: "GET", endpoint: "public-key" });
    expect(await c.keysVersion()).toBe(2);
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_1.keyId]);

    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer" });
    state.answerVersion = 1; // an instance a moment behind
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer" });
    expect(keyListFetches()).toBe(1);
  });

  it("the retirement reaches the client through the next answer: the retired key is dropped, remembered and refused", async () => {
    const { state, handler } = shop();
    const storage = new MemoryStorage();
    const { client: c, keyListFetches } = versionedClient(handler, { storage });
    state.step = 2;
    state.answerKey = KEY_2;
    await c.validate(LICENCE);
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_1.keyId]);

    state.step = 3;
    expect(await c.check(LICENCE)).toMatchObject({ ok: true, source: "online", answer: { keysVersion: 3 } });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
    expect(await c.retiredKeyIds()).toEqual([KEY_1.keyId]);
    expect(await c.keysVersion()).toBe(3);
    const fetches = keyListFetches();

    // The holder of the leaked key 1 answers in the server's place, naming the old version.
    state.answerKey = KEY_1;
    state.answerVersion = 2;
    expect(await c.validate(LICENCE)).toEqual({ kind: "rejected", reason: "retired-key" });
    // One more look at the list (the key is not trusted), which still retires it.
    expect(keyListFetches()).toBe(fetches + 1);
    // ...and the tool goes on with its lease, which key 2 signed.
    expect(await c.check(LICENCE)).toMatchObject({ ok: true, source: "lease", online: { kind: "rejected", reason: "retired-key" } });

    // Restarted on the same storage: still retired, still version 3.
    const restarted = versionedClient(handler, { storage });
    expect(await restarted.client.trustedKeyIds()).toEqual([KEY_2.keyId]);
    expect(await restarted.client.keysVersion()).toBe(3);
    expect(await restarted.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "retired-key" });
  });

  it("a lease signed by a key since retired no longer carries the tool offline", async () => {
    const { state, handler } = shop();
    const storage = new MemoryStorage();
    const { client: c } = versionedClient(handler, { storage });
    expect(await c.check(LICENCE)).toMatchObject({ ok: true, source: "online" }); // the lease: key 1's answer
    state.step = 2;
    await c.refreshKeys();
    state.step = 3;
    await c.refreshKeys();
    const offline = versionedClient(() => Promise.reject(new TypeError("fetch failed")), { storage });
    expect(await offline.client.check(LICENCE)).toMatchObject({ ok: false, reason: "no-lease" });
  });

  it("an answer by a key that the newer list it names retires is refused after the fetch", async () => {
    const { state, handler } = shop();
    const { client: c } = versionedClient(handler);
    state.step = 2;
    await c.refreshKeys();
    state.step = 3;
    state.answerKey = KEY_1; // a genuine-looking answer by key 1 that names version 3
    expect(await c.validate(LICENCE)).toEqual({ kind: "rejected", reason: "retired-key" });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
  });

  it("fetches the list at most once per answer, even when the list it gets is behind the answer", async () => {
    const { state, handler } = shop();
    const { client: c, keyListFetches } = versionedClient(handler);
    state.step = 2; // a cache still serves version 2...
    state.answerKey = KEY_2;
    state.answerVersion = 3; // ...while the answer, by a key the client does not know yet, names 3
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer", keyId: KEY_2.keyId });
    expect(keyListFetches()).toBe(1);
    expect(await c.keysVersion()).toBe(2);
  });

  it("when the list cannot be fetched, a verified answer still counts, and the next answer tries again", async () => {
    const { state, handler } = shop();
    const { client: c, keyListFetches } = versionedClient(handler);
    state.step = 2;
    state.listUp = false;
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer", answer: { valid: true } });
    expect(keyListFetches()).toBe(1);
    state.listUp = true;
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer" });
    expect(keyListFetches()).toBe(2);
    expect(await c.keysVersion()).toBe(2);
  });

  it("refuses an older list than it holds (a rollback), and takes the same version again", async () => {
    const { state, handler, lists } = shop();
    const { client: c } = versionedClient(handler);
    state.step = 2;
    expect(await c.refreshKeys()).toMatchObject({ ok: true, keysVersion: 2 });
    state.step = 3;
    expect(await c.refreshKeys()).toMatchObject({ ok: true, keysVersion: 3 });
    // The list from before the retirement, genuine and signed by key 2, replayed.
    lists[3] = lists[2]!;
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "stale" });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
    lists[3] = () => keyListResponse([KEY_2], [KEY_2], { retired: [KEY_1] });
    expect(await c.refreshKeys()).toMatchObject({ ok: true, keysVersion: 3 });
    // A built-in version is a floor too: a tool built from version 3 refuses version 2.
    const built = versionedClient(handler, { builtIn: [KEY_2], builtInVersion: 3 });
    state.step = 2;
    expect(await built.client.refreshKeys()).toEqual({ ok: false, reason: "stale" });
  });

  it("a retired key never comes back: not in a list of the same version, nor under another id", async () => {
    const { state, handler, lists } = shop();
    const { client: c } = versionedClient(handler);
    state.step = 2;
    await c.refreshKeys();
    state.step = 3;
    await c.refreshKeys();
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
    // Version 3 again, but naming key 1 as a signing key (under its own id, then another).
    lists[3] = () => keyListResponse([KEY_2, KEY_1], [KEY_2], { keysVersion: 3 });
    expect(await c.refreshKeys()).toEqual({ ok: true, keyIds: [KEY_2.keyId], keysVersion: 3 });
    const renamed = { ...KEY_1, keyId: "test-ed25519-renamed" };
    lists[3] = () => keyListResponse([KEY_2, renamed], [KEY_2], { keysVersion: 4 });
    expect(await c.refreshKeys()).toEqual({ ok: true, keyIds: [KEY_2.keyId], keysVersion: 4 });
  });

  it("ignores a signature by a key that the same list retires", async () => {
    const { state, handler, lists } = shop();
    const { client: c } = versionedClient(handler);
    // Key 1 (trusted, leaked) signs a list that retires it and introduces key 3.
    lists[1] = () => keyListResponse([KEY_3], [KEY_1], { retired: [KEY_1] });
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "not-endorsed" });
    expect(await c.trustedKeyIds()).toEqual([KEY_1.keyId]);
    // With a second signature by a key it trusts and the list keeps, the list counts.
    state.step = 2;
    await c.refreshKeys();
    lists[3] = () => keyListResponse([KEY_2], [KEY_1, KEY_2], { retired: [KEY_1] });
    state.step = 3;
    expect(await c.refreshKeys()).toEqual({ ok: true, keyIds: [KEY_2.keyId], keysVersion: 3 });
  });

  it("refuses a list naming one key as signing and retired, one signed only by keys it retires, one leaving nothing to trust", async () => {
    const { state, handler, lists } = shop();
    const { client: c } = versionedClient(handler);
    state.step = 2;
    await c.refreshKeys();
    lists[3] = () => {
      const body = keyListBody([KEY_2, KEY_1], { retired: [KEY_1] });
      return new Response(body, { status: 200, headers: { "x-keyshop-signature": signatureHeader([KEY_2], body) } });
    };
    state.step = 3;
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "malformed" });
    // Signed by both trusted keys, and retiring both in favour of key 3.
    lists[3] = () => keyListResponse([KEY_3], [KEY_2, KEY_1], { retired: [KEY_1, KEY_2] });
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "not-endorsed" });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_1.keyId]);
    // Key 1 retired for real; then a list (signed by key 2) that names key 1 alone would leave nothing.
    lists[3] = () => keyListResponse([KEY_2], [KEY_2], { retired: [KEY_1] });
    expect(await c.refreshKeys()).toMatchObject({ ok: true });
    lists[3] = () => keyListResponse([KEY_1], [KEY_2], { keysVersion: 4 });
    expect(await c.refreshKeys()).toEqual({ ok: false, reason: "malformed" });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
  });

  it("a tool updated with new built-in keys starts from them and their version, and keeps what it saw retired", async () => {
    const { state, handler } = shop();
    const storage = new MemoryStorage();
    const old = versionedClient(handler, { storage });
    state.step = 2;
    await old.client.refreshKeys();
    state.step = 3;
    state.answerKey = KEY_2;
    await old.client.validate(LICENCE);
    expect(await old.client.retiredKeyIds()).toEqual([KEY_1.keyId]);

    // The next release ships key 2 and key 3 (the next one), built from version 4.
    const updated = versionedClient(handler, { storage, builtIn: [KEY_2, KEY_3], builtInVersion: 4 });
    expect(await updated.client.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_3.keyId]);
    expect(await updated.client.keysVersion()).toBe(4);
    expect(await updated.client.retiredKeyIds()).toEqual([KEY_1.keyId]);
    // A release that ships key 1 again means it: what the release ships wins.
    const shipsKey1 = versionedClient(handler, { storage, builtIn: [KEY_3, KEY_1] });
    expect(await shipsKey1.client.trustedKeyIds()).toEqual([KEY_3.keyId, KEY_1.keyId]);
    expect(await shipsKey1.client.retiredKeyIds()).toEqual([]);
  });

  it("reads a key set stored by a client before key-list versions", async () => {
    const storage = new MemoryStorage();
    await storage.set(TRUSTED_KEYS_STORAGE_KEY, JSON.stringify({ version: 1, builtIn: `${KEY_1.keyId}=${KEY_1.publicKeyBase64}`, keys: trusted(KEY_2, KEY_1) }));
    const { state, handler } = shop();
    const { client: c, keyListFetches } = versionedClient(handler, { storage, builtInVersion: 0 });
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId, KEY_1.keyId]);
    expect(await c.keysVersion()).toBe(0);
    state.step = 3;
    state.answerKey = KEY_2;
    expect(await c.validate(LICENCE)).toMatchObject({ kind: "answer" });
    expect(keyListFetches()).toBe(1);
    expect(await c.trustedKeyIds()).toEqual([KEY_2.keyId]);
  });
});
