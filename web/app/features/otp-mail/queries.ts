import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { OTP_MAIL_ORDERS_KEY } from "~/lib/query-keys";

import { otpMailApi, type OrderListParams } from "./api";

export const otpMailKeys = {
  all: OTP_MAIL_ORDERS_KEY,
  services: ["otp-mail-services"] as const,
  list: (params: OrderListParams) => ["otp-mail-orders", params.from ?? "", params.to ?? "", params.page] as const,
};

/**
 * Orders update live (features/live). Only while the live stream is down and an order waits for
 * its code is the list read again every 5 s.
 */
export const PENDING_POLL_MS = 5_000;

export function useOtpOrders(params: OrderListParams, { live }: { live: boolean }) {
  return useQuery({
    queryKey: otpMailKeys.list(params),
    queryFn: ({ signal }) => otpMailApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      !live && query.state.data?.orders.some((order) => order.status === "pending") ? PENDING_POLL_MS : false,
  });
}

/** The sites an address can be bought for, each with its price (the catalogue the API sells). */
export function useOtpServices() {
  return useQuery({ queryKey: otpMailKeys.services, queryFn: ({ signal }) => otpMailApi.services(signal), staleTime: 5 * 60_000 });
}
