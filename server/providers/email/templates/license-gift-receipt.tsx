import { defineEmailTemplate } from "./define-template";
import { EmailLayout, Note, Paragraph } from "./layout";
import { SITE } from "../../../../contracts/site";

/**
 * To someone who paid to extend a licence that is not theirs (a gift, or a renewal by device key
 * for somebody else): what they paid for, and never the licence's buy key, which only its owner
 * may hold (decision 017).
 */
export interface LicenseGiftReceiptProps {
  /** The length of the plan paid for, in months. */
  planMonths: number;
  addedDays: number;
  /** The device key the payer gave, shortened. */
  deviceKeyHint: string;
  expireDate: string | null;
}

export const licenseGiftReceiptTemplate = defineEmailTemplate("license-gift-receipt", {
  texts: {
    en: {
      subject: (days: number) => `Payment received: ${days} days added to a Keyshop licence`,
      preview: (days: number, device: string) => `Payment received: ${days} days added to the licence of device ${device}`,
      heading: (purchase: string) => `Payment received (${purchase})`,
      thanks: (days: number, device: string) => `Thank you. ${days} days were added to the licence of the device ${device}.`,
      until: (date: string) => `It now runs until ${date}.`,
      notActivated: "Its term starts when it is first activated and is now longer.",
      notYours: "The licence belongs to another account, so its keys are not in this e-mail: its owner has been told about the extension.",
    },
    km: {
      subject: (days: number) => `បានទទួលការបង់ប្រាក់៖ បានបន្ថែម ${days} ថ្ងៃ ទៅអាជ្ញាប័ណ្ណ Keyshop មួយ`,
      preview: (days: number, device: string) => `បានទទួលការបង់ប្រាក់៖ បានបន្ថែម ${days} ថ្ងៃ ទៅអាជ្ញាប័ណ្ណនៃឧបករណ៍ ${device}`,
      heading: (purchase: string) => `បានទទួលការបង់ប្រាក់ (${purchase})`,
      thanks: (days: number, device: string) => `សូមអរគុណ។ យើងបានបន្ថែម ${days} ថ្ងៃ ទៅអាជ្ញាប័ណ្ណនៃឧបករណ៍ ${device}។`,
      until: (date: string) => `ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      notActivated: "រយៈពេលប្រើប្រាស់របស់វា ចាប់ផ្ដើមនៅពេលធ្វើឱ្យសកម្មលើកដំបូង ហើយឥឡូវនេះវែងជាងមុន។",
      notYours: "អាជ្ញាប័ណ្ណនេះជារបស់គណនីផ្សេង ដូច្នេះលេខកូដរបស់វាមិនមាននៅក្នុងអ៊ីមែលនេះទេ៖ ម្ចាស់របស់វាបានទទួលដំណឹងអំពីការបន្ថែមនេះហើយ។",
    },
  },
  subject: (p: LicenseGiftReceiptProps, c) => c.t.subject(p.addedDays),
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.preview(p.addedDays, p.deviceKeyHint)} heading={c.t.heading(c.common.purchase(c.plan(p.planMonths)))}>
      <Paragraph>{c.t.thanks(p.addedDays, p.deviceKeyHint)}</Paragraph>
      <Paragraph>{p.expireDate ? c.t.until(c.date(p.expireDate)) : c.t.notActivated}</Paragraph>
      <Paragraph>{c.t.notYours}</Paragraph>
      <Note>{c.common.refundQuestions(SITE.refundWindowDays)}</Note>
    </EmailLayout>
  ),
  samples: [
    { planMonths: 3, addedDays: 105, deviceKeyHint: "PC-LDR…7Q2X", expireDate: "2027-03-01T00:00:00.000Z" },
    { planMonths: 12, addedDays: 395, deviceKeyHint: "PC-LDR…7Q2X", expireDate: null },
  ],
});
