// What we know about each site that sends one-time codes by mail. The extractor itself knows no site;
// a profile tells it whose mail to trust, how long a code is and which look-alikes to skip.

export interface SiteProfile {
  id: string;
  name: string;
  /** Sender domains accepted: the From address's domain is one of these or a subdomain of one.
   *  The display name is never looked at (anyone can call themselves "Facebook"). */
  senderDomains: string[];
  /** Digits in a code, inclusive. A number of another length is never a code for this site. */
  codeLength: { min: number; max: number };
  /** Prefixes the site writes right before a code (FB-12345, G-123456): the strongest signal. */
  prefixes: string[];
  /** The site's subject shape, if it has one; group 1 is the code (digits already ASCII). */
  subjectPattern?: RegExp;
  /** Values that look like codes but are not: the postcodes in the site's own footer. */
  ignore: Set<string>;
}

export const FACEBOOK: SiteProfile = {
  id: "facebook",
  name: "Facebook",
  senderDomains: ["facebookmail.com", "facebook.com", "meta.com"],
  codeLength: { min: 5, max: 8 },
  prefixes: ["FB-"],
  subjectPattern: /\bFB-(\d{5,8})(?!\d)/,
  ignore: new Set(["94025"]), // Meta Platforms, 1 Meta Way, Menlo Park, CA 94025
};

export const INSTAGRAM: SiteProfile = {
  id: "instagram",
  name: "Instagram",
  senderDomains: ["mail.instagram.com", "instagram.com", "facebookmail.com"],
  codeLength: { min: 6, max: 8 },
  prefixes: [],
  // "123456 is your Instagram code": the code leads the subject, whatever the language after it.
  subjectPattern: /^\s*(\d{6,8})(?!\d)/,
  ignore: new Set(["94025"]), // Instagram mail carries Meta's Menlo Park footer too
};

export const TIKTOK: SiteProfile = {
  id: "tiktok",
  name: "TikTok",
  senderDomains: ["tiktok.com", "account.tiktok.com"],
  codeLength: { min: 6, max: 6 },
  prefixes: [],
  // "123456 is your verification code": the code leads the subject.
  subjectPattern: /^\s*(\d{6})(?!\d)/,
  // TikTok Inc., 5800 Bristol Parkway, Culver City, CA 90230; TikTok Pte. Ltd., 1 Raffles Quay, Singapore 048583
  ignore: new Set(["90230", "048583"]),
};

export const GOOGLE: SiteProfile = {
  id: "google",
  name: "Google",
  senderDomains: ["accounts.google.com", "google.com"],
  codeLength: { min: 6, max: 8 },
  prefixes: ["G-"],
  subjectPattern: /\bG-(\d{6,8})(?!\d)/,
  ignore: new Set(["94043"]), // Google LLC, 1600 Amphitheatre Parkway, Mountain View, CA 94043
};

export const TELEGRAM: SiteProfile = {
  id: "telegram",
  name: "Telegram",
  senderDomains: ["telegram.org"],
  codeLength: { min: 5, max: 6 },
  prefixes: [],
  ignore: new Set(),
};

export type ServiceId = "facebook" | "instagram" | "tiktok" | "google" | "telegram";

/** Profiles by service id, for a service catalogue to pick from. */
export const SITE_PROFILES: Record<ServiceId, SiteProfile> = {
  facebook: FACEBOOK,
  instagram: INSTAGRAM,
  tiktok: TIKTOK,
  google: GOOGLE,
  telegram: TELEGRAM,
};

/** The profile of a service id, or undefined for a service we have no profile for. */
export function siteProfile(service: string): SiteProfile | undefined {
  return Object.hasOwn(SITE_PROFILES, service) ? SITE_PROFILES[service as ServiceId] : undefined;
}

/** The domain of the sender address: the part after the last "@" of the address in <…> if any. */
export function senderDomain(from: string): string {
  const address = /<([^<>]*)>\s*$/.exec(from.trim())?.[1] ?? from.trim().split(/\s+/).pop() ?? "";
  const at = address.lastIndexOf("@");
  return at < 0 ? "" : address.slice(at + 1).trim().replace(/[>.\s]+$/, "").toLowerCase();
}

export function senderAllowed(profile: SiteProfile, from: string): boolean {
  const domain = senderDomain(from);
  return domain !== "" && profile.senderDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}
