import { describe, expect, it } from "vitest";
import { KEY_1, KEY_2 } from "../scripts/make-test-vectors";
import { decodeBase64, parseSignatureHeader } from "./signature";

const sig1 = KEY_1.sign("body");
const sig2 = KEY_2.sign("body");
const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));

describe("parseSignatureHeader", () => {
  it("reads one signature: key id and the 64 signature bytes", () => {
    expect(parseSignatureHeader(`keyid="license-ed25519-1", ed25519=${sig1}`)).toEqual([{ keyId: "license-ed25519-1", signature: bytes(sig1) }]);
  });

  it("reads several signatures separated by ';', in order", () => {
    const parsed = parseSignatureHeader(`keyid="k2", ed25519=${sig2}; keyid="k1", ed25519=${sig1}`);
    expect(parsed).toEqual([
      { keyId: "k2", signature: bytes(sig2) },
      { keyId: "k1", signature: bytes(sig1) },
    ]);
  });

  it("ignores unknown parameters, spacing and parameter order", () => {
    const parsed = parseSignatureHeader(`  alg="x;y, z" ,ed25519=${sig1},  created=1700000000 , keyid = "k1"  `);
    expect(parsed).toEqual([{ keyId: "k1", signature: bytes(sig1) }]);
  });

  it("keeps the protocol 1 form readable, without a key id", () => {
    expect(parseSignatureHeader(`ed25519=${sig1}`)).toEqual([{ keyId: null, signature: bytes(sig1) }]);
  });

  it("gives no signature bytes for bad base64 or the wrong length", () => {
    expect(parseSignatureHeader(`keyid="k", ed25519=${sig1.replace(/=+$/, "")}`)).toEqual([{ keyId: "k", signature: null }]);
    expect(parseSignatureHeader(`keyid="k", ed25519=${sig1.slice(4)}`)).toEqual([{ keyId: "k", signature: null }]);
    expect(parseSignatureHeader(`keyid="k", ed25519=${"-_".repeat(43)}==`)).toEqual([{ keyId: "k", signature: null }]); // base64url
    expect(parseSignatureHeader(`keyid="k"`)).toEqual([{ keyId: "k", signature: null }]);
  });

  it("refuses a garbled header rather than guessing", () => {
    expect(parseSignatureHeader(`keyid="k1, ed25519=${sig1}`)).toBeNull();
    expect(parseSignatureHeader(`keyid="k1" x, ed25519=${sig1}`)).toBeNull();
    expect(parseSignatureHeader(`keyid="k1", keyid="k2", ed25519=${sig1}`)).toBeNull();
  });
});

describe("decodeBase64", () => {
  it("decodes standard base64 with padding and nothing else", () => {
    expect(decodeBase64("AQID")).toEqual(new Uint8Array([1, 2, 3]));
    expect(decodeBase64("AQI=")).toEqual(new Uint8Array([1, 2]));
    expect(decodeBase64("AQI")).toBeNull();
    expect(decodeBase64("AQ-_")).toBeNull();
    expect(decodeBase64("AQ I=")).toBeNull();
  });
});
