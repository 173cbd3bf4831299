// Ed25519 signatures on licence answers. The key pair is generated once, stored with its private
// half encrypted under AUTH_SECRET, and shared by every instance; the public key is published.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signingKeys } from "../../db/schema";
import { decryptSecret, encryptSecret } from "../../lib/crypto";

export const SIGNING_KEY_ID = "license-ed25519-1";
export const SIGNATURE_HEADER = "X-Keyshop-Signature";
const PURPOSE = "signing-key";

export interface Signer {
  keyId: string;
  publicKeyPem: string;
  /** The raw 32-byte public key, base64. */
  publicKeyBase64: string;
  sign(body: Uint8Array | string): string;
}

export async function loadSigner({ db, secret }: { db: Db; secret: string }): Promise<Signer> {
  let [row] = await db.select().from(signingKeys).where(eq(signingKeys.id, SIGNING_KEY_ID));
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const candidate = {
      id: SIGNING_KEY_ID,
      publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
      privateKeyEncrypted: encryptSecret(secret, PURPOSE, privateKey.export({ type: "pkcs8", format: "pem" }).toString()),
    };
    // Two instances starting together: the first insert wins, both use the stored key.
    await db.insert(signingKeys).values(candidate).onConflictDoNothing();
    [row] = await db.select().from(signingKeys).where(eq(signingKeys.id, SIGNING_KEY_ID));
  }
  const privateKey: KeyObject = createPrivateKey(decryptSecret(secret, PURPOSE, row!.privateKeyEncrypted));
  const publicKey = createPublicKey(row!.publicKeyPem);
  const raw = publicKey.export({ format: "jwk" }).x!;
  return {
    keyId: SIGNING_KEY_ID,
    publicKeyPem: row!.publicKeyPem,
    publicKeyBase64: Buffer.from(raw, "base64url").toString("base64"),
    sign: (body) => sign(null, typeof body === "string" ? Buffer.from(body) : body, privateKey).toString("base64"),
  };
}
