/**
 * The return from the payment provider. The server verifies the payment with the provider first and then sends the
 * browser to the page with the spec's parameters, only for a verified paid order:
 *   /dashboard?payment_success=true&plan_price=$29.99&plan_title=3%20Months&order=<id>
 *   /dashboard?payment_success=true&topup=true&amount=10.00&order=<id>
 *   /subscription_tool?payment_success=true&plan_price=…&plan_title=…     (tool, v1)
 *   /license-history?payment_success=true&plan_price=…&plan_title=…       (tool, v2)
 * otherwise with `payment_status=pending|failed|cancelled|unknown` (plus `order` for account orders).
 * Pages show the success popup and toast, tell other windows (PAYMENT_SUCCESS message), record the
 * transaction in localStorage and clean the address; the dashboard then reads the order's status.
 */
import { formatMoney, parseDollars } from "../../../../contracts/money";
import { APP_DEEP_LINK_SCHEME, TOP_UP_TITLE } from "../../../../contracts/order-rules";
import { UUID_PATTERN } from "../../../../contracts/units";
import { isReceiptNumber } from "../../../../contracts/receipts";

// Whether an address is a return from paying: in a module of its own, which every dashboard page
// loads (the layout, the pages' PaymentReturnSlot), without the rest of this file.
export { hasPaymentReturn, signedOutPaymentReturn } from "./return-address";

export const PAYMENT_SUCCESS_MESSAGE_TYPE = "PAYMENT_SUCCESS";
export const LAST_TRANSACTION_KEY = "lastTransaction";
export const TRANSACTIONS_KEY = "transactions";
export const MAX_LOCAL_TRANSACTIONS = 10;
/** The mobile app's custom scheme (v2 subscription page). */
export const DEEP_LINK_SCHEME = APP_DEEP_LINK_SCHEME;

/** The query parameters a return carries (all removed once handled). */
export const PAYMENT_RETURN_PARAMS = [
  "payment_success",
  "payment_status",
  "plan_price",
  "plan_title",
  "topup",
  "amount",
  "order",
  "receipt",
] as const;

/** `planMonths`: the plan's length as the server confirmed it (its title in every language comes from it); null until then. */
export type PaidPayment =
  | { kind: "plan"; planTitle: string; planMonths: number | null; planPrice: string; /** A gift (decision 079): the recipient, who got the key. */ giftEmail?: string | null }
  | { kind: "topup"; amountMills: number; planTitle: string; planMonths: null; planPrice: string };

export const RETURN_STATUSES = ["pending", "failed", "cancelled", "refunded", "unknown"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * What a return claims. A claimed success is only believed once the server confirms it: the order
 * (`orderId`, the signed-in customer's) or the receipt token (subscription tool, no account).
 */
export type PaymentReturn =
  | { type: "success"; payment: PaidPayment; orderId: string | null; receipt: string | null }
  | { type: "status"; status: ReturnStatus; orderId: string | null; receipt: string | null };

export type PaymentSuccessMessage = {
  type: typeof PAYMENT_SUCCESS_MESSAGE_TYPE;
  planTitle: string;
  planPrice: string;
  timestamp: string;
};

export type LocalTransaction = {
  transactionId: string;
  email: string;
  planTitle: string;
  planPrice: string;
  timestamp: string;
  status: "success";
  source: string;
};

const MAX_PARAM_LENGTH = 100;
const ORDER_ID = UUID_PATTERN;
const RECEIPT_MAC = /^[A-Za-z0-9_-]{22}$/;

/** A receipt token's shape (orders/receipt.ts): the receipt number, a dot, its 22-character MAC. */
function isReceiptToken(text: string): boolean {
  const [number, mac, ...rest] = text.split(".");
  return number !== undefined && isReceiptNumber(number) && mac !== undefined && RECEIPT_MAC.test(mac) && rest.length === 0;
}

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value && value.length <= MAX_PARAM_LENGTH ? value : null;
}

/** The successful payment the address describes, or null. */
export function parsePaidPayment(params: URLSearchParams): PaidPayment | null {
  if (params.get("payment_success") !== "true") return null;

  if (params.get("topup") === "true") {
    // '10.00', '$9.5', '1,000': read once into mills (the shared parser), null unless positive.
    const raw = param(params, "amount");
    const amountMills = raw ? parseDollars(raw, { decimals: 2 }) : null;
    return amountMills ? { kind: "topup", amountMills, planTitle: TOP_UP_TITLE, planMonths: null, planPrice: formatMoney(amountMills) } : null;
  }

  const planTitle = param(params, "plan_title");
  const planPrice = param(params, "plan_price");
  // The address only claims the plan; its length comes with the server's confirmation (verify-return.ts).
  return planTitle && planPrice ? { kind: "plan", planTitle, planMonths: null, planPrice } : null;
}

/** Any return the address describes (success or another status), or null. */
export function parsePaymentReturn(params: URLSearchParams): PaymentReturn | null {
  const rawOrder = params.get("order");
  const orderId = rawOrder && ORDER_ID.test(rawOrder) ? rawOrder : null;
  const rawReceipt = params.get("receipt");
  const receipt = rawReceipt && isReceiptToken(rawReceipt) ? rawReceipt : null;
  const payment = parsePaidPayment(params);
  if (payment) return { type: "success", payment, orderId, receipt };
  const status = params.get("payment_status");
  if (status !== null) {
    const known = (RETURN_STATUSES as readonly string[]).includes(status) ? (status as ReturnStatus) : "unknown";
    return { type: "status", status: known, orderId, receipt };
  }
  // payment_success present but unreadable: nothing to celebrate.
  return params.has("payment_success") ? { type: "status", status: "unknown", orderId, receipt } : null;
}

/** The address without the return's parameters (others, e.g. a tool's `license`, stay). */
export function withoutReturnParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PAYMENT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

function readTransactions(storage: Storage): LocalTransaction[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRANSACTIONS_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as LocalTransaction[]) : [];
  } catch {
    return [];
  }
}

