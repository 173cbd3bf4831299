// Every case in test-vectors.json, fed through the real client: the request it sends, the
// response it gets (through an injected fetch) and the verdict it reaches.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VECTORS_FILE, type TestVector, type TestVectorFile } from "../scripts/make-test-vectors";
import { BASE_URL, fakeFetch, toResponse } from "../test-support/fake-server";
import { LicenseClient, type OnlineResult } from "./client";

const file = JSON.parse(readFileSync(VECTORS_FILE, "utf8")) as TestVectorFile;

// The rows of the doc's "Test vectors" table: each must have its vector.
const DOC_CASES = [
  "a valid validate answer",
  "a signed DEVICE_MISMATCH refusal",
  "a signed NOT_FOUND refusal for an activate",
  "the valid answer with one body byte changed",
  "the valid answer checked against a request with another nonce (a replay)",
  "the answer for buy key A checked against a request for buy key B (a relay)",
  "the answer for device key A checked against a request for device key B",
  "a validate answer checked against an activate request",
  "a refusal without a signature header (a forged refusal)",
  "a refusal signed by an untrusted key",
  "a key list signed by the trusted key that adds a new key, then an answer signed by the new key",
  "a key list signed only by an untrusted key",
  "a key list whose signature names the trusted key but was made by an untrusted one",
  "a valid change-key answer names the new device key",
  "a request with an untrimmed lower-case buy key and an untrimmed device key gets the normalised forms",
  // Withdrawn keys (decision 035).
  "an answer naming a newer key-list version: the client fetches the list",
  "a key list that retires a trusted key, then an answer signed by the retired key",
  "an answer signed by a trusted key, naming a newer key list that retires that key",
  "an older key list after a newer one (a rollback) is refused",
  "a key list signed only by the key it retires",
];

function send(client: LicenseClient, { action, body }: TestVector["request"]): Promise<OnlineResult> {
  if (action === "change-key") return client.changeKey({ buyKey: body.buyKey, oldDeviceKey: body.oldDeviceKey!, newDeviceKey: body.newDeviceKey! });
  const keys = { buyKey: body.buyKey, deviceKey: body.deviceKey! };
  return action === "activate" ? client.activate(keys) : client.validate(keys);
}

describe("test vectors", () => {
  it("cover every case in the doc's table, trusting only the RFC 8032 key at the start", () => {
    expect(file.vectors.map((vector) => vector.name)).toEqual(expect.arrayContaining(DOC_CASES));
    expect(file.trusted).toEqual(["test-ed25519-1"]);
    expect(file.trustedKeysVersion).toBe(1);
    // Both verdicts occur, so a client that accepts (or rejects) everything cannot pass.
    expect(new Set(file.vectors.map((vector) => vector.expect.verdict))).toEqual(new Set(["accept", "reject"]));
  });

  for (const vector of file.vectors) {
    it(vector.name, async () => {
      // The key list the server serves now: each of the history's lists in turn, then the vector's.
      let keyList: TestVector["keyList"];
      const { fetch, requests } = fakeFetch(({ method, endpoint }) => {
        if (method === "GET" && endpoint === "public-key" && keyList) return toResponse(keyList);
        if (method === "POST" && endpoint === vector.request.action) return toResponse(vector.response);
        return new Response("{}", { status: 404 });
      });
      const trustedKeys = file.keys.filter((key) => file.trusted.includes(key.keyId)).map(({ keyId, publicKeyBase64 }) => ({ keyId, publicKeyBase64 }));
      const client = new LicenseClient({ baseUrl: BASE_URL, trustedKeys, trustedKeysVersion: file.trustedKeysVersion, fetch, nonce: () => vector.request.body.nonce });

      for (const step of vector.keyListsBefore ?? []) {
        keyList = step.response;
        const decided = await client.refreshKeys();
        expect(decided.ok ? { verdict: "accept" } : { verdict: "reject", reason: decided.reason }).toEqual(step.expect);
      }
      keyList = vector.keyList;
      const before = requests.length;
      const result = await send(client, vector.request);
      const during = requests.slice(before);

      // The client sent exactly the vector's request.
      const posts = during.filter((request) => request.method === "POST");
      expect(posts).toHaveLength(1);
      expect(posts[0]!.url).toBe(`${BASE_URL}/${vector.request.action}`);
      expect(posts[0]!.body).toEqual(vector.request.body);
      // The key list is fetched once when (and only when) the answer names a key the client does
      // not trust, or a newer key list than the client holds.
      expect(during.filter((request) => request.method === "GET")).toHaveLength(vector.keyList ? 1 : 0);

      if (vector.expect.verdict === "accept") {
        expect(result.kind).toBe("answer");
        if (result.kind !== "answer") return;
        if (vector.expect.valid !== undefined) expect(result.answer.valid).toBe(vector.expect.valid);
        if (vector.expect.code !== undefined) expect(result.answer.code).toBe(vector.expect.code);
        expect(result.answer.nonce).toBe(vector.request.body.nonce);
      } else {
        expect(result).toEqual({ kind: "rejected", reason: vector.expect.reason });
      }
      if (vector.expect.trustedAfter) expect(await client.trustedKeyIds()).toEqual(vector.expect.trustedAfter);
    });
  }
});
