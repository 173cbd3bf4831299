// Unit tests: PayWay's known-answer vectors (shared/providers/payway.md §2 and §6), field formats
// and amount conversions (never through floats).
import { describe, expect, it } from "vitest";
import { amountString, numberToMills } from "./amounts";
import { callbackSignature, checkCallbackSignature, phpJsonEncode, phpString } from "./callback-signature";
import { buildPurchaseForm, sanitizeName } from "./client";
import { formatReqTime, fromBase64, paywayHash, purchaseHash, toBase64, TRAN_ID_PATTERN, tranIdHash } from "./hash";
import { newTranId } from "./tran-id";

const NOT_REAL = "test-api-key-not-real";

describe("PayWay request hashes (known answers)", () => {
  it("check / detail / close: req_time + merchant_id + tran_id", () => {
    expect(tranIdHash(NOT_REAL, "20260923050607", "ec000002", "TP260923050607AB12CD")).toBe(
      "irCS1+A0+3XGMUK8dZJvMaiL6cL5FKqis72NIHMph17slgtjT2vBKggZuSekiTz3XDRbOr3j8phKTa8ghCpgaQ==",
    );
    expect(tranIdHash("test-api-key", "20260102030405", "ec000002", "order-1001")).toBe(
      "a1OnR0s1QSLAg/maFMEl4VITaNZDnZ42vDmlq83b/5k0XocKat80FrGO8xSgoF1XWLh/wRugYbKWkAubhdMv3w==",
    );
  });

  it("purchase with Base64 fields hashed in encoded form, in the documented order", () => {
    const fields = {
      req_time: "20260923050607",
      merchant_id: "ec000002",
      tran_id: "TP260923050607AB12CD",
      amount: "2000",
      return_url: toBase64("https://pay.tovmuksolution.com/api/payway/callback"),
      cancel_url: "https://pay.tovmuksolution.com/api/payway/cancel?tran_id=TP260923050607AB12CD",
      continue_success_url: "https://pay.tovmuksolution.com/api/payway/return?tran_id=TP260923050607AB12CD",
      currency: "KHR",
      custom_fields: toBase64('{"account_number":"000123456","sender_name":"Sokha Chan"}'),
      lifetime: "15",
      skip_success_page: "1",
    };
    expect(purchaseHash(NOT_REAL, fields)).toBe("wBxePjlVgBBvUW5Qzk+PYPm7vaq2XWaifCuf38CwTQQUq5cPzqCkQUhUKaBkuoFmRqcdfHf7Ma08z9xqowqf8w==");
    // Raw (un-encoded) return_url gives a different hash: the classic mistake.
    expect(purchaseHash(NOT_REAL, { ...fields, return_url: "https://pay.tovmuksolution.com/api/payway/callback" })).not.toBe(purchaseHash(NOT_REAL, fields));
  });

  it("purchase minimal: absent optional fields are empty strings", () => {
    const expected = "WKiThsqkOpTg7vNxjMJl/BhSHYWGn0y0LsCxyQrtip8++ewi7nzBe0p3aiO7JwSRtFISL4ecdgzlWqdHWEOi0w==";
    expect(purchaseHash("test-api-key", { req_time: "20260102030405", merchant_id: "ec000002", tran_id: "order-1001", amount: "6.5" })).toBe(expected);
    expect(paywayHash("test-api-key", ["20260102030405ec000002order-10016.5"])).toBe(expected);
  });
});

describe("PayWay callback signature (PHP semantics, known answers)", () => {
  const rich =
    '{"tran_id":"9065703303","apv":"544415","status":"0","return_params":"{\\"order_id\\":\\"123\\",\\"amount\\":100,\\"client_id\\":\\"1234567890\\"}","original_amount":0.01,"original_currency":"USD","payment_amount":0.01,"payment_currency":"USD","total_amount":0.01,"discount_amount":0,"transaction_date":"2026-08-03 13:57:20","first_name":"","last_name":"","email":"","phone":"","bank_ref":"100FT40074059022","payment_type":"ABA Pay","payer_account":"003471222","bank_name":"","card_source":""}';

  it("the rich documented body, with both keys", () => {
    expect(callbackSignature(NOT_REAL, JSON.parse(rich))).toBe("SlhlCv4H+nHo1hXzeYdEzRLznmmBmA6OZDfQeB9U7GTlthQ2WXrxEZ1JgLLqC3qf9WAK/WtxTPI41AK8ZTno/g==");
    expect(callbackSignature("test-api-key", JSON.parse(rich))).toBe("m421al19UKJqSJjY5jTgduIgItSXjMkoKb4xqhpTIKoJZnh5M61MpIOIjUYwqPaaO1ZAgzo1IeIwfWpgLCRqaQ==");
  });

  it("edge cases: nested objects, Khmer text, booleans, null, 2000.0, 0.1, lists", () => {
    const edge = '{"tran_id":"TP1","status":"0","z":{"url":"https://a/b","name":"សុខា"},"flag":true,"off":false,"none":null,"amt":2000.0,"f":0.1,"list":[1,"x/y"]}';
    expect(callbackSignature(NOT_REAL, JSON.parse(edge))).toBe("aMT+FteCtqADLQNrgvgP54D60UvcdS7jA/FMG5QdH55IkAkWR9ykLELbiKxt/fPVDT+Rzeog8laQuHnJevBNPA==");
  });

  it("the minimal documented body; a body `hash` field is ignored", () => {
    const body = { tran_id: "17425401324", apv: "619195", status: "0", return_params: "xxxxxxxxxx" };
    const expected = "eTfhZp2w6+AcbS26/cIhtCYIm3pvasBhEw13yCfGkK7E6ZRrtKI08ZA+UWG/FdMs0DB0fETZDm+83jkYqgfHCw==";
    expect(callbackSignature("test-api-key", body)).toBe(expected);
    expect(callbackSignature("test-api-key", { ...body, hash: "whatever" })).toBe(expected);
    expect(checkCallbackSignature("test-api-key", body, expected)).toBe("valid");
    expect(checkCallbackSignature("test-api-key", { ...body, status: "3" }, expected)).toBe("invalid");
    expect(checkCallbackSignature("other-key", body, expected)).toBe("invalid");
    expect(checkCallbackSignature("test-api-key", body, undefined)).toBe("absent");
  });

  it("reproduces PHP's string casts and json_encode defaults", () => {
    expect([true, false, null, 2000, 0.1, 0.1 + 0.2, "x"].map(phpString)).toEqual(["1", "", "", "2000", "0.1", "0.3", "x"]);
    expect(phpJsonEncode({})).toBe("[]");
    expect(phpJsonEncode({ a: "é/", b: [1, { c: null }] })).toBe('{"a":"\\u00e9\\/","b":[1,{"c":null}]}');
    expect(phpJsonEncode({ 0: "a", 1: "b" })).toBe('["a","b"]');
  });
});

