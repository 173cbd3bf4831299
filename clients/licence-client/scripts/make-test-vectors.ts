// Writes clients/licence-client/test-vectors.json: the cases of docs/licence-api.md "Test vectors",
// signed with the RFC 8032 test-1 key. Ed25519 is deterministic and every input here is fixed, so
// the output is byte-identical on every run (a test checks the committed file against it).
// Run: npx tsx clients/licence-client/scripts/make-test-vectors.ts
import { createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { LICENSE_MESSAGES } from "../../../contracts/licenses";
import type { LicenseAction, LicenseAnswer } from "../src/answer";
import { type TestVector, type TestVectorFile, type VectorKey, type VectorRequestBody, type VectorResponse, VECTORS_FILE } from "./test-vector-types";

export * from "./test-vector-types";


// PKCS#8 for an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410).
const PKCS8_PREFIX = "302e020100300506032b657004220420";
// SPKI for an Ed25519 public key: fixed prefix and the 32-byte key.
const SPKI_PREFIX = "302a300506032b6570032100";

export interface SigningKey extends VectorKey {
  publicKeyPem: string;
  sign(body: string): string;
}

export function signingKeyFromSeed(keyId: string, seedHex: string): SigningKey {
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.from(PKCS8_PREFIX + seedHex, "hex"), format: "der", type: "pkcs8" });
  const publicKey = Buffer.from(createPublicKey(privateKey).export({ format: "jwk" }).x!, "base64url");
  const spki = Buffer.concat([Buffer.from(SPKI_PREFIX, "hex"), publicKey]).toString("base64");
  return {
    keyId,
    seedHex,
    publicKeyBase64: publicKey.toString("base64"),
    publicKeyHex: publicKey.toString("hex"),
    publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join("\n")}\n-----END PUBLIC KEY-----\n`,
    sign: (body) => sign(null, Buffer.from(body, "utf8"), privateKey).toString("base64"),
  };
}

/** `keyid="…", ed25519=…` for each key, separated by `; ` (answers carry one, key lists one per key). */
export function signatureHeader(keys: SigningKey[], body: string): string {
  return keys.map((key) => `keyid="${key.keyId}", ed25519=${key.sign(body)}`).join("; ");
}

/** An answer body with the doc's field order (`keysVersion` left out when null: a server before it). */
export function answerBody(answer: LicenseAnswer): string {
  const ordered: LicenseAnswer = {
    protocol: answer.protocol,
    action: answer.action,
    valid: answer.valid,
    code: answer.code,
    message: answer.message,
    buyKey: answer.buyKey,
    deviceKey: answer.deviceKey,
    nonce: answer.nonce,
    status: answer.status,
    expiresAt: answer.expiresAt,
    changesLeft: answer.changesLeft,
    serverTime: answer.serverTime,
    leaseUntil: answer.leaseUntil,
    maxClockRollbackSeconds: answer.maxClockRollbackSeconds,
    keysVersion: answer.keysVersion,
  };
  if (answer.keysVersion === null) delete (ordered as Partial<LicenseAnswer>).keysVersion;
  return JSON.stringify(ordered);
}

const CREATED_AT = "2026-11-01T00:00:00.000Z";
const RETIRED_AT = "2026-11-20T00:00:00.000Z";

/**
 * A key list body as `GET /public-key` serves it, in the server's field order: the first key is
 * the current one; `retired` keys are listed apart. `keysVersion` as the server counts it: one per
 * key made, one per key retired.
 */
export function keyListBody(keys: SigningKey[], options: { retired?: SigningKey[]; keysVersion?: number | null } = {}): string {
  const retired = options.retired ?? [];
  // null: the list of a server before key-list versions (no keysVersion, no retired).
  const versioned = options.keysVersion !== null;
  const keysVersion = options.keysVersion ?? keys.length + 2 * retired.length;
  const [current] = keys;
  const createdAt = CREATED_AT;
  return JSON.stringify({
    algorithm: "Ed25519",
    signatureHeader: "X-Keyshop-Signature",
    currentKeyId: current!.keyId,
    keys: keys.map((key, index) => ({
      keyId: key.keyId,
      status: index === 0 ? "current" : "previous",
      publicKeyBase64: key.publicKeyBase64,
      publicKeyPem: key.publicKeyPem,
      createdAt,
    })),
    keyId: current!.keyId,
    publicKeyPem: current!.publicKeyPem,
    publicKeyBase64: current!.publicKeyBase64,
    ...(versioned ? { keysVersion, retired: retired.map((key) => ({ keyId: key.keyId, publicKeyBase64: key.publicKeyBase64, createdAt, retiredAt: RETIRED_AT })) } : {}),
  });
}

/** The server's messages, word for word (the generator runs in the repository; the client does not need them). */
export const MESSAGES = LICENSE_MESSAGES;

export const KEY_1 = signingKeyFromSeed("test-ed25519-1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
export const KEY_2 = signingKeyFromSeed("test-ed25519-2", "01".repeat(32));
/** Nobody trusts this one: it stands for an attacker's key. */
export const KEY_3 = signingKeyFromSeed("test-ed25519-3", "02".repeat(32));

const BUY_KEY = "KS-7QX4M-9HTRW-KD2PA-M3XVE";
const OTHER_BUY_KEY = "KS-A2B3C-D4E5F-G6H7J-K8M9N";
const DEVICE_KEY = "PC-LDREEL-0001";
const OTHER_DEVICE_KEY = "PC-LDREEL-0002";
const SERVER_TIME = "2026-11-23T09:00:00.000Z";
const EXPIRES_AT = "2026-12-23T09:00:00.000Z";
const LEASE_UNTIL = "2026-11-30T09:00:00.000Z";

/** The doc's sample answer: valid, validate, two changes left, a 7-day lease. */
export function validAnswer(overrides: Partial<LicenseAnswer> = {}): LicenseAnswer {
  return {
    protocol: 2,
    action: "validate",
    valid: true,
    code: "VALID",
    message: MESSAGES.VALID,
    buyKey: BUY_KEY,
    deviceKey: DEVICE_KEY,
    nonce: "u8Jc0Qq3nR2mZ9xK1tV7yA",
    status: "Active",
    expiresAt: EXPIRES_AT,
    changesLeft: 2,
    serverTime: SERVER_TIME,
    leaseUntil: LEASE_UNTIL,
    maxClockRollbackSeconds: 300,
    keysVersion: 1,
    ...overrides,
  };
}

/** A refusal: `leaseUntil` is null, the rest describes the licence. */
export function refusal(code: keyof typeof MESSAGES, overrides: Partial<LicenseAnswer> = {}): LicenseAnswer {
  return validAnswer({ valid: false, code, message: MESSAGES[code], leaseUntil: null, ...overrides });
}

function signed(answer: LicenseAnswer, key: SigningKey = KEY_1): VectorResponse {
  const body = answerBody(answer);
  return { status: 200, headers: { "x-keyshop-signature": signatureHeader([key], body) }, body };
}

function keyList(listed: SigningKey[], signers: SigningKey[], options: Parameters<typeof keyListBody>[1] = {}): VectorResponse {
  const body = keyListBody(listed, options);
  return { status: 200, headers: { "x-keyshop-signature": signatureHeader(signers, body) }, body };
}

function requestFor(answer: LicenseAnswer, overrides: Partial<VectorRequestBody> = {}): { action: LicenseAction; body: VectorRequestBody } {
  return { action: answer.action, body: { protocol: 2, buyKey: answer.buyKey, deviceKey: answer.deviceKey, nonce: answer.nonce, ...overrides } };
}

export function buildTestVectors(): TestVectorFile {
  const valid = validAnswer();
  const validResponse = signed(valid);
  const mismatch = refusal("DEVICE_MISMATCH", { nonce: "Dm1smAtch-N0nce_000001" });
  const notFound = refusal("NOT_FOUND", {
    action: "activate",
    buyKey: OTHER_BUY_KEY,
    nonce: "N0tF0und-N0nce_0000001",
    status: null,
    expiresAt: null,
    changesLeft: null,
  });
  const forged = refusal("EXPIRED", { status: "Expired", nonce: "F0rged-Refusal_0000001" });
  const untrusted = refusal("EXPIRED", { status: "Expired", nonce: "Untrusted-Key_00000001" });
  const byNewKey = validAnswer({ nonce: "Rotated-Key_0000000001", keysVersion: 2 });
  const byAttacker = validAnswer({ nonce: "Attacker-List_00000001" });
  const byImpostor = validAnswer({ nonce: "Impostor-List_00000001" });
  const changed = validAnswer({ action: "change-key", code: "KEY_CHANGED", message: MESSAGES.KEY_CHANGED, deviceKey: OTHER_DEVICE_KEY, changesLeft: 1, nonce: "Key-Changed_0000000001" });
  const normalised = validAnswer({ nonce: "Normalised-Keys_000001" });
  const namingNewerList = validAnswer({ nonce: "Newer-Key-List_0000001", keysVersion: 2 });
  const byRetiredKey = validAnswer({ nonce: "Retired-Key_0000000001", keysVersion: 2 });
  const byKeyItsListRetires = validAnswer({ nonce: "Retired-By-Answer_0001", keysVersion: 3 });
  const afterRollback = validAnswer({ nonce: "After-Rollback_0000001", keysVersion: 3 });
  const bySelfRetiring = validAnswer({ nonce: "Self-Retiring-List_001", keysVersion: 2 });

  // The shop's history: key 1 (version 1); rotation to key 2 (version 2); key 1 retired (version 3).
  const rotated = keyList([KEY_2, KEY_1], [KEY_2, KEY_1]);
  const key1Retired = keyList([KEY_2], [KEY_2], { retired: [KEY_1] });

  const vectors: TestVector[] = [
    {
      name: "a valid validate answer",
      request: requestFor(valid),
      response: validResponse,
      expect: { verdict: "accept", valid: true, code: "VALID" },
    },
    {
      name: "a signed DEVICE_MISMATCH refusal",
      request: requestFor(mismatch),
      response: signed(mismatch),
      expect: { verdict: "accept", valid: false, code: "DEVICE_MISMATCH" },
    },
    {
      name: "a signed NOT_FOUND refusal for an activate",
      request: requestFor(notFound),
      response: signed(notFound),
      expect: { verdict: "accept", valid: false, code: "NOT_FOUND" },
    },
    {
      name: "the valid answer with one body byte changed",
      request: requestFor(valid),
      // "changesLeft":2 becomes 9: one byte, still well-formed JSON, so only the signature can tell.
      response: { ...validResponse, body: validResponse.body.replace('"changesLeft":2', '"changesLeft":9') },
      expect: { verdict: "reject", reason: "bad-signature" },
    },
    {
      name: "the valid answer checked against a request with another nonce (a replay)",
      request: requestFor(valid, { nonce: "Fresh-Request-N0nce_01" }),
      response: validResponse,
      expect: { verdict: "reject", reason: "nonce" },
    },
    {
      name: "the answer for buy key A checked against a request for buy key B (a relay)",
      request: requestFor(valid, { buyKey: OTHER_BUY_KEY }),
      response: validResponse,
      expect: { verdict: "reject", reason: "buy-key" },
    },
    {
      name: "the answer for device key A checked against a request for device key B",
      request: requestFor(valid, { deviceKey: OTHER_DEVICE_KEY }),
      response: validResponse,
      expect: { verdict: "reject", reason: "device-key" },
    },
    {
      name: "a validate answer checked against an activate request",
      request: { ...requestFor(valid), action: "activate" },
      response: validResponse,
      expect: { verdict: "reject", reason: "action" },
    },
    {
      name: "a refusal without a signature header (a forged refusal)",
      request: requestFor(forged),
      response: { status: 200, headers: {}, body: answerBody(forged) },
      expect: { verdict: "reject", reason: "no-signature" },
    },
    {
      name: "a refusal signed by an untrusted key",
      request: requestFor(untrusted),
      response: signed(untrusted, KEY_3),
      // The client looks the key id up in the genuine key list, which does not name it.
      keyList: keyList([KEY_1], [KEY_1]),
      expect: { verdict: "reject", reason: "unknown-key", trustedAfter: [KEY_1.keyId] },
    },
    {
      name: "a key list signed by the trusted key that adds a new key, then an answer signed by the new key",
      request: requestFor(byNewKey),
      response: signed(byNewKey, KEY_2),
      keyList: rotated,
      expect: { verdict: "accept", valid: true, code: "VALID", trustedAfter: [KEY_2.keyId, KEY_1.keyId] },
    },
    {
      name: "a key list signed only by an untrusted key",
      request: requestFor(byAttacker),
      response: signed(byAttacker, KEY_3),
      keyList: keyList([KEY_3, KEY_1], [KEY_3]),
      expect: { verdict: "reject", reason: "unknown-key", trustedAfter: [KEY_1.keyId] },
    },
    {
      name: "a key list whose signature names the trusted key but was made by an untrusted one",
      request: requestFor(byImpostor),
      response: signed(byImpostor, KEY_3),
      keyList: (() => {
        const body = keyListBody([KEY_3, KEY_1]);
        return { status: 200, headers: { "x-keyshop-signature": `keyid="${KEY_1.keyId}", ed25519=${KEY_3.sign(body)}` }, body };
      })(),
      expect: { verdict: "reject", reason: "unknown-key", trustedAfter: [KEY_1.keyId] },
    },
    {
      name: "a valid change-key answer names the new device key",
      request: { action: "change-key", body: { protocol: 2, buyKey: BUY_KEY, oldDeviceKey: DEVICE_KEY, newDeviceKey: OTHER_DEVICE_KEY, nonce: changed.nonce } },
      response: signed(changed),
      expect: { verdict: "accept", valid: true, code: "KEY_CHANGED" },
    },
    {
      name: "a request with an untrimmed lower-case buy key and an untrimmed device key gets the normalised forms",
      request: requestFor(normalised, { buyKey: `  ${BUY_KEY.toLowerCase()} `, deviceKey: ` ${DEVICE_KEY}\t` }),
      response: signed(normalised),
      expect: { verdict: "accept", valid: true, code: "VALID" },
    },
    {
      name: "an answer naming a newer key-list version: the client fetches the list",
      request: requestFor(namingNewerList),
      // Signed by the trusted key: only keysVersion 2 > 1 sends the client to the list.
      response: signed(namingNewerList),
      keyList: rotated,
      expect: { verdict: "accept", valid: true, code: "VALID", trustedAfter: [KEY_2.keyId, KEY_1.keyId] },
    },
    {
      name: "a key list that retires a trusted key, then an answer signed by the retired key",
      keyListsBefore: [
        { response: rotated, expect: { verdict: "accept" } },
        { response: key1Retired, expect: { verdict: "accept" } },
      ],
      request: requestFor(byRetiredKey),
      // A leaked key 1 signs an answer; the client looks once more at the list, which still retires it.
      response: signed(byRetiredKey, KEY_1),
      keyList: key1Retired,
      expect: { verdict: "reject", reason: "retired-key", trustedAfter: [KEY_2.keyId] },
    },
    {
      name: "an answer signed by a trusted key, naming a newer key list that retires that key",
      keyListsBefore: [{ response: rotated, expect: { verdict: "accept" } }],
      request: requestFor(byKeyItsListRetires),
      response: signed(byKeyItsListRetires, KEY_1),
      keyList: key1Retired,
      expect: { verdict: "reject", reason: "retired-key", trustedAfter: [KEY_2.keyId] },
    },
    {
      name: "an older key list after a newer one (a rollback) is refused",
      keyListsBefore: [
        { response: rotated, expect: { verdict: "accept" } },
        { response: key1Retired, expect: { verdict: "accept" } },
        // Recorded before the retirement and replayed: genuinely signed by key 2, but version 2 < 3.
        { response: rotated, expect: { verdict: "reject", reason: "stale" } },
      ],
      request: requestFor(afterRollback),
      response: signed(afterRollback, KEY_2),
      expect: { verdict: "accept", valid: true, code: "VALID", trustedAfter: [KEY_2.keyId] },
    },
    {
      name: "a key list signed only by the key it retires",
      request: requestFor(bySelfRetiring),
      response: signed(bySelfRetiring, KEY_3),
      // Whoever holds key 1 (leaked) retires it and names their own key 3: key 1's word counts for nothing here.
      keyList: keyList([KEY_3], [KEY_1], { retired: [KEY_1] }),
      expect: { verdict: "reject", reason: "unknown-key", trustedAfter: [KEY_1.keyId] },
    },
  ];

  const publicPart = ({ keyId, seedHex, publicKeyBase64, publicKeyHex }: SigningKey): VectorKey => ({ keyId, seedHex, publicKeyBase64, publicKeyHex });
  return {
    about: "Licence API protocol 2 test vectors (docs/licence-api.md). Made by clients/licence-client/scripts/make-test-vectors.ts; do not edit by hand.",
    keys: [KEY_1, KEY_2, KEY_3].map(publicPart),
    trusted: [KEY_1.keyId],
    trustedKeysVersion: 1,
    vectors,
  };
}

export function renderTestVectors(): string {
  return JSON.stringify(buildTestVectors(), null, 2) + "\n";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(VECTORS_FILE, renderTestVectors());
  console.log(`wrote ${VECTORS_FILE}`);
}
