// The FAQ, in the order the spec gives. Copy lives in locales/{en,km}/faq.json under items.<id>;
// links come from site.config.json, never from the copy.
import { SITE } from "../../../../../contracts/site";

export const FAQ_ITEM_IDS = [
  "product",
  "gettingStarted",
  "payment",
  "validity",
  "transfer",
  "support",
  "refund",
  "bulk",
] as const;

export type FaqItemId = (typeof FAQ_ITEM_IDS)[number];

/** Targets of the <tag>…</tag> links that answers may contain. */
export const FAQ_LINKS = {
  external: {
    chat: SITE.links.supportChat,
    support: SITE.links.supportChat,
    community: SITE.links.communityChat,
    docs: SITE.links.documentation,
    sales: SITE.links.sellerTelegram,
  },
  internal: {
    guide: "/#setup-section",
    keys: "/license-keys",
  },
} as const;

/**
 * Values interpolated into every question and answer. The list of payment methods is joined with
 * the locale's own words (browsers' Intl data may lack Khmer, so Intl.ListFormat is not used).
 */
export function faqValues(t: (key: string) => string) {
  const names = SITE.paymentMethods.map((method) => method.name);
  const methods =
    names.length > 1
      ? `${names.slice(0, -1).join(t("list.separator"))}${t("list.last")}${names[names.length - 1]}`
      : (names[0] ?? "");
  return { brand: SITE.brandName, methods, days: SITE.refundWindowDays };
}

/** Plain text of an answer for structured data: the link tags removed, their text kept. */
export function stripTags(text: string) {
  return text.replace(/<\/?[a-z][a-z0-9]*\s*\/?>/gi, "");
}