describe("PayWay field formats", () => {
  it("req_time is UTC YYYYMMDDHHmmss, zero-padded, 24-hour", () => {
    expect(formatReqTime(new Date("2026-09-23T05:06:07.890Z"))).toBe("20260923050607");
    expect(formatReqTime(new Date("2026-01-02T23:04:05+07:00"))).toBe("20260102160405");
  });

  it("tran_id is unique, at most 20 characters of letters, digits and '-'", () => {
    const now = new Date("2026-09-23T05:06:07Z");
    const ids = new Set(Array.from({ length: 2000 }, () => newTranId(now)));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(TRAN_ID_PATTERN);
      expect(id).toHaveLength(20);
      expect(id.startsWith("KS260923050607")).toBe(true);
    }
  });

  it("builds a signed purchase form: Base64 return_url / items / custom_fields, only fields sent are hashed", () => {
    const settings = { baseUrl: "https://checkout-sandbox.payway.com.kh", merchantId: "ec000002", apiKey: NOT_REAL };
    const form = buildPurchaseForm(settings, {
      tranId: "KS260923050607ABCDEF",
      amountMills: 29_990,
      currency: "USD",
      returnUrl: "https://shop.example/api/payway/callback",
      continueSuccessUrl: "https://shop.example/api/check-transaction-plan?tran_id=KS260923050607ABCDEF",
      firstname: "Sok 3rd!",
      lastname: "",
      email: "buyer@example.com",
      paymentOption: "abapay_khqr",
      items: [{ name: "3 Months", quantity: 1, priceMills: 29_990 }],
      customFields: { plan_title: "3 Months", is_topup: false },
      lifetimeMinutes: 30,
      now: new Date("2026-09-23T05:06:07Z"),
    });
    expect(form.action).toBe("https://checkout-sandbox.payway.com.kh/api/payment-gateway/v1/payments/purchase");
    expect(form.fields).toMatchObject({ req_time: "20260923050607", amount: "29.99", firstname: "Sok rd", currency: "USD", lifetime: "30", payment_option: "abapay_khqr" });
    expect(form.fields).not.toHaveProperty("lastname");
    expect(fromBase64(form.fields.return_url!)).toBe("https://shop.example/api/payway/callback");
    expect(fromBase64(form.fields.items!)).toBe('[{"name":"3 Months","quantity":1,"price":29.99}]');
    expect(JSON.parse(fromBase64(form.fields.custom_fields!)!)).toEqual({ plan_title: "3 Months", is_topup: false });
    const { hash, ...sent } = form.fields;
    expect(purchaseHash(NOT_REAL, sent)).toBe(hash);
  });

  it("sanitises names to letters (PayWay errors 16/17) and at most 20 characters", () => {
    expect(sanitizeName("  Chan  Sokha ")).toBe("Chan Sokha");
    expect(sanitizeName("សុខា")).toBe("សុខា");
    expect(sanitizeName("R2-D2 <script>")).toBe("RD script");
    expect(sanitizeName("A".repeat(30))).toHaveLength(20);
    expect(sanitizeName(null)).toBe("");
  });
});

describe("PayWay amounts (integer mills, never floats)", () => {
  it("formats mills as PayWay's decimal text", () => {
    expect(amountString(29_990)).toBe("29.99");
    expect(amountString(1_000)).toBe("1.00");
    expect(amountString(10)).toBe("0.01");
    expect(amountString(100_000_000_000)).toBe("100000000.00");
    expect(amountString(4_000_000, "KHR")).toBe("4000");
    expect(() => amountString(9_995)).toThrow(RangeError);
    expect(() => amountString(0)).toThrow(RangeError);
    expect(() => amountString(1_500, "KHR")).toThrow(RangeError);
  });

  it("reads PayWay's JSON numbers through their text", () => {
    expect(numberToMills(29.99)).toBe(29_990);
    expect(numberToMills(0.1)).toBe(100);
    expect(numberToMills(0.01)).toBe(10);
    expect(numberToMills(2000)).toBe(2_000_000);
    expect(numberToMills("9.99")).toBe(9_990);
    expect(numberToMills(0.1 + 0.2)).toBeNull();
    expect(numberToMills(1e21)).toBeNull();
    expect(numberToMills(-1)).toBeNull();
    expect(numberToMills(undefined)).toBeNull();
  });
});
