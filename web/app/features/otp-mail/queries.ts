import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { otpMailApi, type OrderListParams } from "./api";

export const otpMailKeys = {
  all: ["otp-mail-orders"] as const,
  list: (params: OrderListParams) => ["otp-mail-orders", params.from ?? "", params.to ?? "", params.page] as const,
};

/** While an order waits for its code, the list is read again every 5 s (SSE comes later). */
export const PENDING_POLL_MS = 5_000;

export function useOtpOrders(params: OrderListParams) {
  return useQuery({
    queryKey: otpMailKeys.list(params),
    queryFn: ({ signal }) => otpMailApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.orders.some((order) => order.status === "pending") ? PENDING_POLL_MS : false,
  });
}
