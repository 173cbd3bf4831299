// What an order, a licence or a payment names, in every language: a plan's title and period made
// from its length (decision 041), and the top-up's title. Apart from the catalogue
// (./plan-catalogue.ts, which re-exports these), so that the dashboard's lists name what was bought
// without carrying the price lists (issue #28 item 5). No zod here.
import { defineTranslations, textsIn, type Language } from "./languages";

/**
 * A plan's words from its length, in every language: the one place plan titles are made (the
 * landing, the renew dialog, the subscription tool, checkouts, receipts, e-mails). English is the
 * spec's ("1 Month", "3 Months", "12 Months"; "per month", "per 3 months", "per year"); Khmer the
 * glossary's ("3 ខែ", Western digits).
 */
export const PLAN_WORDS = defineTranslations<{ title(months: number): string; period(months: number): string }>("plan-words", {
  en: {
    title: (months) => (months === 1 ? "1 Month" : `${months} Months`),
    period: (months) => (months === 1 ? "per month" : months === 12 ? "per year" : `per ${months} months`),
  },
  km: {
    title: (months) => `${months} ខែ`,
    period: (months) => (months === 1 ? "ក្នុងមួយខែ" : months === 12 ? "ក្នុងមួយឆ្នាំ" : `សម្រាប់ ${months} ខែ`),
  },
});

/** "3 Months", "3 ខែ": a plan's title in a language. */
export function planTitle(months: number, language: Language): string {
  return textsIn(PLAN_WORDS, language).title(months);
}

/** "per 3 months", "សម្រាប់ 3 ខែ": what a plan's price is for, in a language. */
export function planPeriod(months: number, language: Language): string {
  return textsIn(PLAN_WORDS, language).period(months);
}

/**
 * The top-up's title: English as the server stores it on a top-up order (contracts/order-rules.ts
 * TOP_UP_TITLE, the same words), Khmer the glossary's.
 */
export const TOP_UP_WORDS = defineTranslations<{ title: string }>("top-up-words", {
  en: { title: "Balance Top Up" },
  km: { title: "ការបញ្ចូលសមតុល្យ" },
});
