// RS256 ID tokens for the Google stand-in, with node:crypto only (the shop itself never signs JWTs).
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as a JWK, as Google publishes its keys at /oauth2/v3/certs. */
  jwk: Record<string, string>;
}

export function newSigningKey(kid = "keyshop-google-sim-1"): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = publicKey.export({ format: "jwk" }) as Record<string, string>;
  return { kid, privateKey, jwk: { ...jwk, kid, alg: "RS256", use: "sig" } };
}

export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const header = b64url(JSON.stringify({ alg: "RS256", kid: key.kid, typ: "JWT" }));
  const payload = b64url(JSON.stringify(claims));
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${payload}`), key.privateKey);
  return `${header}.${payload}.${b64url(signature)}`;
}
