// PayWay's signing primitive and field formats (shared/providers/payway.md §2, §3.3, §5.1).
// hash = Base64(HMAC-SHA512(key = merchant API key, message = field values joined with nothing)).
import { createHmac, timingSafeEqual } from "node:crypto";

/** The purchase hash order (current docs). view_type, payment_gate and is_plugin_js are not hashed. */
export const PURCHASE_HASH_ORDER = [
  "req_time",
  "merchant_id",
  "tran_id",
  "amount",
  "items",
  "shipping",
  "firstname",
  "lastname",
  "email",
  "phone",
  "type",
  "payment_option",
  "return_url",
  "cancel_url",
  "continue_success_url",
  "return_deeplink",
  "currency",
  "custom_fields",
  "return_params",
  "payout",
  "lifetime",
  "additional_params",
  "google_pay_token",
  "skip_success_page",
] as const;
export type PurchaseField = (typeof PURCHASE_HASH_ORDER)[number];
export type PurchaseFields = Partial<Record<PurchaseField, string>>;

/** `req_time`: UTC, 14 digits, 24-hour clock. `tran_id`: ≤20 of letters, digits and '-'. */
export const REQ_TIME_PATTERN = /^\d{14}$/;
export const TRAN_ID_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

export function paywayHash(apiKey: string, values: ReadonlyArray<string | null | undefined>): string {
  return createHmac("sha512", apiKey)
    .update(values.map((v) => v ?? "").join(""), "utf8")
    .digest("base64");
}

/** Over the exact strings transmitted: Base64-encoded fields are hashed in encoded form. */
export function purchaseHash(apiKey: string, fields: PurchaseFields): string {
  return paywayHash(apiKey, PURCHASE_HASH_ORDER.map((f) => fields[f]));
}

/** check-transaction-2, transaction-detail and close-transaction: req_time + merchant_id + tran_id. */
export function tranIdHash(apiKey: string, reqTime: string, merchantId: string, tranId: string): string {
  return paywayHash(apiKey, [reqTime, merchantId, tranId]);
}

/** The refund API (merchant portal): request_time + merchant_id + merchant_auth (the Base64 sent). */
export function refundHash(apiKey: string, requestTime: string, merchantId: string, merchantAuth: string): string {
  return paywayHash(apiKey, [requestTime, merchantId, merchantAuth]);
}

/** 2026-09-23T05:06:07Z → "20260923050607". */
export function formatReqTime(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

export function toBase64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

export function fromBase64(text: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Buffer.from(text, "base64").toString("utf8");
}

/** Constant-time comparison of two Base64 hashes (any length). */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
