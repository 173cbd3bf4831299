import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** To a licence's owner when an admin suspends it. */
export const licenseSuspendedTemplate = defineEmailTemplate("license-suspended", {
  texts: {
    en: {
      subject: "Your Keyshop licence is on hold",
      heading: "Your licence is on hold",
      body: (license: string) => `${license} was suspended by Keyshop support. The desktop tool stops accepting it at its next check.`,
      term: "Its term keeps running while it is suspended. Contact support to find out why and what is needed to lift the hold.",
      note: "Reply to this e-mail or contact support.",
    },
    km: {
      subject: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានផ្អាក",
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានផ្អាក",
      body: (license: string) => `ផ្នែកជំនួយ Keyshop បានផ្អាក${license}។ កម្មវិធីកុំព្យូទ័រនឹងឈប់ទទួលយកវា នៅពេលពិនិត្យលើកក្រោយ។`,
      term: "រយៈពេលប្រើប្រាស់របស់វានៅតែបន្តរាប់ ខណៈពេលដែលវាត្រូវបានផ្អាក។ សូមទាក់ទងផ្នែកជំនួយ ដើម្បីដឹងពីមូលហេតុ និងអ្វីដែលត្រូវធ្វើដើម្បីដកការផ្អាកនេះ។",
      note: "សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (_p: LicenseNoticeProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject} heading={c.t.heading}>
      <Paragraph>{c.t.body(licenseName(c, p, true))}</Paragraph>
      <Paragraph>{c.t.term}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: NOTICE_SAMPLES,
});
