// The words every e-mail shares (the frame, the usual buttons, durations, what was bought), in
// every language. Khmer follows the shop's glossary (docs/decisions/040): one form per term,
// Western digits.
import { defineTranslations } from "../../../../contracts/languages";

export interface CommonTexts {
  /** The frame's footer, unless the e-mail has its own. */
  footer: string;
  /** Under a button: the raw link follows. */
  copyLink: string;
  openLicenseKeys: string;
  openHistory: string;
  /** "5 minutes", "1 hour", "2 days": expiry notes read naturally whatever the settings are. */
  duration(minutes: number): string;
  /** "3 Months licence" from the plan's title in this language. */
  licence(planTitle: string): string;
  /** What was bought, as a sentence names it: a plan ("3 Months", "គម្រោង 3 ខែ") or, without one, a top-up. */
  purchase(planTitle: string | null): string;
  /** A moment with its offset from UTC: "November 24, 2026 at 14:05 (UTC+07:00)". */
  zoned(dateTime: string, offset: string): string;
  /** The money-back guarantee's sentence under a purchase: its window is site.config.json's refundWindowDays (decision 054). */
  refundQuestions(days: number): string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
const inUnits = (minutes: number, day: (n: number) => string, hour: (n: number) => string, minute: (n: number) => string) =>
  minutes % 1440 === 0 ? day(minutes / 1440) : minutes % 60 === 0 ? hour(minutes / 60) : minute(minutes);

export const COMMON_TEXTS = defineTranslations<CommonTexts>("email:common", {
  en: {
    footer: "Keyshop · You received this e-mail because someone used this address on Keyshop.",
    copyLink: "Or copy this link into your browser:",
    openLicenseKeys: "Open License Keys",
    openHistory: "Open Transactions History",
    duration: (minutes) => inUnits(minutes, (n) => plural(n, "day"), (n) => plural(n, "hour"), (n) => plural(n, "minute")),
    licence: (planTitle) => `${planTitle} licence`,
    purchase: (planTitle) => planTitle ?? "Balance Top Up",
    zoned: (dateTime, offset) => `${dateTime} (UTC${offset})`,
    refundQuestions: (days) => `Questions, or a refund request within ${plural(days, "day")} of payment (our money-back guarantee): reply to this e-mail or contact support.`,
  },
  km: {
    footer: "Keyshop · អ្នកទទួលបានអ៊ីមែលនេះ ព្រោះមាននរណាម្នាក់បានប្រើអាសយដ្ឋាននេះនៅលើ Keyshop។",
    copyLink: "ឬចម្លងតំណនេះទៅក្នុងកម្មវិធីរុករករបស់អ្នក៖",
    openLicenseKeys: "បើកទំព័រលេខកូដអាជ្ញាប័ណ្ណ",
    openHistory: "បើកប្រវត្តិប្រតិបត្តិការ",
    duration: (minutes) => inUnits(minutes, (n) => `${n} ថ្ងៃ`, (n) => `${n} ម៉ោង`, (n) => `${n} នាទី`),
    licence: (planTitle) => `អាជ្ញាប័ណ្ណ ${planTitle}`,
    purchase: (planTitle) => (planTitle ? `គម្រោង ${planTitle}` : "ការបញ្ចូលសមតុល្យ"),
    zoned: (dateTime, offset) => `${dateTime} (UTC${offset})`,
    refundQuestions: (days) => `មានសំណួរ ឬចង់ស្នើសុំសងប្រាក់វិញក្នុងរយៈពេល ${days} ថ្ងៃបន្ទាប់ពីការបង់ប្រាក់ (ធានាសងប្រាក់វិញ)? សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។`,
  },
});
