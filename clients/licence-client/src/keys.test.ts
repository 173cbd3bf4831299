// Key discovery and rotation: an answer by an unknown key id makes the client fetch the key list
// once; the list is believed only when a key it already trusts signed it.
import { describe, expect, it } from "vitest";
import { KEY_1, KEY_2, KEY_3, keyListBody, signatureHeader, type SigningKey } from "../scripts/make-test-vectors";
import { BASE_URL, answerTo, fakeFetch, signedResponse, trusted, type Handler } from "../test-support/fake-server";
import { LicenceClient } from "./client";
import { TRUSTED_KEYS_STORAGE_KEY } from "./keys";
import { MemoryStorage, type LicenceStorage } from "./storage";

const LICENCE = { buyKey: "KS-7QX4M-9HTRW-KD2PA-M3XVE", deviceKey: "PC-LDREEL-0001" };
const NOW = new Date("2026-11-23T09:00:00.000Z");

function keyListResponse(listed: SigningKey[], signers: SigningKey[]): Response {
  const body = keyListBody(listed);
  return new Response(body, { status: 200, headers: { "x-keyshop-signature": signatureHeader(signers, body) } });
}

/** A server whose answers are signed by `answerKey` and whose key list the test chooses. */
function server(answerKey: SigningKey, keyList: () => Response): Handler {
  return (request) => (request.endpoint === "public-key" ? keyList() : signedResponse(answerTo(request, NOW), answerKey));
}

function client(handler: Handler, storage: LicenceStorage = new MemoryStorage(), builtIn: SigningKey[] = [KEY_1]) {
  const { fetch, requests } = fakeFetch(handler);
  const licenceClient = new LicenceClient({ baseUrl: BASE_URL, trustedKeys: trusted(...builtIn), storage, fetch, now: () => NOW });
  const keyListFetches = () => requests.filter((request) => request.method === "GET" && request.url === `${BASE_URL}/public-key`).length;
  return { client: licenceClient, keyListFetches };
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

  it("forgets a retired key once an endorsed list no longer names it, also after a restart", async () => {
    const storage = new MemoryStorage();
    let list = () => keyListResponse([KEY_2, KEY_1], [KEY_2, KEY_1]);
    let answerKey = KEY_2;
    const first = client((request) => server(answerKey, () => list())(request), storage);
    await first.client.validate(LICENCE);

    // Key 1 retired: the list names key 2 only, signed by key 2 (now trusted).
    list = () => keyListResponse([KEY_2], [KEY_2]);
    expect(await first.client.refreshKeys()).toEqual({ ok: true, keyIds: [KEY_2.keyId] });
    answerKey = KEY_1;
    expect(await first.client.validate(LICENCE)).toEqual({ kind: "rejected", reason: "unknown-key" });

    const restarted = client(server(KEY_1, () => keyListResponse([KEY_2], [KEY_2])), storage);
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
