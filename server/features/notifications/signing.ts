// Webhook signatures (docs/webhooks.md), two ways on every delivery:
// - Standard Webhooks (standardwebhooks.com; decision 050): `webhook-id`, `webhook-timestamp` and
//   `webhook-signature: v1,<base64>`, the HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the
//   bytes the secret's base64 (after `whsec_`) stands for, so the official libraries for Node,
//   Python, Go, PHP… verify it;
// - the shop's own header, kept for endpoints written against it: HMAC-SHA256 with the whole
//   `whsec_…` text as the key over "<timestamp>.<body>", hex, as `Keyshop-Webhook-Signature: v1=<hex>`.
// While a rotated secret is still honoured, each header carries a second signature made with the
// previous secret (space-separated): receivers accept any one.
import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../../contracts/notifications";

/**
 * A new secret: `whsec_` and 24 random bytes in standard base64 (32 characters, no padding), the
 * form Standard Webhooks libraries decode. Secrets made before decision 050 were base64url, which
 * strict decoders refuse: rotating such a secret gives one of this form.
 */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${signWebhook(secret, timestamp, body)}`).join(" ");
}

/** The key a Standard Webhooks library derives from the secret: its base64 after the prefix, decoded. */
function standardKey(secret: string): Buffer {
  const payload = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(payload, "base64");
}

/** `webhook-signature`: `v1,<base64>` per secret, space-separated. */
export function standardSignatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => `v1,${createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`).join(" ");
}
