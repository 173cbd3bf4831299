import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** To a licence's owner when an admin revokes it (final). */
export const licenseRevokedTemplate = defineEmailTemplate("license-revoked", {
  texts: {
    en: {
      subject: "Your Keyshop licence was revoked",
      heading: "Your licence was revoked",
      body: (license: string) => `${license} was revoked by Keyshop support. The desktop tool no longer accepts it, and it cannot be renewed.`,
      next: "If you believe this is a mistake, contact support. A new licence can be bought on License Keys at any time.",
      note: "Reply to this e-mail or contact support.",
    },
    km: {
      subject: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានដកហូត",
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានដកហូត",
      body: (license: string) => `ផ្នែកជំនួយ Keyshop បានដកហូត${license}។ កម្មវិធីកុំព្យូទ័រលែងទទួលយកវាទៀតហើយ ហើយវាមិនអាចបន្តអាជ្ញាប័ណ្ណបានទេ។`,
      next: "ប្រសិនបើអ្នកគិតថានេះជាកំហុស សូមទាក់ទងផ្នែកជំនួយ។ អ្នកអាចទិញអាជ្ញាប័ណ្ណថ្មីនៅទំព័រលេខកូដអាជ្ញាប័ណ្ណបានគ្រប់ពេល។",
      note: "សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (_p: LicenseNoticeProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject} heading={c.t.heading}>
      <Paragraph>{c.t.body(licenseName(c, p, true))}</Paragraph>
      <Paragraph>{c.t.next}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: NOTICE_SAMPLES,
});
