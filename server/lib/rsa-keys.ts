// RSA keys from settings: the PayWay refund key (PAYWAY_RSA_PUBLIC_KEY) is read by config.ts and
// used by the PayWay client; the built-in simulator's key pair is made here, once per process,
// so config.ts (which hands its public half to the client) needs no provider's files.
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";

export interface RsaKeyPair {
  /** SPKI PEM: what ABA hands the merchant (PAYWAY_RSA_PUBLIC_KEY). */
  publicKey: string;
  /** PKCS#8 PEM: stays inside the simulator. */
  privateKey: string;
}

/**
 * The RSA public key from a setting: a PEM (SPKI "PUBLIC KEY" or PKCS#1 "RSA PUBLIC KEY"), with
 * literal "\n" accepted for newlines (one-line environment variables), or the bare Base64 body.
 * Throws when it is not an RSA public key of at least 1024 bits.
 */
export function parseRsaPublicKey(text: string): KeyObject {
  let pem = text.trim().replace(/\\n/g, "\n");
  if (!pem.includes("-----BEGIN")) pem = `-----BEGIN PUBLIC KEY-----\n${pem.replace(/\s+/g, "")}\n-----END PUBLIC KEY-----\n`;
  const key = createPublicKey(pem);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== "rsa" || bits < 1024) throw new Error("not an RSA public key of at least 1024 bits");
  return key;
}

let processKeys: RsaKeyPair | undefined;

/**
 * One key pair per process, made on first use: the embedded server's config (which gives the
 * client the public key) and the PayWay simulator mounted in the same process (which decrypts)
 * share it, as they share the simulator's merchant id and API key. 1024 bits, as the 117-byte
 * pieces of PayWay's sample imply, and quick to make.
 */
export function processRsaKeyPair(): RsaKeyPair {
  processKeys ??= generateKeyPairSync("rsa", {
    modulusLength: 1024,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return processKeys;
}
