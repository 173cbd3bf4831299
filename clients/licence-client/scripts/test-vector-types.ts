// The shape of clients/licence-client/test-vectors.json (written by make-test-vectors.ts).
import { fileURLToPath } from "node:url";
import type { LicenseAction } from "../src/answer";

export const VECTORS_FILE = fileURLToPath(new URL("../test-vectors.json", import.meta.url));

export interface VectorKey {
  keyId: string;
  seedHex: string;
  publicKeyBase64: string;
  publicKeyHex: string;
}

export interface VectorResponse {
  status: number;
  headers: { "x-keyshop-signature"?: string };
  /** The exact body bytes, as UTF-8 text. */
  body: string;
}

export interface VectorRequestBody {
  protocol: 2;
  buyKey: string;
  deviceKey?: string;
  oldDeviceKey?: string;
  newDeviceKey?: string;
  nonce: string;
}

export type VectorExpectation = { verdict: "accept"; valid?: boolean; code?: string; trustedAfter?: string[] } | { verdict: "reject"; reason: string; trustedAfter?: string[] };

/** A key list the client is given (as the answer to `GET {baseUrl}/public-key`), and what it must decide. */
export interface KeyListStep {
  response: VectorResponse;
  expect: { verdict: "accept" } | { verdict: "reject"; reason: string };
}

export interface TestVector {
  name: string;
  /** Key lists the client fetches, in this order, before the request (its history). */
  keyListsBefore?: KeyListStep[];
  /** What the client sent: `POST {baseUrl}/{action}` with this JSON body. */
  request: { action: LicenseAction; body: VectorRequestBody };
  response: VectorResponse;
  /** The answer to `GET {baseUrl}/public-key`, when the client should fetch the key list. */
  keyList?: VectorResponse;
  expect: VectorExpectation;
}

export interface TestVectorFile {
  about: string;
  keys: VectorKey[];
  /** The key ids a client trusts (built in) before each vector. */
  trusted: string[];
  /** The key-list version those built-in keys come from. */
  trustedKeysVersion: number;
  vectors: TestVector[];
}
