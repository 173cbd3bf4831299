// What the licence e-mails sent after an admin's action share: which licence, and the dashboard.
// The admin's reason is for the audit log only: it is never sent to the customer.
import { defineTranslations, textsIn } from "../../../../contracts/languages";
import type { MailContext } from "./define-template";

export interface LicenseNoticeProps {
  /** The plan's length in months, or null for a licence without a plan. */
  planMonths: number | null;
  /** The last group of the buy key, so the owner knows which licence. */
  buyKeyEnd: string;
  dashboardUrl: string;
}

const NOTICE_TEXTS = defineTranslations("email:licence-notice", {
  en: {
    /** "Your 3 Months licence (buy key ending in ZN5VA)". */
    licence: (plan: string | null, end: string) => `Your ${plan ? `${plan} ` : ""}licence (buy key ending in ${end})`,
    /** The same inside a sentence: "your 3 Months licence (…)". */
    licenceInline: (plan: string | null, end: string) => `your ${plan ? `${plan} ` : ""}licence (buy key ending in ${end})`,
  },
  km: {
    licence: (plan: string | null, end: string) => `អាជ្ញាប័ណ្ណ${plan ? ` ${plan}` : ""} របស់អ្នក (លេខកូដអាជ្ញាប័ណ្ណបញ្ចប់ដោយ ${end})`,
    licenceInline: (plan: string | null, end: string) => `អាជ្ញាប័ណ្ណ${plan ? ` ${plan}` : ""} របស់អ្នក (លេខកូដអាជ្ញាប័ណ្ណបញ្ចប់ដោយ ${end})`,
  },
});

/** Which licence, in the e-mail's language. */
export function licenseName(c: MailContext<unknown>, p: Pick<LicenseNoticeProps, "planMonths" | "buyKeyEnd">, inline = false) {
  const t = textsIn(NOTICE_TEXTS, c.language);
  const plan = p.planMonths ? c.plan(p.planMonths) : null;
  return inline ? t.licenceInline(plan, p.buyKeyEnd) : t.licence(plan, p.buyKeyEnd);
}

export const NOTICE_SAMPLES: LicenseNoticeProps[] = [
  { planMonths: 3, buyKeyEnd: "ZN5VA", dashboardUrl: "http://localhost:3000/license-keys" },
  { planMonths: null, buyKeyEnd: "ZN5VA", dashboardUrl: "http://localhost:3000/license-keys" },
];
