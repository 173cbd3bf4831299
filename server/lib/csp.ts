// The Content-Security-Policy of the web app's HTML pages (decision 013). Scripts run only from
// this origin, the payment provider's checkout plugin, and the inline scripts React Router writes into each
// prerendered page, allowed one by one by their SHA-256 (computed at build time by
// scripts/csp-hashes.mjs into build/client/.csp-hashes.json). No 'unsafe-inline' scripts, no eval.
import { APP_DEEP_LINK_SCHEME } from "../../contracts/orders";
import { SITE } from "../../contracts/site";

/** The payment provider's origins on our pages: its checkout (form, frame, calls) and its plugin's assets. */
export interface PaymentOrigins {
  checkout: readonly string[];
  assets: readonly string[];
}

/** Written by scripts/csp-hashes.mjs beside the pages: { pages: { "faq/index.html": ["sha256-…"] } }. */
export const CSP_MANIFEST = ".csp-hashes.json";

export interface CspManifest {
  version: 1;
  pages: Record<string, string[]>;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

const sources = (...values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => !!v))].join(" ");

/**
 * Builds the policy once from the configuration; the returned function adds a page's script
 * hashes. Sources:
 * - The payment provider's origins, handed in as data (app.ts asks server/providers/payments):
 *   where its checkout form is posted and framed (form-action, frame, connect), and where its
 *   plugin's script, styles and images come from.
 * - The video playlist embed's origin (frame), from site.config.json.
 * - The mobile app's scheme (frame): the v2 subscription page hands a verified payment to the app
 *   through a hidden frame on desktops (`payment-success:`, see payment-return.ts).
 * - Google sign-in needs nothing: it is a top-level redirect, not a frame or a script.
 * - Styles allow 'unsafe-inline': React, Radix and sonner set style attributes and <style>
 *   elements at run time. Style injection cannot run script.
 */
export function contentSecurityPolicy(
  { baseUrl, payment: provider }: { baseUrl: string; payment: PaymentOrigins },
  videoEmbedUrl: string = SITE.videos.playlistEmbed,
): (scriptHashes: readonly string[]) => string {
  const checkout = provider.checkout.join(" ") || undefined;
  const plugin = provider.assets.join(" ") || undefined;
  const video = originOf(videoEmbedUrl);
  const https = baseUrl.startsWith("https://");
  const head = [
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    `form-action ${sources("'self'", checkout)}`,
    `frame-src ${sources(checkout, plugin, video, `${APP_DEEP_LINK_SCHEME}:`)}`,
    `connect-src ${sources("'self'", checkout)}`,
    `img-src ${sources("'self'", "data:", plugin)}`,
    `style-src ${sources("'self'", "'unsafe-inline'", plugin)}`,
    "font-src 'self'",
    "worker-src 'none'",
    "manifest-src 'self'",
  ];
  const tail = https ? ["upgrade-insecure-requests"] : [];
  const scriptBase = sources("'self'", plugin);
  return (scriptHashes) => [...head, `script-src ${scriptBase}${scriptHashes.map((h) => ` '${h}'`).join("")}`, ...tail].join("; ");
}

/** The script-src sources of a policy (tests and tooling). */
export function scriptSources(policy: string): string[] {
  const directive = policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  return directive ? directive.split(/\s+/).slice(1) : [];
}
