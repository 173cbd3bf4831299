// Seller notifications and outgoing webhooks (docs/decisions/027): the shop's event types, who can
// receive each (webhook endpoints, the seller's Telegram chat), and the admin console's shapes for
// endpoints and their delivery log. Payloads never carry buy keys, API keys, OTP codes or secrets.
import { z } from "zod";
import { singleLineText } from "./text";
import { UUID_PATTERN } from "./units";

/** Events an integrator's endpoint can subscribe to (the public webhook catalogue). */
export const WEBHOOK_EVENT_TYPES = [
  "order.paid",
  "order.refunded",
  "licence.created",
  "licence.extended",
  "licence.expiring",
  "otp.code_received",
  "balance.low",
  "discount.used",
  "licence.assigned",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Events only the seller hears about (Telegram): their own operations, never an integrator's business. */
export const SELLER_EVENT_TYPES = ["refund.requested", "licence.suspicious", "otp.stock_low", "ops.outbox_stuck", "ops.reconciler_stuck", "ops.incident", "ops.incident_resolved"] as const;
export type SellerEventType = (typeof SELLER_EVENT_TYPES)[number];

export const SHOP_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...SELLER_EVENT_TYPES] as const;
export type ShopEventType = (typeof SHOP_EVENT_TYPES)[number];

/** What each event means, for the admin console and the docs. */
export const SHOP_EVENT_DESCRIPTIONS: Record<ShopEventType, string> = {
  "order.paid": "An order was paid and fulfilled (a licence, a top-up or a subscription-tool extension)",
  "order.refunded": "Money was given back for an order (full or partial)",
  "licence.created": "A licence was issued (its buy key is never sent)",
  "licence.extended": "A licence's term was extended",
  "licence.expiring": "A licence expires soon",
  "otp.code_received": "An OTP mail order received its first code (the code itself is never sent)",
  "balance.low": "A debit left an API key's balance below the low-balance threshold",
  "discount.used": "An order opened with a discount code was paid (the code, what it took off and what was paid)",
  "licence.assigned": "A reseller assigned a licence of their bulk order to a customer's e-mail",
  "refund.requested": "A customer asked for a refund",
  "licence.suspicious": "A licence was used from too many addresses or device keys today",
  "otp.stock_low": "The upstream OTP mail supplier is out of stock",
  "ops.outbox_stuck": "E-mails or notifications have been due for a while without being sent",
  "ops.reconciler_stuck": "Pending payments past their lifetime are not being settled, or refunds made are not taking their goods back",
  "ops.incident": "Something needs the owner: payments failing to verify, a stalled job, a backed-up outbox, a failed backup or many server errors (once per incident)",
  "ops.incident_resolved": "An incident the owner was told about has cleared",
};

/** TELEGRAM_EVENTS unset: what the seller hears about by default. */
export const DEFAULT_TELEGRAM_EVENTS: readonly ShopEventType[] = ["order.paid", "refund.requested", "licence.suspicious", "otp.stock_low", "ops.outbox_stuck", "ops.reconciler_stuck", "ops.incident", "ops.incident_resolved"];

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** The headers of a webhook delivery (docs/webhooks.md). */
export const WEBHOOK_HEADERS = {
  id: "Keyshop-Webhook-Id",
  timestamp: "Keyshop-Webhook-Timestamp",
  signature: "Keyshop-Webhook-Signature",
} as const;
/** The same delivery's headers as Standard Webhooks names them (decision 050). */
export const STANDARD_WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;
/** Endpoints a shop may register. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

// ---- Endpoints ------------------------------------------------------------------------------

const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
const UrlSchema = singleLineText()
  .min(1, "Enter the endpoint's URL")
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "An http(s) URL without a user name or password")
  .meta({ format: "uri", description: "Where deliveries are POSTed: https in production, never a private or loopback address there" });
const DescriptionSchema = singleLineText().max(200);
const EventsSchema = z
  .array(WebhookEventTypeSchema)
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookBodySchema = z.object({
  url: UrlSchema,
  description: DescriptionSchema.default(""),
  events: EventsSchema,
  active: z.boolean().default(true),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = z
  .object({ url: UrlSchema, description: DescriptionSchema, events: EventsSchema, active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Change at least one field");
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBodySchema>;

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const DeliveryCountsSchema = z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() });

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  active: z.boolean(),
  /** The last 4 characters of the signing secret, to tell secrets apart (the secret is shown once). */
  secretHint: z.string(),
  /** Until then deliveries are also signed with the secret before the last rotation. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deliveries: DeliveryCountsSchema,
  lastDeliveryAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const TelegramStatusSchema = z.object({
  /** bot: the real Bot API; simulator: embedded mode's /dev/telegram; off: not configured. */
  mode: z.enum(["bot", "simulator", "off"]),
  events: z.array(z.enum(SHOP_EVENT_TYPES)),
  chats: z.number().int(),
  deliveries: DeliveryCountsSchema,
});
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

export const WebhookListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  eventTypes: z.array(z.object({ type: WebhookEventTypeSchema, description: z.string() })),
  telegram: TelegramStatusSchema,
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** The endpoint and its signing secret: the only answers that ever show the secret. */
export const WebhookWithSecretSchema = z.object({ endpoint: WebhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;
export const WebhookResponseSchema = z.object({ endpoint: WebhookEndpointSchema });

// ---- Deliveries -----------------------------------------------------------------------------

const Uuid = z.string().regex(UUID_PATTERN, "Not an id");

export const DeliveryQuerySchema = z.object({
  endpointId: Uuid.optional(),
  channel: z.enum(["webhook", "telegram"]).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeliveryQuery = z.output<typeof DeliveryQuerySchema>;

export const DeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(SHOP_EVENT_TYPES),
  channel: z.enum(["webhook", "telegram"]),
  endpointId: z.string().nullable(),
  /** The endpoint's URL, or the Telegram chat. */
  target: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts so far (all of them, replays included). */
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The start of the last answer's body (at most 500 characters). */
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.object({
  deliveries: z.array(DeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeliveryList = z.infer<typeof DeliveryListSchema>;

export const DeliveryAttemptSchema = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  response: z.string().nullable(),
  durationMs: z.number().int(),
});
export const DeliveryDetailSchema = z.object({
  delivery: DeliverySchema,
  /** The body as sent (webhooks: the signed JSON; Telegram: the message text). */
  payload: z.string(),
  attemptLog: z.array(DeliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;
export const DeliveryResponseSchema = z.object({ delivery: DeliverySchema });
