/**
 * The return from the payment provider onto a dashboard page (/dashboard → /license-keys keeps
 * the query string; /license-history is the v2 subscription page's return target):
 *   ?payment_success=true&plan_price=$29.99&plan_title=3%20Months
 *   ?payment_success=true&topup=true&amount=10
 * Shows 'Payment Successful!', tells other windows (PAYMENT_SUCCESS message), records the
 * transaction in localStorage and cleans the address. The payments release extends this.
 */
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";

import { useMe } from "~/features/session/queries";

export const PAYMENT_SUCCESS_TITLE = "Payment Successful!";
export const PAYMENT_SUCCESS_MESSAGE_TYPE = "PAYMENT_SUCCESS";
export const TOP_UP_TITLE = "Balance Top Up";
export const LAST_TRANSACTION_KEY = "lastTransaction";
export const TRANSACTIONS_KEY = "transactions";
export const MAX_LOCAL_TRANSACTIONS = 10;

/** The query parameters this hook reads (and removes). */
export const PAYMENT_RETURN_PARAMS = [
  "payment_success",
  "plan_price",
  "plan_title",
  "topup",
  "amount",
] as const;

export type PaymentReturn =
  | { kind: "plan"; planTitle: string; planPrice: string }
  | { kind: "topup"; amount: string; planTitle: string; planPrice: string };

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

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value && value.length <= MAX_PARAM_LENGTH ? value : null;
}

/** '10' → '10.00', '$9.5' → '9.50'; null unless a positive amount. */
function normaliseAmount(raw: string): string | null {
  const value = Number(raw.replace(/^\$/, "").replace(/,/g, ""));
  return Number.isFinite(value) && value > 0 ? value.toFixed(2) : null;
}

/** The successful payment the address describes, or null. */
export function parsePaymentReturn(params: URLSearchParams): PaymentReturn | null {
  if (params.get("payment_success") !== "true") return null;

  if (params.get("topup") === "true") {
    const raw = param(params, "amount");
    const amount = raw ? normaliseAmount(raw) : null;
    return amount ? { kind: "topup", amount, planTitle: TOP_UP_TITLE, planPrice: `$${amount}` } : null;
  }

  const planTitle = param(params, "plan_title");
  const planPrice = param(params, "plan_price");
  return planTitle && planPrice ? { kind: "plan", planTitle, planPrice } : null;
}

export function paymentSuccessDescription(payment: PaymentReturn): string {
  return payment.kind === "topup"
    ? `Your balance top-up of $${payment.amount} has been processed.`
    : `Your ${payment.planTitle} subscription has been processed.`;
}

function readTransactions(storage: Storage): LocalTransaction[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRANSACTIONS_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as LocalTransaction[]) : [];
  } catch {
    return [];
  }
}

/** Stores 'lastTransaction' and prepends to 'transactions' (the 10 latest). */
export function recordLocalTransaction(transaction: LocalTransaction, storage: Storage = window.localStorage) {
  try {
    storage.setItem(LAST_TRANSACTION_KEY, JSON.stringify(transaction));
    const list = [transaction, ...readTransactions(storage)].slice(0, MAX_LOCAL_TRANSACTIONS);
    storage.setItem(TRANSACTIONS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the payment itself is recorded on the server.
  }
}

function newTransactionId(timestamp: number) {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `txn_${timestamp}_${random}`;
}

function postPaymentMessage(message: PaymentSuccessMessage) {
  const origin = window.location.origin;
  window.postMessage(message, origin);
  // The provider's checkout may have run in a window this page opened from.
  try {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(message, origin);
    }
  } catch {
    // A cross-origin opener: nothing to tell.
  }
}

/**
 * Handles a payment-success return once per address and replaces it with the clean path.
 * `source` is stored with the local transaction record.
 */
export function usePaymentSuccess({
  source = "license_history",
  onPayment,
}: { source?: string; onPayment?: (payment: PaymentReturn) => void } = {}) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const email = useMe().data?.email;
  const handled = useRef<string | null>(null);
  const onPaymentRef = useRef(onPayment);
  useEffect(() => {
    onPaymentRef.current = onPayment;
  });

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has("payment_success")) return;
    const key = `${pathname}${search}`;
    if (handled.current === key) return;
    handled.current = key;

    const payment = parsePaymentReturn(params);
    if (payment) {
      const now = Date.now();
      const timestamp = new Date(now).toISOString();
      toast.success(PAYMENT_SUCCESS_TITLE, {
        id: `payment-success-${key}`,
        description: paymentSuccessDescription(payment),
      });
      postPaymentMessage({
        type: PAYMENT_SUCCESS_MESSAGE_TYPE,
        planTitle: payment.planTitle,
        planPrice: payment.planPrice,
        timestamp,
      });
      recordLocalTransaction({
        transactionId: newTransactionId(now),
        email: email ?? "unknown",
        planTitle: payment.planTitle,
        planPrice: payment.planPrice,
        timestamp,
        status: "success",
        source,
      });
      onPaymentRef.current?.(payment);
    }

    // Clean the address either way so a reload does not repeat the success.
    void navigate(pathname, { replace: true });
  }, [pathname, search, email, source, navigate]);
}
