import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** To a licence's owner when an admin extends it (no payment: a support case, a goodwill gesture). */
export interface LicenseSupportExtendedProps extends LicenseNoticeProps {
  addedDays: number;
  /** The new expiry (ISO), or null when the licence has not been activated yet (its term grew instead). */
  expireDate: string | null;
}

export const licenseSupportExtendedTemplate = defineEmailTemplate("license-support-extended", {
  texts: {
    en: {
      subject: (days: number) => `Your Keyshop licence was extended by ${days} days`,
      heading: "Your licence was extended",
      body: (days: number, license: string) => `Keyshop support added ${days} days to ${license}.`,
      until: (date: string) => `It now runs until ${date}.`,
      notActivated: "It has not been activated yet: its term, which starts at first activation, is longer now.",
      note: "Nothing needs doing: the desktop tool sees the new expiry at its next check.",
    },
    km: {
      subject: (days: number) => `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានបន្ថែម ${days} ថ្ងៃ`,
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានបន្ថែមរយៈពេល",
      body: (days: number, license: string) => `ផ្នែកជំនួយ Keyshop បានបន្ថែម ${days} ថ្ងៃ ទៅ${license}។`,
      until: (date: string) => `ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      notActivated: "វាមិនទាន់បានធ្វើឱ្យសកម្មនៅឡើយទេ៖ រយៈពេលប្រើប្រាស់របស់វា ដែលចាប់ផ្ដើមនៅពេលធ្វើឱ្យសកម្មលើកដំបូង ឥឡូវនេះវែងជាងមុន។",
      note: "មិនចាំបាច់ធ្វើអ្វីទេ៖ កម្មវិធីកុំព្យូទ័រនឹងឃើញកាលបរិច្ឆេទផុតកំណត់ថ្មី នៅពេលពិនិត្យលើកក្រោយ។",
    },
  },
  subject: (p: LicenseSupportExtendedProps, c) => c.t.subject(p.addedDays),
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject(p.addedDays)} heading={c.t.heading}>
      <Paragraph>{c.t.body(p.addedDays, licenseName(c, p, true))}</Paragraph>
      <Paragraph>{p.expireDate ? c.t.until(c.date(p.expireDate)) : c.t.notActivated}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: [
    { ...NOTICE_SAMPLES[0]!, addedDays: 30, expireDate: "2027-03-01T00:00:00.000Z" },
    { ...NOTICE_SAMPLES[1]!, addedDays: 30, expireDate: null },
  ],
});
