// Calls behind refunds (decision 024): an admin's refund, the money-back requests and their queue.
import type {
  AdminRefundBody,
  AdminRefundResponse,
  DecideRefundRequestResponse,
  OwnRefundRequest,
  RefundQueue,
} from "../../../../contracts/refunds";
import { apiFetch } from "~/lib/api";

export type { AdminRefundRequest, RefundQueue, RefundShortfall } from "../../../../contracts/refunds";
export { REFUND_MESSAGES, REQUEST_REASON_MAX, REQUEST_REASON_MIN, REFUND_REASON_MAX } from "../../../../contracts/refunds";

const id = (value: string) => encodeURIComponent(value);

export const refundsApi = {
  /** Super-admins: all that is left of the order by default, or `amountMills`. */
  refund: (orderId: string, body: AdminRefundBody) =>
    apiFetch<AdminRefundResponse>(`/api/admin/orders/${id(orderId)}/refunds`, { method: "POST", body }),
  /** The order's owner, within the money-back window. */
  request: (orderId: string, reason: string) =>
    apiFetch<{ request: OwnRefundRequest }>(`/api/orders/${id(orderId)}/refund-requests`, { method: "POST", body: { reason } }),
  queue: (signal?: AbortSignal) => apiFetch<RefundQueue>("/api/admin/refund-requests", { signal }),
  approve: (requestId: string, note: string) =>
    apiFetch<DecideRefundRequestResponse>(`/api/admin/refund-requests/${id(requestId)}/approve`, { method: "POST", body: { note } }),
  decline: (requestId: string, note: string) =>
    apiFetch<DecideRefundRequestResponse>(`/api/admin/refund-requests/${id(requestId)}/decline`, { method: "POST", body: { note } }),
};
