// The simulator's side of merchant_auth: its RSA key pair and the decryption of what a merchant
// encrypted with the public half (117-byte pieces, PKCS#1 v1.5, concatenated, Base64).
import { constants, createPrivateKey, privateDecrypt, type KeyObject } from "node:crypto";
import { processRsaKeyPair, type RsaKeyPair } from "../../../lib/rsa-keys";

export type SimKeyPair = RsaKeyPair;

/** The simulator's key pair: the process's own (server/lib/rsa-keys.ts), which config.ts hands to the client. */
export const simulatorKeyPair = processRsaKeyPair;

/**
 * Removes PKCS#1 v1.5 encryption padding (0x00 0x02, at least 8 non-zero bytes, 0x00, message).
 * Done by hand because Node 20 refuses privateDecrypt with RSA_PKCS1_PADDING since the fix for
 * CVE-2023-46809 (the Marvin timing attack) unless started with --security-revert, which tests
 * and the dev server must not need. The timing leak it guards against is no concern for a local
 * simulator's throwaway key; the client only encrypts, which Node still allows.
 */
function unpad(block: Buffer): Buffer | null {
  if (block[0] !== 0x00 || block[1] !== 0x02) return null;
  const end = block.indexOf(0x00, 2);
  if (end < 10) return null;
  return block.subarray(end + 1);
}

/** merchant_auth → the JSON text, or null when it is not this key's encryption. */
export function decryptMerchantAuth(privateKeyPem: string | KeyObject, merchantAuth: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(merchantAuth) || merchantAuth.length % 4 !== 0) return null;
  const key = typeof privateKeyPem === "string" ? createPrivateKey(privateKeyPem) : privateKeyPem;
  const blockBytes = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
  const cipher = Buffer.from(merchantAuth, "base64");
  if (!blockBytes || cipher.length === 0 || cipher.length % blockBytes !== 0) return null;
  const parts: Buffer[] = [];
  for (let at = 0; at < cipher.length; at += blockBytes) {
    let block: Buffer;
    try {
      block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, cipher.subarray(at, at + blockBytes));
    } catch {
      return null;
    }
    const part = unpad(block);
    if (!part) return null;
    parts.push(part);
  }
  return Buffer.concat(parts).toString("utf8");
}
