import { generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ed25519Implementation, ed25519Signer } from "./ed25519";

describe("Ed25519 signing", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");

  it("signs with libsodium on this platform (the fast path the licence API counts on)", () => {
    expect(ed25519Implementation).toBe("libsodium");
  });

  it("gives the same signature as node:crypto, which verifies it", () => {
    const fast = ed25519Signer(privateKey);
    const node = ed25519Signer(privateKey, "node:crypto");
    for (const text of ["", '{"valid":true,"code":"VALID","nonce":"abc"}', "ខ្មែរ ✓ ".repeat(200)]) {
      const message = Buffer.from(text);
      const signature = fast(message);
      expect(signature).toHaveLength(64);
      expect(signature.equals(node(message))).toBe(true);
      expect(verify(null, message, publicKey, signature)).toBe(true);
    }
  });

  it("a signature does not verify for other bytes or another key", () => {
    const message = Buffer.from('{"code":"VALID"}');
    const signature = ed25519Signer(privateKey)(message);
    expect(verify(null, Buffer.from('{"code":"EXPIRED"}'), publicKey, signature)).toBe(false);
    expect(verify(null, message, generateKeyPairSync("ed25519").publicKey, signature)).toBe(false);
  });
});
