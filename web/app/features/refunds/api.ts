// Calls behind refunds (decision 024): an admin's refund, the money-back requests and their queue.
import type { AdminRefundBody } from "../../../../contracts/refunds";
import { client, unwrap } from "~/lib/api";

export type { AdminRefundRequest, RefundQueue, RefundShortfall } from "../../../../contracts/refunds";
export { REFUND_MESSAGES, REQUEST_REASON_MAX, REQUEST_REASON_MIN, REFUND_REASON_MAX } from "../../../../contracts/refund-rules";

export const refundsApi = {
  /** Super-admins: all that is left of the order by default, or `amountMills`. */
  refund: (orderId: string, body: AdminRefundBody) => unwrap(client.POST("/api/admin/orders/{id}/refunds", { params: { path: { id: orderId } }, body })),
  /** The order's owner, within the money-back window. */
  request: (orderId: string, reason: string) =>
    unwrap(client.POST("/api/orders/{id}/refund-requests", { params: { path: { id: orderId } }, body: { reason } })),
  queue: (signal?: AbortSignal) => unwrap(client.GET("/api/admin/refund-requests", { signal })),
  approve: (requestId: string, note: string) =>
    unwrap(client.POST("/api/admin/refund-requests/{id}/approve", { params: { path: { id: requestId } }, body: { note } })),
  decline: (requestId: string, note: string) =>
    unwrap(client.POST("/api/admin/refund-requests/{id}/decline", { params: { path: { id: requestId } }, body: { note } })),
};
