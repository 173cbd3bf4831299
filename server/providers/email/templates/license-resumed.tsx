import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** To a licence's owner when an admin lifts a suspension. */
export const licenseResumedTemplate = defineEmailTemplate("license-resumed", {
  texts: {
    en: {
      subject: "Your Keyshop licence works again",
      heading: "Your licence works again",
      body: (license: string) => `${license} is no longer suspended. Open the desktop tool: it accepts the licence again at its next check.`,
      note: "Questions: reply to this e-mail or contact support.",
    },
    km: {
      subject: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកអាចប្រើបានវិញហើយ",
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកអាចប្រើបានវិញហើយ",
      body: (license: string) => `${license} លែងត្រូវបានផ្អាកទៀតហើយ។ សូមបើកកម្មវិធីកុំព្យូទ័រ៖ វានឹងទទួលយកអាជ្ញាប័ណ្ណនេះវិញ នៅពេលពិនិត្យលើកក្រោយ។`,
      note: "មានសំណួរ? សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (_p: LicenseNoticeProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject} heading={c.t.heading}>
      <Paragraph>{c.t.body(licenseName(c, p))}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: NOTICE_SAMPLES,
});
