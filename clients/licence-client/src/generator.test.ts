// The vectors file is what other implementations test against, so it must be exactly what the
// generator makes, and the generator must be deterministic and use the RFC 8032 key.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KEY_1, MESSAGES, VECTORS_FILE, buildTestVectors, renderTestVectors, signingKeyFromSeed, type TestVectorFile } from "../scripts/make-test-vectors";
import { decodeBase64, importPublicKey, verifyEd25519 } from "./signature";

// RFC 8032 section 7.1, TEST 1 (also printed in docs/licence-api.md).
const RFC_SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const RFC_PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
const RFC_EMPTY_MESSAGE_SIGNATURE =
  "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

const ANSWER_FIELDS = ["protocol", "action", "valid", "code", "message", "buyKey", "deviceKey", "nonce", "status", "expiresAt", "changesLeft", "serverTime", "leaseUntil", "maxClockRollbackSeconds", "keysVersion"];
const KEY_LIST_FIELDS = ["algorithm", "signatureHeader", "currentKeyId", "keys", "keyId", "publicKeyPem", "publicKeyBase64", "keysVersion", "retired"];

describe("test-vector generator", () => {
  it("produces byte-identical JSON to the committed test-vectors.json", () => {
    expect(renderTestVectors()).toBe(readFileSync(VECTORS_FILE, "utf8"));
    expect(renderTestVectors()).toBe(renderTestVectors());
  });

  it("derives the RFC 8032 test-1 public key from its seed and signs like the RFC", async () => {
    const key = signingKeyFromSeed("rfc", RFC_SEED);
    expect(key.publicKeyHex).toBe(RFC_PUBLIC);
    expect(Buffer.from(key.sign(""), "base64").toString("hex")).toBe(RFC_EMPTY_MESSAGE_SIGNATURE);
    expect(KEY_1).toMatchObject({ keyId: "test-ed25519-1", seedHex: RFC_SEED, publicKeyHex: RFC_PUBLIC });
  });

  it("the client's WebCrypto verifier accepts the RFC signature and refuses it one bit off", async () => {
    const publicKey = await importPublicKey(Buffer.from(RFC_PUBLIC, "hex").toString("base64"));
    const signature = new Uint8Array(Buffer.from(RFC_EMPTY_MESSAGE_SIGNATURE, "hex"));
    expect(await verifyEd25519(publicKey, signature, new Uint8Array(0))).toBe(true);
    signature[10]! ^= 1;
    expect(await verifyEd25519(publicKey, signature, new Uint8Array(0))).toBe(false);
  });

  it("writes answer bodies with the doc's field order and the server's exact messages", () => {
    const file: TestVectorFile = buildTestVectors();
    const answers = file.vectors.filter((vector) => vector.response.body.startsWith('{"protocol"')).map((vector) => JSON.parse(vector.response.body) as Record<string, unknown>);
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(Object.keys(answer)).toEqual(ANSWER_FIELDS);
      expect(answer.message).toBe(MESSAGES[answer.code as keyof typeof MESSAGES]);
    }
    const notFound = answers.find((answer) => answer.code === "NOT_FOUND")!;
    expect(notFound).toMatchObject({ action: "activate", valid: false, status: null, expiresAt: null, changesLeft: null, leaseUntil: null });
  });

  it("writes key lists with the server's field order, every version as the server counts it", () => {
    const lists = buildTestVectors().vectors.flatMap((vector) => [vector.keyList, ...(vector.keyListsBefore ?? []).map((step) => step.response)]).filter((list) => list !== undefined);
    expect(lists.length).toBeGreaterThan(5);
    for (const { body } of lists) {
      const list = JSON.parse(body) as { keys: unknown[]; retired: Array<Record<string, unknown>>; keysVersion: number };
      expect(Object.keys(list)).toEqual(KEY_LIST_FIELDS);
      for (const retired of list.retired) expect(Object.keys(retired)).toEqual(["keyId", "publicKeyBase64", "createdAt", "retiredAt"]);
      // One per key made, one per key retired; every key ever made is listed (signing or retired).
      expect(list.keysVersion).toBe(list.keys.length + 2 * list.retired.length);
    }
  });

  it("lists each key with a public key matching its seed", () => {
    for (const key of buildTestVectors().keys) {
      const derived = signingKeyFromSeed(key.keyId, key.seedHex);
      expect(key.publicKeyHex).toBe(derived.publicKeyHex);
      expect(decodeBase64(key.publicKeyBase64)).toEqual(new Uint8Array(Buffer.from(key.publicKeyHex, "hex")));
    }
  });
});
