// `merchant_auth` for PayWay's merchant-portal APIs (refund, shared/providers/payway.md §5.5):
// the JSON is cut into 117-byte pieces, each encrypted with the merchant's RSA PUBLIC key
// (PKCS#1 v1.5 padding, as PHP's openssl_public_encrypt in PayWay's sample), the cipher blocks
// concatenated, then Base64. 117 = 128 − 11: the most PKCS#1 v1.5 fits in a 1024-bit key's block.
import { constants, publicEncrypt, type KeyObject } from "node:crypto";

export const MERCHANT_AUTH_CHUNK_BYTES = 117;

/** Encrypts in 117-byte pieces of the UTF-8 bytes (PHP's substr counts bytes too). */
export function encryptMerchantAuth(publicKey: KeyObject, json: string): string {
  const plain = Buffer.from(json, "utf8");
  const blocks: Buffer[] = [];
  for (let at = 0; at < plain.length; at += MERCHANT_AUTH_CHUNK_BYTES) {
    blocks.push(publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, plain.subarray(at, at + MERCHANT_AUTH_CHUNK_BYTES)));
  }
  return Buffer.concat(blocks).toString("base64");
}
