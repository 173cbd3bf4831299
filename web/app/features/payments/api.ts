// Calls behind checkouts, the payment return and the transactions history (same origin, cookie).
import type {
  CheckoutBody,
  CheckoutResponse,
  Order,
  OrderList,
  OrderStatus,
  Receipt,
  SubscriptionCheckoutBody,
} from "../../../../contracts/orders";
import { apiFetch, isApiError } from "~/lib/api";

export type { CheckoutResponse, Order, OrderList, OrderStatus, Receipt };

export type OrderListParams = {
  search: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

export function ordersPath(params: OrderListParams) {
  const query = new URLSearchParams();
  if (params.search) query.set("search", params.search);
  if (params.from) query.set("from", params.from);
  if (params.to) query.set("to", params.to);
  query.set("page", String(params.page));
  query.set("pageSize", String(params.pageSize));
  return `/api/orders?${query.toString()}`;
}

export const ordersApi = {
  /** A plan or a top-up for the signed-in user: the pending order and what the browser does to pay. */
  checkout: (body: CheckoutBody) => apiFetch<CheckoutResponse>("/api/orders/checkout", { method: "POST", body }),
  /** The subscription tool's purchase (no account). */
  toolCheckout: (body: SubscriptionCheckoutBody) =>
    apiFetch<CheckoutResponse>("/api/orders/subscription-tool", { method: "POST", body }),
  list: (params: OrderListParams, signal?: AbortSignal) => apiFetch<OrderList>(ordersPath(params), { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiFetch<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  /** A payment by its receipt token (no account needed); `refresh` asks the provider first while it is pending. */
  receipt: (token: string, { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {}) =>
    apiFetch<{ receipt: Receipt }>(`/api/payments/receipts/${encodeURIComponent(token)}${refresh ? "?refresh=1" : ""}`, { signal }),
};

/** The server's own words for a refused input (VALIDATION_FAILED: the spec's texts), else null. */
export function validationMessage(error: unknown): string | null {
  if (isApiError(error) && error.code === "VALIDATION_FAILED") return error.issues?.[0]?.message || error.message || null;
  return null;
}
