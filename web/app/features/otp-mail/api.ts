// Calls behind the OTP Gmail screen (same origin, session cookie).
import type { OtpOrder } from "../../../../contracts/otp-mail";
import type { OtpServiceId } from "../../../../contracts/otp-services";
import { client, unwrap } from "~/lib/api";

export type { OtpOrder };

export const ORDERS_PAGE_SIZE = 50;

export type OrderListParams = { from?: string; to?: string; page: number };

export const otpMailApi = {
  list: ({ from, to, page }: OrderListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/otp-mail/orders", { params: { query: { from, to, page, pageSize: ORDERS_PAGE_SIZE } }, signal })),
  services: (signal?: AbortSignal) => unwrap(client.GET("/api/otp-mail/services", { signal })),
  buy: (service: OtpServiceId) => unwrap(client.POST("/api/otp-mail/orders", { body: { service } })),
  messages: (id: string, signal?: AbortSignal) => unwrap(client.GET("/api/otp-mail/orders/{id}/messages", { params: { path: { id } }, signal })),
  check: (id: string) => unwrap(client.POST("/api/otp-mail/orders/{id}/check", { params: { path: { id } } })),
};

export type OtpOrderList = Awaited<ReturnType<typeof otpMailApi.list>>;
export type OrderResponse = Awaited<ReturnType<typeof otpMailApi.check>>;

