// Ed25519 signing for the licence answers, the hot path's largest cost. libsodium (sodium-native,
// prebuilt for every platform we ship) signs in about half the time of Node's OpenSSL 3 here
// (17.7 against 35 µs per answer, docs/benchmarks.md): OpenSSL 3 spends the difference looking up
// its providers on every call. Ed25519 is deterministic, so both give the very same signature
// (tested); when the native module cannot load, node:crypto signs.
import { createRequire } from "node:module";
import { sign, type KeyObject } from "node:crypto";

interface Sodium {
  crypto_sign_BYTES: number;
  crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
}

function loadSodium(): Sodium | undefined {
  try {
    return createRequire(import.meta.url)("sodium-native") as Sodium;
  } catch {
    return undefined;
  }
}

const sodium = loadSodium();

/** Which implementation signs in this process (tests, the start-up log). */
export const ed25519Implementation: "libsodium" | "node:crypto" = sodium ? "libsodium" : "node:crypto";

/** libsodium's form of an Ed25519 private key: the 32-byte seed followed by the 32-byte public key. */
export function sodiumSecretKey(privateKey: KeyObject): Buffer {
  const jwk = privateKey.export({ format: "jwk" });
  return Buffer.concat([Buffer.from(jwk.d!, "base64url"), Buffer.from(jwk.x!, "base64url")]);
}

/** A function that signs bytes with this private key: 64 bytes of signature. */
export function ed25519Signer(privateKey: KeyObject, implementation = ed25519Implementation): (message: Buffer) => Buffer {
  if (!sodium || implementation === "node:crypto") return (message) => sign(null, message, privateKey);
  const secretKey = sodiumSecretKey(privateKey);
  return (message) => {
    const signature = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
    sodium.crypto_sign_detached(signature, message, secretKey);
    return signature;
  };
}
