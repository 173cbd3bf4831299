// Purchase validation with PayWay's error codes (shared/providers/payway.md §3.2, §3.4, §10).
import { fromBase64, purchaseHash, REQ_TIME_PATTERN, TRAN_ID_PATTERN, type PurchaseFields, PURCHASE_HASH_ORDER, hashesEqual } from "../hash";

export interface MerchantProfile {
  apiKey: string;
  /** Allowed currencies; the first is the default. */
  currencies?: string[];
  /** Enabled payment options; undefined = all of PayWay's. */
  enabledOptions?: string[];
  /** Host names a return_url may point at; undefined = any. */
  whitelist?: string[];
  /** The profile's return_url, used when a purchase sends none. */
  defaultReturnUrl?: string;
  /** PKCS#8 PEM decrypting merchant_auth (refunds); default: the process's simulatorKeyPair(). */
  rsaPrivateKey?: string;
}

export interface PaywayFailure {
  code: number;
  message: string;
}

export const PAYMENT_OPTIONS = ["cards", "abapay_khqr", "abapay_khqr_deeplink", "alipay", "wechat", "google_pay", "abapay", "abapay_deeplink", "bakong"];
const NAME = /^[\p{L}\p{M} ]{0,100}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fail = (code: number, message: string): PaywayFailure => ({ code, message });

export function hashedFields(raw: Record<string, string>): PurchaseFields {
  const fields: PurchaseFields = {};
  for (const f of PURCHASE_HASH_ORDER) if (raw[f] !== undefined) fields[f] = raw[f];
  return fields;
}

function checkAmount(amount: string, currency: string): PaywayFailure | null {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(amount);
  if (!m) return fail(3, "Invalid amount");
  const decimals = m[2] ?? "";
  if (/^0*$/.test(m[1]!) && /^0*$/.test(decimals)) return fail(45, "Amount must be greater than zero");
  if (currency === "KHR") {
    if (decimals && !/^0*$/.test(decimals)) return fail(46, "KHR amount must not have decimals");
    if (Number(m[1]) < 100) return fail(47, "KHR amount must be at least 100");
  } else if (decimals.length > 2) return fail(3, "Invalid amount: at most 2 decimals");
  return null;
}

function checkReturnUrl(encoded: string | undefined, profile: MerchantProfile): PaywayFailure | null {
  if (!encoded) return null;
  const decoded = fromBase64(encoded);
  let url: URL | null;
  try {
    url = decoded ? new URL(decoded) : null;
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) return fail(81, "The return URL is not in the whitelist (not a Base64-encoded http(s) URL)");
  if (profile.whitelist && !profile.whitelist.includes(url.hostname)) return fail(81, "The return URL is not in the whitelist");
  return null;
}

function checkItems(encoded: string | undefined): PaywayFailure | null {
  if (!encoded) return null;
  if (encoded.length > 500) return fail(13, "Invalid items (more than 500 characters)");
  try {
    const items = JSON.parse(fromBase64(encoded) ?? "");
    if (!Array.isArray(items)) throw new Error("not an array");
  } catch {
    return fail(13, "Invalid items");
  }
  return null;
}

/** The first problem PayWay would report, or null. Hash first: nothing else is trusted before it. */
export function validatePurchase(raw: Record<string, string>, profile: MerchantProfile): PaywayFailure | null {
  if (!raw.hash || !hashesEqual(purchaseHash(profile.apiKey, hashedFields(raw)), raw.hash)) return fail(1, "Wrong hash");
  if (!REQ_TIME_PATTERN.test(raw.req_time ?? "")) return fail(21, "Invalid req_time (UTC YYYYMMDDHHmmss)");
  if (!TRAN_ID_PATTERN.test(raw.tran_id ?? "")) return fail(2, "Invalid tran_id");
  const currency = raw.currency || profile.currencies?.[0] || "USD";
  if (!(profile.currencies ?? ["USD", "KHR"]).includes(currency)) return fail(12, "Currency is not allowed");
  const amount = checkAmount(raw.amount ?? "", currency);
  if (amount) return amount;
  if (raw.lifetime !== undefined && raw.lifetime !== "") {
    const minutes = /^\d{1,6}$/.test(raw.lifetime) ? Number(raw.lifetime) : NaN;
    if (!(minutes >= 3 && minutes <= 43_200)) return fail(69, "Lifetime must be 3 to 43200 minutes");
  }
  if (raw.payment_option && !(profile.enabledOptions ?? PAYMENT_OPTIONS).includes(raw.payment_option)) return fail(23, "Payment option is not enabled");
  if (raw.firstname && !NAME.test(raw.firstname)) return fail(16, "Invalid first name");
  if (raw.lastname && !NAME.test(raw.lastname)) return fail(17, "Invalid last name");
  if (raw.phone && !/^\+?\d{8,20}$/.test(raw.phone)) return fail(18, "Invalid phone");
  if (raw.email && (raw.email.length > 50 || !EMAIL.test(raw.email))) return fail(19, "Invalid email");
  if (raw.type && !["purchase", "pre-auth"].includes(raw.type)) return fail(3, "Invalid type");
  return checkReturnUrl(raw.return_url, profile) ?? checkItems(raw.items);
}
