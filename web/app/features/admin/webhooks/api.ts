// Calls behind the Webhooks page (super-admin; same origin, session cookie). Shapes from contracts/notifications.
import type { CreateWebhookBody, DeliveryStatus, UpdateWebhookBody } from "../../../../../contracts/notifications";
import { client, unwrap } from "~/lib/api";

export type { Delivery, DeliveryDetail, DeliveryList, DeliveryStatus, WebhookEndpoint, WebhookList, WebhookWithSecret } from "../../../../../contracts/notifications";

/** Whose deliveries the log shows: one endpoint's, or Telegram's. */
export type LogTarget = { kind: "endpoint"; id: string } | { kind: "telegram" };
export type DeliveryParams = { target: LogTarget; status?: DeliveryStatus; page: number; pageSize: number };

export const webhooksApi = {
  list: (signal?: AbortSignal) => unwrap(client.GET("/api/admin/webhooks", { signal })),
  create: (body: CreateWebhookBody) => unwrap(client.POST("/api/admin/webhooks", { body })),
  update: (id: string, body: UpdateWebhookBody) => unwrap(client.PATCH("/api/admin/webhooks/{id}", { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(client.DELETE("/api/admin/webhooks/{id}", { params: { path: { id } } })),
  rotate: (id: string) => unwrap(client.POST("/api/admin/webhooks/{id}/rotate-secret", { params: { path: { id } } })),
  deliveries: ({ target, status, page, pageSize }: DeliveryParams, signal?: AbortSignal) =>
    unwrap(
      client.GET("/api/admin/webhook-deliveries", {
        params: {
          query: {
            endpointId: target.kind === "endpoint" ? target.id : undefined,
            channel: target.kind === "telegram" ? "telegram" : undefined,
            status,
            page,
            pageSize,
          },
        },
        signal,
      }),
    ),
  delivery: (id: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/webhook-deliveries/{id}", { params: { path: { id } }, signal })),
  replay: (id: string) => unwrap(client.POST("/api/admin/webhook-deliveries/{id}/replay", { params: { path: { id } } })),
};