/** Stores 'lastTransaction' and prepends to 'transactions' (the 10 latest, one per id). */
export function recordLocalTransaction(transaction: LocalTransaction, storage: Storage = window.localStorage) {
  try {
    storage.setItem(LAST_TRANSACTION_KEY, JSON.stringify(transaction));
    const others = readTransactions(storage).filter((t) => t?.transactionId !== transaction.transactionId);
    storage.setItem(TRANSACTIONS_KEY, JSON.stringify([transaction, ...others].slice(0, MAX_LOCAL_TRANSACTIONS)));
  } catch {
    // Storage full or blocked: the payment itself is recorded on the server.
  }
}

export function newTransactionId(timestamp: number) {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `txn_${timestamp}_${random}`;
}

export function postPaymentMessage(message: PaymentSuccessMessage) {
  const origin = window.location.origin;
  window.postMessage(message, origin);
  // The page may have been opened by another window of the site (a tool's web view, a tab).
  try {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(message, origin);
    }
  } catch {
    // A cross-origin opener: nothing to tell.
  }
}

/** payment-success://payment?title=3%20Months&price=%2429.99 */
export function paymentDeepLink(payment: Pick<PaidPayment, "planTitle" | "planPrice">): string {
  const query = new URLSearchParams({ title: payment.planTitle, price: payment.planPrice });
  return `${DEEP_LINK_SCHEME}://payment?${query.toString()}`;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod/i;

/**
 * Hands a verified payment to the app by itself (the spec's v2 behaviour): phones and tablets
 * open the custom scheme (the app's web view, or the phone's browser, takes it); a desktop
 * browser gets it through a hidden frame, so an app that claims the scheme there opens while the
 * page and its popup stay put. The popup keeps an 'Open in the app' link either way.
 */
export function openDeepLink(link: string): boolean {
  try {
    if (typeof navigator !== "undefined" && MOBILE_UA.test(navigator.userAgent)) {
      window.location.assign(link);
      return true;
    }
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.title = "Open in the app";
    frame.dataset.appLink = "true";
    frame.src = link;
    document.body.append(frame);
    return true;
  } catch (error) {
    console.warn("Could not open the app link", error);
    return false;
  }
}

/** The side effects of a successful return, once: message to other windows and the local record. */
export function announcePayment(payment: PaidPayment, { email, source, transactionId }: { email: string | null | undefined; source: string; transactionId?: string | null }) {
  const now = Date.now();
  const timestamp = new Date(now).toISOString();
  postPaymentMessage({
    type: PAYMENT_SUCCESS_MESSAGE_TYPE,
    planTitle: payment.planTitle,
    planPrice: payment.planPrice,
    timestamp,
  });
  recordLocalTransaction({
    transactionId: transactionId || newTransactionId(now),
    email: email || "unknown",
    planTitle: payment.planTitle,
    planPrice: payment.planPrice,
    timestamp,
    status: "success",
    source,
  });
}

// ---- The subscription tool's checkout, remembered for its return (same tab) ------------------

const TOOL_CHECKOUT_KEY = "keyshop:tool-checkout";
const TOOL_CHECKOUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type ToolCheckout = { email: string; tranId: string; planTitle: string; at: number };

export function rememberToolCheckout(checkout: Omit<ToolCheckout, "at">) {
  try {
    sessionStorage.setItem(TOOL_CHECKOUT_KEY, JSON.stringify({ ...checkout, at: Date.now() }));
  } catch {
    // Private mode: the return records 'unknown' as the e-mail.
  }
}

/** The tool checkout this tab started (for the e-mail of the local record), once. */
export function takeToolCheckout(): ToolCheckout | null {
  try {
    const raw = sessionStorage.getItem(TOOL_CHECKOUT_KEY);
    sessionStorage.removeItem(TOOL_CHECKOUT_KEY);
    const value = raw ? (JSON.parse(raw) as ToolCheckout) : null;
    return value && Date.now() - value.at < TOOL_CHECKOUT_MAX_AGE_MS ? value : null;
  } catch {
    return null;
  }
}
