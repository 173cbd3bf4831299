// Calls behind checkouts, the payment return and the transactions history (same origin, cookie).
import type { CheckoutBody, CheckoutResponse, Order, OrderList, OrderStatus, Receipt, SubscriptionCheckoutBody } from "../../../../contracts/orders";
import { client, isApiError, unwrap } from "~/lib/api";

export type { CheckoutResponse, Order, OrderList, OrderStatus, Receipt };

export type OrderListParams = {
  search: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

export const ordersApi = {
  /** A plan or a top-up for the signed-in user: the pending order and what the browser does to pay. */
  checkout: (body: CheckoutBody) => unwrap(client.POST("/api/orders/checkout", { body })),
  /** The subscription tool's purchase (no account). */
  toolCheckout: (body: SubscriptionCheckoutBody) => unwrap(client.POST("/api/orders/subscription-tool", { body })),
  list: ({ search, ...params }: OrderListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/orders", { params: { query: { ...params, search: search || undefined } }, signal })),
  get: (id: string, signal?: AbortSignal) => unwrap(client.GET("/api/orders/{id}", { params: { path: { id } }, signal })),
  /**
   * The customer closed the payment window without paying (decision 060): the server asks the
   * provider, closes the checkout there unless it was paid, and answers the order as it stands.
   * `keepalive`: the provider's close may navigate the page away (its cancel URL) meanwhile.
   */
  close: (id: string) => unwrap(client.POST("/api/orders/{id}/close", { params: { path: { id } }, keepalive: true })),
  /** The same for a checkout started without a session (the subscription tool, a reminder link): the receipt token is the proof. */
  closeByReceipt: (token: string) => unwrap(client.POST("/api/payments/receipts/{token}/close", { params: { path: { token } }, keepalive: true })),
  /** A payment by its receipt token (no account needed); `refresh` asks the provider first while it is pending. */
  receipt: (token: string, { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {}) =>
    unwrap(client.GET("/api/payments/receipts/{token}", { params: { path: { token }, query: refresh ? { refresh: "1" } : {} }, signal })),
};

/** The server's own words for a refused input (VALIDATION_FAILED: the spec's texts), else null. */
export function validationMessage(error: unknown): string | null {
  if (isApiError(error) && error.code === "VALIDATION_FAILED") return error.issues?.[0]?.message || error.message || null;
  return null;
}
