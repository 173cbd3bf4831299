import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { UpdateWebhookBody } from "../../../../../contracts/notifications";
import { webhooksApi, type DeliveryParams } from "./api";

export const webhookKeys = {
  all: ["admin", "webhooks"] as const,
  list: ["admin", "webhooks", "list"] as const,
  deliveries: ["admin", "webhooks", "deliveries"] as const,
  deliveryList: (p: DeliveryParams) => ["admin", "webhooks", "deliveries", p] as const,
  delivery: (id: string) => ["admin", "webhooks", "delivery", id] as const,
};

/** While something is on its way, the page looks again every few seconds. */
const WHILE_PENDING_MS = 5_000;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: ({ signal }) => webhooksApi.list(signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      const pending = data && (data.endpoints.some((e) => e.deliveries.pending > 0) || data.telegram.deliveries.pending > 0);
      return pending ? WHILE_PENDING_MS : false;
    },
  });
}

export function useDeliveries(params: DeliveryParams | null) {
  return useQuery({
    queryKey: params ? webhookKeys.deliveryList(params) : webhookKeys.deliveries,
    queryFn: ({ signal }) => webhooksApi.deliveries(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending") ? WHILE_PENDING_MS : false),
  });
}

export function useDelivery(id: string | null) {
  return useQuery({ queryKey: webhookKeys.delivery(id ?? ""), queryFn: ({ signal }) => webhooksApi.delivery(id!, signal), enabled: id !== null, staleTime: 0 });
}

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () => useInvalidating(webhooksApi.create);
export const useUpdateWebhook = () => useInvalidating(({ id, body }: { id: string; body: UpdateWebhookBody }) => webhooksApi.update(id, body));
export const useDeleteWebhook = () => useInvalidating(webhooksApi.remove);
export const useRotateSecret = () => useInvalidating(webhooksApi.rotate);
export const useReplayDelivery = () => useInvalidating(webhooksApi.replay);
