// Calls behind the OTP Gmail screen (same origin, session cookie).
import type { z } from "zod";

import type { OtpOrder, OtpOrderListSchema } from "../../../../contracts/otp-mail";
import { apiFetch } from "~/lib/api";

export type { OtpOrder };
export type OtpOrderList = z.infer<typeof OtpOrderListSchema>;
export type OrderResponse = { order: OtpOrder };

export const ORDERS_PAGE_SIZE = 50;

export type OrderListParams = { from?: string; to?: string; page: number };

export function ordersPath({ from, to, page }: OrderListParams) {
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  query.set("page", String(page));
  query.set("pageSize", String(ORDERS_PAGE_SIZE));
  return `/api/otp-mail/orders?${query.toString()}`;
}

export const otpMailApi = {
  list: (params: OrderListParams, signal?: AbortSignal) => apiFetch<OtpOrderList>(ordersPath(params), { signal }),
  buy: () => apiFetch<OrderResponse>("/api/otp-mail/orders", { method: "POST" }),
  check: (id: string) =>
    apiFetch<OrderResponse>(`/api/otp-mail/orders/${encodeURIComponent(id)}/check`, { method: "POST" }),
};

export { errorMessage } from "~/lib/errors";
