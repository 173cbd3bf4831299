// The callback signature (header X-PayWay-HMAC-SHA512), reproducing PayWay's PHP sample exactly:
// json_decode the body, ksort it, concatenate the values (arrays/objects json_encode'd with PHP's
// defaults), Base64(HMAC-SHA512(message, API key)). A body `hash` field is not part of it.
import { hashesEqual, paywayHash } from "./hash";

export const CALLBACK_SIGNATURE_HEADER = "x-payway-hmac-sha512";

/** PHP's (string) cast: true → "1", false/null → "", floats with precision 14 (2000.0 → "2000"). */
export function phpString(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value === true) return "1";
  if (typeof value === "number") return phpNumberString(value);
  if (typeof value === "string") return value;
  return phpJsonEncode(value);
}

function phpNumberString(n: number): string {
  if (Number.isSafeInteger(n)) return String(n);
  // PHP's float-to-string uses 14 significant digits; plain JS String() would show 0.30000000000000004.
  return String(Number(n.toPrecision(14)));
}

/** A decoded JSON object PHP would treat as a list: keys exactly "0".."n-1" in order. */
function isPhpList(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).every((k, i) => k === String(i));
}

function phpJsonString(s: string): string {
  // PHP's json_encode escapes "/" and every non-ASCII UTF-16 unit as \uXXXX (lower-case hex).
  return JSON.stringify(s)
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** json_encode with PHP's default flags, of a value that came from json_decode(…, true). */
export function phpJsonEncode(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "0";
  if (typeof value === "string") return phpJsonString(value);
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(",")}]`;
  const obj = value as Record<string, unknown>;
  // An empty object decodes to an empty PHP array, which encodes as [].
  if (isPhpList(obj)) return `[${Object.values(obj).map(phpJsonEncode).join(",")}]`;
  return `{${Object.entries(obj)
    .map(([k, v]) => `${phpJsonString(k)}:${phpJsonEncode(v)}`)
    .join(",")}}`;
}

/** Byte order of the keys, as PHP's ksort on non-numeric string keys. */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

export function callbackSignature(apiKey: string, body: Record<string, unknown>): string {
  const keys = Object.keys(body)
    .filter((k) => k !== "hash")
    .sort(compareKeys);
  return paywayHash(apiKey, keys.map((k) => phpString(body[k])));
}

export type SignatureCheck = "valid" | "invalid" | "absent";

export function checkCallbackSignature(apiKey: string, body: Record<string, unknown>, header: string | null | undefined): SignatureCheck {
  const given = header?.trim();
  if (!given) return "absent";
  return hashesEqual(callbackSignature(apiKey, body), given) ? "valid" : "invalid";
}
