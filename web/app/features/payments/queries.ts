import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { ordersApi, type OrderListParams } from "./api";

export const orderKeys = {
  all: ["orders"] as const,
  list: (params: OrderListParams) =>
    ["orders", "list", params.search, params.from ?? "", params.to ?? "", params.page, params.pageSize] as const,
  detail: (id: string) => ["orders", "detail", id] as const,
};

/** While an order waits for the provider, its status is read again this often. */
export const ORDER_POLL_MS = 3_000;
/** The history is read again this often while a pending order is on screen. */
export const HISTORY_POLL_MS = 15_000;

/** One order's verified status (owner or admin), polled while it is pending and `poll` holds. */
export function useOrder(id: string | null, { poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ""),
    queryFn: ({ signal }) => ordersApi.get(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (poll && query.state.data?.order.status === "pending" ? ORDER_POLL_MS : false),
  });
}

/** A page of the transactions history: filtered, totalled and paged by the server. */
export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => ordersApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.orders.some((order) => order.status === "pending") ? HISTORY_POLL_MS : false,
  });
}
