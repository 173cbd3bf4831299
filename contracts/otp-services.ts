// The OTP mail service catalogue: the sites an address can be bought for. Facebook is the default
// (the spec's flow names no service). Prices and lifetimes here are the defaults; OTP_PRICE sets
// Facebook's and OTP_SERVICE_PRICES any other's (server/config.ts). The code rules of each site
// (sender domains, code length, prefixes) live with the extractor (server/features/otp-mail/profiles.ts).
import { z } from "zod";

export const OTP_SERVICE_IDS = ["facebook", "instagram", "tiktok", "google", "telegram"] as const;
export type OtpServiceId = (typeof OTP_SERVICE_IDS)[number];
export const DEFAULT_OTP_SERVICE: OtpServiceId = "facebook";

export interface OtpServiceEntry {
  id: OtpServiceId;
  name: string;
  /** Default price in mills (1/1000 of a dollar). */
  priceMills: number;
  /** Minutes an order waits for a code before it is failed and refunded. */
  lifetimeMinutes: number;
  /** What an upstream Kopeechka-speaking market calls the site, and its sender filter. */
  upstream: { site: string; sender: string };
}

export const OTP_SERVICE_CATALOGUE: readonly OtpServiceEntry[] = [
  { id: "facebook", name: "Facebook", priceMills: 45, lifetimeMinutes: 20, upstream: { site: "facebook.com", sender: "facebookmail.com" } },
  { id: "instagram", name: "Instagram", priceMills: 50, lifetimeMinutes: 20, upstream: { site: "instagram.com", sender: "instagram.com" } },
  { id: "tiktok", name: "TikTok", priceMills: 40, lifetimeMinutes: 15, upstream: { site: "tiktok.com", sender: "tiktok.com" } },
  { id: "google", name: "Google", priceMills: 60, lifetimeMinutes: 20, upstream: { site: "google.com", sender: "google.com" } },
  { id: "telegram", name: "Telegram", priceMills: 35, lifetimeMinutes: 15, upstream: { site: "telegram.org", sender: "telegram.org" } },
];

/** The site's own name for display ("telegram" → "Telegram"); an id no longer in the catalogue shows as stored. */
export function otpServiceName(id: string): string {
  return OTP_SERVICE_CATALOGUE.find((s) => s.id === id)?.name ?? id;
}

export function isOtpServiceId(value: string): value is OtpServiceId {
  return (OTP_SERVICE_IDS as readonly string[]).includes(value);
}

export const OtpServiceIdSchema = z.enum(OTP_SERVICE_IDS);

export const OtpServiceSchema = z.object({
  id: OtpServiceIdSchema,
  name: z.string(),
  priceMills: z.number().int(),
  lifetimeMinutes: z.number().int(),
  /** The sender domains whose mail counts for this site. */
  senderDomains: z.array(z.string()),
  /** Whether an address can be bought for it now. */
  available: z.boolean(),
});
export type OtpService = z.infer<typeof OtpServiceSchema>;
export const OtpServiceListSchema = z.object({ services: z.array(OtpServiceSchema) });

export const OtpBuyBodySchema = z.object({
  service: OtpServiceIdSchema.optional().describe("The site the codes come from (default facebook)"),
});
