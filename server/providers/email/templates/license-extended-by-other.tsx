import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a licence's owner when someone else paid to extend it: who, how long, until when. */
export interface LicenseExtendedByOtherProps {
  payerEmail: string;
  /** The length of the plan paid for, in months. */
  planMonths: number;
  addedDays: number;
  /** The last group of the buy key, so the owner knows which licence. */
  buyKeyEnd: string;
  expireDate: string | null;
  dashboardUrl: string;
}

export const licenseExtendedByOtherTemplate = defineEmailTemplate("license-extended-by-other", {
  texts: {
    en: {
      subject: (days: number, payer: string) => `Your Keyshop licence was extended by ${days} days (paid by ${payer})`,
      preview: (payer: string, days: number) => `${payer} extended your Keyshop licence by ${days} days`,
      heading: "Your licence was extended",
      body: (payer: string, purchase: string, keyEnd: string, days: number) => `${payer} paid for ${purchase} on the licence whose buy key ends in ${keyEnd}: ${days} days were added.`,
      until: (date: string) => `It now runs until ${date}.`,
      notActivated: "Its term starts at first activation and is now longer.",
      unchanged: "Nothing else changed: the licence stays yours and on your device, and its buy key was not shared.",
      note: "Did not expect this? Nothing needs doing; contact support if you have questions.",
    },
    km: {
      subject: (days: number, payer: string) => `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានបន្ថែម ${days} ថ្ងៃ (បង់ប្រាក់ដោយ ${payer})`,
      preview: (payer: string, days: number) => `${payer} បានបន្ថែមរយៈពេលអាជ្ញាប័ណ្ណ Keyshop របស់អ្នក ${days} ថ្ងៃ`,
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានបន្ថែមរយៈពេល",
      body: (payer: string, purchase: string, keyEnd: string, days: number) => `${payer} បានបង់ប្រាក់សម្រាប់${purchase} លើអាជ្ញាប័ណ្ណដែលលេខកូដអាជ្ញាប័ណ្ណបញ្ចប់ដោយ ${keyEnd}៖ បានបន្ថែម ${days} ថ្ងៃ។`,
      until: (date: string) => `ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      notActivated: "រយៈពេលប្រើប្រាស់របស់វា ចាប់ផ្ដើមនៅពេលធ្វើឱ្យសកម្មលើកដំបូង ហើយឥឡូវនេះវែងជាងមុន។",
      unchanged: "គ្មានអ្វីផ្សេងទៀតផ្លាស់ប្ដូរទេ៖ អាជ្ញាប័ណ្ណនៅតែជារបស់អ្នក និងនៅលើឧបករណ៍របស់អ្នក ហើយលេខកូដអាជ្ញាប័ណ្ណរបស់វាមិនត្រូវបានចែករំលែកទេ។",
      note: "មិនបានរំពឹងទុកមែនទេ? មិនចាំបាច់ធ្វើអ្វីទេ។ សូមទាក់ទងផ្នែកជំនួយ ប្រសិនបើអ្នកមានសំណួរ។",
    },
  },
  subject: (p: LicenseExtendedByOtherProps, c) => c.t.subject(p.addedDays, p.payerEmail),
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.preview(p.payerEmail, p.addedDays)} heading={c.t.heading}>
      <Paragraph>{c.t.body(p.payerEmail, c.common.purchase(c.plan(p.planMonths)), p.buyKeyEnd, p.addedDays)}</Paragraph>
      <Paragraph>{p.expireDate ? c.t.until(c.date(p.expireDate)) : c.t.notActivated}</Paragraph>
      <Paragraph>{c.t.unchanged}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: [
    { payerEmail: "friend@example.com", planMonths: 3, addedDays: 105, buyKeyEnd: "ZN5VA", expireDate: "2027-03-01T00:00:00.000Z", dashboardUrl: "http://localhost:3000/license-keys" },
    { payerEmail: "friend@example.com", planMonths: 1, addedDays: 30, buyKeyEnd: "ZN5VA", expireDate: null, dashboardUrl: "http://localhost:3000/license-keys" },
  ],
});
