// The admin console's webhooks API (super-admin): endpoints (the secret shown once, at creation and
// rotation), the delivery log (webhooks and Telegram) and replay. Access is decided before any
// input is read.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import {
  CreateWebhookBodySchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  DeliveryQuerySchema,
  DeliveryResponseSchema,
  UpdateWebhookBodySchema,
  WebhookListSchema,
  WebhookResponseSchema,
  WebhookWithSecretSchema,
} from "../../../contracts/notifications";
import { guard, requireSuperAdmin, type AppEnv } from "../../auth/context";
import { ANY_BODY, json, JSON_BODY, jsonBody, SESSION, SUPER_ADMIN_CHANGE_403, superAdminErrors, TAG_NAMES } from "../../lib/openapi";
import { getDeliveryDetail, listDeliveries, replayDelivery } from "./deliveries";
import { createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, updateWebhook, type EndpointDeps } from "./endpoints";
import { renderDeliveryPayload } from "./worker";

const errors = superAdminErrors;
const CHANGE_403 = SUPER_ADMIN_CHANGE_403;
const common = { tags: [TAG_NAMES.webhooks], security: SESSION };
const IdParam = z.object({ id: z.string().max(64).openapi({ description: "The webhook endpoint's id" }) });
const DeliveryIdParam = z.object({ id: z.string().max(64).openapi({ description: "The delivery's id (also its Keyshop-Webhook-Id)" }) });
const URL_422 = "VALIDATION_FAILED: a field breaks its rule; WEBHOOK_URL_NOT_ALLOWED: not https, or not a public address, in production";

const listRoute = createRoute({
  method: "get",
  path: "/admin/webhooks",
  operationId: "listWebhooks",
  ...common,
  summary: "Webhook endpoints and Telegram notifications (super-admin)",
  description: "Every endpoint with its delivery counts (never its secret), the event types endpoints can subscribe to, and whether Telegram notifications are on.",
  responses: { 200: json(WebhookListSchema, "Endpoints, event types and Telegram's state"), ...errors([]) },
});
const createWebhookRoute = createRoute({
  method: "post",
  path: "/admin/webhooks",
  operationId: "createWebhook",
  ...common,
  summary: "Register a webhook endpoint (super-admin)",
  description: "Registers a shop-wide endpoint for the chosen events. The answer carries the signing secret (whsec_…): it is shown this once.",
  request: jsonBody(CreateWebhookBodySchema),
  responses: {
    201: json(WebhookWithSecretSchema, "The endpoint and its signing secret (shown once)"),
    ...errors([409, ...JSON_BODY], { 403: CHANGE_403, 409: `CONFLICT: the shop has the most endpoints it may have`, 422: URL_422 }),
  },
});
const updateRoute = createRoute({
  method: "patch",
  path: "/admin/webhooks/{id}",
  operationId: "updateWebhook",
  ...common,
  summary: "Change a webhook endpoint (super-admin)",
  description: "Changes its URL, description, events, or pauses and resumes it. Deliveries already queued keep their endpoint; a paused endpoint's are not sent.",
  request: { params: IdParam, ...jsonBody(UpdateWebhookBodySchema) },
  responses: { 200: json(WebhookResponseSchema, "The endpoint as now"), ...errors([404, ...JSON_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such endpoint", 422: URL_422 }) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/admin/webhooks/{id}",
  operationId: "deleteWebhook",
  ...common,
  summary: "Delete a webhook endpoint (super-admin)",
  description: "Deletes the endpoint and its delivery log; nothing more is sent to it.",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errors([404, 422, ...ANY_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such endpoint" }) },
});
const rotateRoute = createRoute({
  method: "post",
  path: "/admin/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  ...common,
  summary: "Rotate an endpoint's signing secret (super-admin)",
  description: "A new signing secret, shown this once. For 24 hours deliveries carry a signature with the previous secret as well, so the receiver can switch over.",
  request: { params: IdParam },
  responses: { 200: json(WebhookWithSecretSchema, "The endpoint and its new secret (shown once)"), ...errors([404, 422, ...ANY_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such endpoint" }) },
});
const deliveriesRoute = createRoute({
  method: "get",
  path: "/admin/webhook-deliveries",
  operationId: "listDeliveries",
  ...common,
  summary: "The delivery log (super-admin)",
  description: "Webhook and Telegram deliveries, newest first, by endpoint, channel and status: attempts, the last answer's status and its first 500 characters.",
  request: { query: DeliveryQuerySchema },
  responses: { 200: json(DeliveryListSchema, "A page of deliveries"), ...errors([422]) },
});
const deliveryRoute = createRoute({
  method: "get",
  path: "/admin/webhook-deliveries/{id}",
  operationId: "getDelivery",
  ...common,
  summary: "One delivery with its payload and attempts (super-admin)",
  description: "The body as sent (a webhook's JSON, a Telegram message's text) and every attempt, newest first.",
  request: { params: DeliveryIdParam },
  responses: { 200: json(DeliveryDetailSchema, "The delivery, its payload and attempts"), ...errors([404, 422], { 404: "NOT_FOUND: no such delivery" }) },
});
const replayRoute = createRoute({
  method: "post",
  path: "/admin/webhook-deliveries/{id}/replay",
  operationId: "replayDelivery",
  ...common,
  summary: "Send a delivery again (super-admin)",
  description: "Queues the delivery again at once, with the same id (receivers that have it already can tell) and a fresh retry schedule.",
  request: { params: DeliveryIdParam },
  responses: {
    200: json(DeliveryResponseSchema, "The delivery, queued"),
    ...errors([404, 409, 422, ...ANY_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such delivery", 409: "CONFLICT: it is being attempted right now" }),
  },
});

export interface WebhookRoutesDeps extends EndpointDeps {
  baseUrl: string;
  /** A delivery was queued again (wakes the worker). */
  onQueued?: () => void;
}

export function createWebhookRoutes(deps: WebhookRoutesDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/admin/webhooks", guard(requireSuperAdmin));
  app.use("/admin/webhooks/*", guard(requireSuperAdmin));
  app.use("/admin/webhook-deliveries", guard(requireSuperAdmin));
  app.use("/admin/webhook-deliveries/*", guard(requireSuperAdmin));
  const noStore = { "Cache-Control": "no-store" };
  const { db } = deps;
  return app
    .openapi(listRoute, async (c) => c.json(await listWebhooks(deps), 200, noStore))
    .openapi(createWebhookRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const body = c.req.valid("json");
      return c.json(await createWebhook(deps, body, actor.id), 201, noStore);
    })
    .openapi(deliveriesRoute, async (c) => c.json(await listDeliveries(db, c.req.valid("query")), 200, noStore))
    .openapi(deliveryRoute, async (c) => c.json(await getDeliveryDetail(db, c.req.valid("param").id, renderDeliveryPayload(deps.baseUrl)), 200, noStore))
    .openapi(replayRoute, async (c) => {
      const delivery = await replayDelivery(db, c.req.valid("param").id);
      deps.onQueued?.();
      return c.json({ delivery }, 200);
    })
    .openapi(updateRoute, async (c) => c.json({ endpoint: await updateWebhook(deps, c.req.valid("param").id, c.req.valid("json")) }, 200))
    .openapi(deleteRoute, async (c) => {
      await deleteWebhook(deps, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(rotateRoute, async (c) => c.json(await rotateWebhookSecret(deps, c.req.valid("param").id), 200, noStore));
}
