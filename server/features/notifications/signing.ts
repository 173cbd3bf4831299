// Webhook signatures (docs/webhooks.md): HMAC-SHA256 with the endpoint's secret (the whole
// `whsec_…` text as the key) over "<timestamp>.<body>", hex, sent as
// `Keyshop-Webhook-Signature: v1=<hex>`. While a rotated secret is still honoured, a second
// `v1=<hex>` (space-separated) is signed with the previous secret: receivers accept any one.
import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../../contracts/notifications";

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${signWebhook(secret, timestamp, body)}`).join(" ");
}
