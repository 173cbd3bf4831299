import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { AdminRefundBody } from "../../../../contracts/refunds";
import { refundsApi } from "./api";

export const refundKeys = { queue: ["admin", "refund-requests"] as const };

/** The open money-back requests and recent shortfalls (admins). */
export function useRefundQueue() {
  return useQuery({ queryKey: refundKeys.queue, queryFn: ({ signal }) => refundsApi.queue(signal), staleTime: 0 });
}

/** After any refund step the orders, the admin figures, the licences and the balance are read again. */
function useRefreshAfterRefund() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [["orders"], ["admin"], ["licenses"], ["balance"], ["profile"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useRefundOrder() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: AdminRefundBody }) => refundsApi.refund(orderId, body),
    onSettled: refresh,
  });
}

export function useRequestRefund() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => refundsApi.request(orderId, reason),
    onSettled: refresh,
  });
}

export function useDecideRefundRequest() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({ requestId, decision, note }: { requestId: string; decision: "approve" | "decline"; note: string }) =>
      decision === "approve" ? refundsApi.approve(requestId, note) : refundsApi.decline(requestId, note),
    onSettled: refresh,
  });
}
