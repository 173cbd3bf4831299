// Webhook endpoints: registered by a super-admin for the whole shop. The signing secret is made
// here, shown once (at creation and at each rotation) and stored encrypted like API keys; the
// admin console sees its last four characters only.
import { asc, count, eq, sql } from "drizzle-orm";
import {
  MAX_WEBHOOK_ENDPOINTS,
  SHOP_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookList,
  type WebhookWithSecret,
} from "../../../contracts/notifications";
import type { TelegramConfig } from "../../config";
import type { Db } from "../../db/client";
import { webhookEndpoints } from "../../db/schema";
import { decryptSecret, encryptSecret } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { AddressRefused, resolveAllowed, urlProblem, type AddressPolicy, type Resolver } from "./address-guard";
import { deliveryCounts } from "./deliveries";
import { generateWebhookSecret } from "./signing";
import { isUuid } from "../../../contracts/units";

const PURPOSE = "webhook-secret";
/** After a rotation the previous secret keeps signing this long, so receivers can switch over. */
export const PREVIOUS_SECRET_HOURS = 24;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface EndpointDeps {
  db: Db;
  /** AUTH_SECRET: secrets at rest. */
  secret: string;
  policy: AddressPolicy;
  resolver: Resolver;
  telegram: TelegramConfig;
}

type Counts = Awaited<ReturnType<typeof deliveryCounts>>;

function toEndpointDto(row: EndpointRow, counts: Counts): WebhookEndpoint {
  const c = counts.get(row.id);
  const previousValid = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.eventTypes.filter((t): t is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)),
    active: row.active,
    secretHint: row.secretHint,
    previousSecretExpiresAt: previousValid ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveries: { pending: c?.pending ?? 0, delivered: c?.delivered ?? 0, failed: c?.failed ?? 0 },
    lastDeliveryAt: c?.last ?? null,
  };
}

/** The URL's rules, then (in production) its name resolved: every address must be public. */
async function checkUrl(deps: EndpointDeps, url: string) {
  const problem = urlProblem(url, deps.policy);
  if (problem) throw new AppError("WEBHOOK_URL_NOT_ALLOWED", `This URL cannot receive webhooks: ${problem}.`);
  if (!deps.policy.publicOnly) return;
  try {
    await resolveAllowed(new URL(url).hostname, deps.policy, deps.resolver);
  } catch (err) {
    const why = err instanceof AddressRefused ? err.message : "its name does not resolve";
    throw new AppError("WEBHOOK_URL_NOT_ALLOWED", `This URL cannot receive webhooks: ${why}.`);
  }
}

async function findEndpoint(db: Db, id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such webhook endpoint");
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new AppError("NOT_FOUND", "No such webhook endpoint");
  return row;
}

async function dto(db: Db, row: EndpointRow) {
  return toEndpointDto(row, await deliveryCounts(db, [row.id]));
}

const hint = (secret: string) => secret.slice(-4);

export async function listWebhooks(deps: EndpointDeps): Promise<WebhookList> {
  const rows = await deps.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const counts = await deliveryCounts(deps.db, rows.map((r) => r.id));
  const telegram = counts.get("telegram");
  return {
    endpoints: rows.map((row) => toEndpointDto(row, counts)),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: SHOP_EVENT_DESCRIPTIONS[type] })),
    telegram: {
      mode: deps.telegram.mode,
      events: deps.telegram.mode === "off" ? [] : deps.telegram.events,
      chats: deps.telegram.mode === "off" ? 0 : deps.telegram.chatIds.length,
      deliveries: { pending: telegram?.pending ?? 0, delivered: telegram?.delivered ?? 0, failed: telegram?.failed ?? 0 },
    },
  };
}

export async function createWebhook(deps: EndpointDeps, input: Required<Pick<CreateWebhookBody, "url" | "events">> & { description: string; active: boolean }, actorId: string): Promise<WebhookWithSecret> {
  await checkUrl(deps, input.url);
  const [{ n }] = (await deps.db.select({ n: count() }).from(webhookEndpoints)) as [{ n: number }];
  if (Number(n) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("CONFLICT", `A shop can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`);
  const secret = generateWebhookSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description,
      eventTypes: input.events,
      active: input.active,
      secretEncrypted: encryptSecret(deps.secret, PURPOSE, secret),
      secretHint: hint(secret),
      createdBy: actorId,
    })
    .returning();
  return { endpoint: await dto(deps.db, row!), secret };
}

export async function updateWebhook(deps: EndpointDeps, id: string, input: UpdateWebhookBody): Promise<WebhookEndpoint> {
  await findEndpoint(deps.db, id);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { eventTypes: input.events as string[] } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "No such webhook endpoint");
  return dto(deps.db, row);
}

/** Deletes an endpoint and its delivery log (pending deliveries are not sent). */
export async function deleteWebhook(deps: EndpointDeps, id: string): Promise<void> {
  await findEndpoint(deps.db, id);
  await deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A new secret, shown once; the old one keeps signing too for PREVIOUS_SECRET_HOURS. */
export async function rotateWebhookSecret(deps: EndpointDeps, id: string): Promise<WebhookWithSecret> {
  const current = await findEndpoint(deps.db, id);
  const secret = generateWebhookSecret();
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: encryptSecret(deps.secret, PURPOSE, secret),
      secretHint: hint(secret),
      previousSecretEncrypted: current.secretEncrypted,
      previousSecretExpiresAt: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`,
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return { endpoint: await dto(deps.db, row!), secret };
}

/** The secrets a delivery is signed with now: the current one, and the previous one while it lasts. */
export function signingSecrets(secret: string, row: EndpointRow, now = new Date()): string[] {
  const secrets = [decryptSecret(secret, PURPOSE, row.secretEncrypted)];
  if (row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(secret, PURPOSE, row.previousSecretEncrypted));
  }
  return secrets;
}
