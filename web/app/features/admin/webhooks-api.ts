// Calls behind the Webhooks page (super-admin; same origin, session cookie). Shapes from contracts/notifications.
import type {
  CreateWebhookBody,
  Delivery,
  DeliveryDetail,
  DeliveryList,
  DeliveryStatus,
  UpdateWebhookBody,
  WebhookEndpoint,
  WebhookList,
  WebhookWithSecret,
} from "../../../../contracts/notifications";
import { apiFetch } from "~/lib/api";

import { withQuery } from "./api";

export type { Delivery, DeliveryDetail, DeliveryList, DeliveryStatus, WebhookEndpoint, WebhookList, WebhookWithSecret } from "../../../../contracts/notifications";

/** Whose deliveries the log shows: one endpoint's, or Telegram's. */
export type LogTarget = { kind: "endpoint"; id: string } | { kind: "telegram" };
export type DeliveryParams = { target: LogTarget; status?: DeliveryStatus; page: number; pageSize: number };

export const webhooksApi = {
  list: (signal?: AbortSignal) => apiFetch<WebhookList>("/api/admin/webhooks", { signal }),
  create: (body: CreateWebhookBody) => apiFetch<WebhookWithSecret>("/api/admin/webhooks", { method: "POST", body }),
  update: (id: string, body: UpdateWebhookBody) => apiFetch<{ endpoint: WebhookEndpoint }>(`/api/admin/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  remove: (id: string) => apiFetch<null>(`/api/admin/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
  rotate: (id: string) => apiFetch<WebhookWithSecret>(`/api/admin/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: "POST" }),
  deliveries: ({ target, status, page, pageSize }: DeliveryParams, signal?: AbortSignal) =>
    apiFetch<DeliveryList>(
      withQuery("/api/admin/webhook-deliveries", {
        endpointId: target.kind === "endpoint" ? target.id : undefined,
        channel: target.kind === "telegram" ? "telegram" : undefined,
        status,
        page,
        pageSize,
      }),
      { signal },
    ),
  delivery: (id: string, signal?: AbortSignal) => apiFetch<DeliveryDetail>(`/api/admin/webhook-deliveries/${encodeURIComponent(id)}`, { signal }),
  replay: (id: string) => apiFetch<{ delivery: Delivery }>(`/api/admin/webhook-deliveries/${encodeURIComponent(id)}/replay`, { method: "POST" }),
};
