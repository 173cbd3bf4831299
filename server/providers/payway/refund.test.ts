// The refund request in the client: merchant_auth (117-byte pieces, RSA PKCS#1 v1.5, Base64,
// read back by the simulator's independent unpadding), the hash, and the answers' mapping.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPaywayClient, PaywayError, type PaywaySettings } from "./client";
import { paywayHash, refundHash } from "./hash";
import { parseRsaPublicKey } from "../../lib/rsa-keys";
import { encryptMerchantAuth, MERCHANT_AUTH_CHUNK_BYTES } from "./merchant-auth";
import { refundMerchantAuthJson } from "./refund";
import { decryptMerchantAuth } from "./simulator/rsa";

const keys = (bits: number) => {
  const pair = generateKeyPairSync("rsa", { modulusLength: bits });
  return { pub: pair.publicKey.export({ type: "spki", format: "pem" }).toString(), priv: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(), pair };
};
const k1024 = keys(1024);

describe("merchant_auth", () => {
  it("is the exact JSON PayWay's sample encodes (the amount as a decimal, never a float)", () => {
    expect(refundMerchantAuthJson("ec000002", "KS260923050607ABCDEF", "1.50")).toBe('{"mc_id":"ec000002","tran_id":"KS260923050607ABCDEF","refund_amount":1.50}');
  });

  it("encrypts 117-byte pieces of the UTF-8 bytes into one key-sized block each, Base64", () => {
    expect(MERCHANT_AUTH_CHUNK_BYTES).toBe(117);
    const text = `${"x".repeat(200)}é`; // 202 bytes: 117 + 85
    const auth = encryptMerchantAuth(parseRsaPublicKey(k1024.pub), text);
    const raw = Buffer.from(auth, "base64");
    expect(raw).toHaveLength(2 * 128);
    const piece = (i: number) => decryptMerchantAuth(k1024.priv, raw.subarray(i * 128, (i + 1) * 128).toString("base64"));
    expect(Buffer.from(piece(0)!, "utf8")).toHaveLength(117);
    expect(decryptMerchantAuth(k1024.priv, auth)).toBe(text);
    // PKCS#1 v1.5 padding is random: the same text never encrypts the same way twice.
    expect(encryptMerchantAuth(parseRsaPublicKey(k1024.pub), text)).not.toBe(auth);
  });

  it("works with longer keys too (still 117-byte pieces, 256-byte blocks for 2048 bits)", () => {
    const k2048 = keys(2048);
    const text = "y".repeat(300);
    const auth = encryptMerchantAuth(parseRsaPublicKey(k2048.pub), text);
    expect(Buffer.from(auth, "base64")).toHaveLength(3 * 256);
    expect(decryptMerchantAuth(k2048.priv, auth)).toBe(text);
  });

  it("the simulator refuses what is not this key's encryption", () => {
    const auth = encryptMerchantAuth(parseRsaPublicKey(k1024.pub), "hello");
    const other = keys(1024);
    expect(decryptMerchantAuth(other.priv, auth)).toBeNull();
    const bytes = Buffer.from(auth, "base64");
    bytes[5] = bytes[5]! ^ 0xff;
    expect(decryptMerchantAuth(k1024.priv, bytes.toString("base64"))).toBeNull();
    expect(decryptMerchantAuth(k1024.priv, auth.slice(0, -8))).toBeNull();
    expect(decryptMerchantAuth(k1024.priv, "not base64!")).toBeNull();
  });

  it("reads the key as SPKI or PKCS#1 PEM, one line with \\n, or bare Base64; refuses others", () => {
    const pkcs1 = k1024.pair.publicKey.export({ type: "pkcs1", format: "pem" }).toString();
    for (const text of [k1024.pub, pkcs1, k1024.pub.trim().replace(/\n/g, "\\n"), k1024.pub.replace(/-----[A-Z ]+-----/g, "")]) {
      expect(parseRsaPublicKey(text).export({ type: "spki", format: "pem" })).toBe(k1024.pub);
    }
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(() => parseRsaPublicKey(ec)).toThrow();
    expect(() => parseRsaPublicKey("garbage")).toThrow();
  });
});

describe("refund hash and answers", () => {
  it("hashes request_time + merchant_id + merchant_auth like the other requests", () => {
    expect(refundHash("test-api-key", "20260923050607", "ec000002", "QUJD")).toBe(paywayHash("test-api-key", ["20260923050607ec000002QUJD"]));
    expect(refundHash("test-api-key", "20260923050607", "ec000002", "QUJD")).not.toBe(refundHash("test-api-key", "20260923050607", "ec000002", "QUJE"));
  });

  const stub = (status: number, body: unknown): PaywaySettings => ({
    baseUrl: "https://checkout-sandbox.payway.com.kh",
    merchantId: "ec000002",
    apiKey: "k",
    rsaPublicKey: k1024.pub,
    fetch: (async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status })) as typeof fetch,
  });
  const refund = (settings: PaywaySettings) => createPaywayClient(settings).refund({ tranId: "KS1", amountMills: 1_500 });

  it("reads the totals beside status or inside data; a refusal keeps PayWay's code and message", async () => {
    const totals = { grand_total: 18, total_refunded: 3, currency: "USD", transaction_status: "REFUNDED" };
    const expected = { outcome: "refunded", amountMills: 1_500, totalRefundedMills: 3_000, grandTotalMills: 18_000, currency: "USD", transactionStatus: "REFUNDED" };
    expect(await refund(stub(200, { ...totals, status: { code: "00", message: "Success!" } }))).toEqual(expected);
    expect(await refund(stub(200, { data: totals, status: { code: "00", message: "Success!" } }))).toEqual(expected);
    expect(await refund(stub(403, { status: { code: "PTL181", message: "The available balance is not enough to refund the customer" } }))).toEqual({
      outcome: "refused",
      code: "PTL181",
      message: "The available balance is not enough to refund the customer",
      httpStatus: 403,
    });
  });

  it("throws for a wrong hash, a bad key setting and transport failures", async () => {
    for (const [settings, code] of [
      [stub(403, { status: { code: "PTL02", message: "Invalid hash" } }), "PTL02"],
      [stub(403, { status: { code: "01", message: "Wrong Hash." } }), "01"],
      [{ ...stub(200, {}), rsaPublicKey: "not a key" }, "rsa_key_invalid"],
      [stub(502, "Bad gateway"), undefined],
      [stub(200, { nothing: true }), undefined],
    ] as const) {
      const err = await refund(settings).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaywayError);
      expect((err as PaywayError).code).toBe(code);
    }
    await expect(createPaywayClient(stub(200, {})).refund({ tranId: "KS1", amountMills: 0 })).rejects.toBeInstanceOf(RangeError);
    await expect(createPaywayClient(stub(200, {})).refund({ tranId: "KS1", amountMills: 1_005 })).rejects.toBeInstanceOf(RangeError);
  });
});
