// The OTP mail service catalogue: the sites an address can be bought for. Facebook is the default
// (the spec's flow names no service). Prices and lifetimes here are the defaults; OTP_PRICE sets
// Facebook's and OTP_SERVICE_PRICES any other's (server/config.ts). The code rules of each site
// (sender domains, code length, prefixes) live with the extractor (server/features/otp-mail/profiles.ts).
// No zod here: the customer's OTP page imports the names, and its first load carries no zod
// (issue #28); the API's schemas are in otp-service-schemas.ts.
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
