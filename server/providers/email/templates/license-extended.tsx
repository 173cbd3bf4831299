import { defineEmailTemplate } from "./define-template";
import { ActionLink, CodeBox, EmailLayout, Note, Paragraph } from "./layout";
import { SITE } from "../../../../contracts/site";

export interface LicenseExtendedProps {
  buyKey: string;
  /** The length of the plan paid for, in months. */
  planMonths: number;
  addedDays: number;
  /** The new expiry (ISO), or null when the licence has not been activated yet (its term grew instead). */
  expireDate: string | null;
  dashboardUrl: string;
}

export const licenseExtendedTemplate = defineEmailTemplate("license-extended", {
  texts: {
    en: {
      subject: (days: number) => `Your Keyshop licence was extended by ${days} days`,
      heading: (plan: string) => `Your licence was extended (${plan})`,
      thanks: (days: number) => `Thank you for your purchase. The licence bound to your device was extended by ${days} days.`,
      until: (date: string) => `It now runs until ${date}.`,
      notActivated: "Its term starts at first activation and is now longer.",
      keyAgain: "Its buy key, in case you need it again:",
    },
    km: {
      subject: (days: number) => `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានបន្ថែម ${days} ថ្ងៃ`,
      heading: (plan: string) => `អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានបន្ថែមរយៈពេល (${plan})`,
      thanks: (days: number) => `សូមអរគុណសម្រាប់ការទិញរបស់អ្នក។ អាជ្ញាប័ណ្ណដែលភ្ជាប់នឹងឧបករណ៍របស់អ្នក ត្រូវបានបន្ថែម ${days} ថ្ងៃ។`,
      until: (date: string) => `ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      notActivated: "រយៈពេលប្រើប្រាស់របស់វា ចាប់ផ្ដើមនៅពេលធ្វើឱ្យសកម្មលើកដំបូង ហើយឥឡូវនេះវែងជាងមុន។",
      keyAgain: "លេខកូដអាជ្ញាប័ណ្ណរបស់វា ក្នុងករណីអ្នកត្រូវការវាម្ដងទៀត៖",
    },
  },
  subject: (p: LicenseExtendedProps, c) => c.t.subject(p.addedDays),
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject(p.addedDays)} heading={c.t.heading(c.plan(p.planMonths))}>
      <Paragraph>{c.t.thanks(p.addedDays)}</Paragraph>
      <Paragraph>{p.expireDate ? c.t.until(c.date(p.expireDate)) : c.t.notActivated}</Paragraph>
      <Paragraph>{c.t.keyAgain}</Paragraph>
      <CodeBox code={p.buyKey} />
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.common.refundQuestions(SITE.refundWindowDays)}</Note>
    </EmailLayout>
  ),
  samples: [
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 3, addedDays: 105, expireDate: "2027-03-01T00:00:00.000Z", dashboardUrl: "http://localhost:3000/license-keys" },
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 1, addedDays: 30, expireDate: null, dashboardUrl: "http://localhost:3000/license-keys" },
  ],
});
