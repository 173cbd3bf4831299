import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** A revocation's notice: an admin's, or a refund of the gift that bought the licence (decision 079). */
export type LicenseRevokedProps = LicenseNoticeProps & { giftRefunded?: boolean };

/** To a licence's owner when an admin revokes it, or when the payment of their gift is refunded (final). */
export const licenseRevokedTemplate = defineEmailTemplate("license-revoked", {
  texts: {
    en: {
      subject: "Your Keyshop licence was revoked",
      heading: "Your licence was revoked",
      body: (license: string) => `${license} was revoked by Keyshop support. The desktop tool no longer accepts it, and it cannot be renewed.`,
      giftBody: (license: string) => `${license} was a gift, and its payment was refunded to the person who bought it, so it was revoked. The desktop tool no longer accepts it, and it cannot be renewed.`,
      next: "If you believe this is a mistake, contact support. A new licence can be bought on License Keys at any time.",
      note: "Reply to this e-mail or contact support.",
    },
    km: {
      subject: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានដកហូត",
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានដកហូត",
      body: (license: string) => `ផ្នែកជំនួយ Keyshop បានដកហូត${license}។ កម្មវិធីកុំព្យូទ័រលែងទទួលយកវាទៀតហើយ ហើយវាមិនអាចបន្តអាជ្ញាប័ណ្ណបានទេ។`,
      giftBody: (license: string) => `${license} ជាអំណោយ ហើយការបង់ប្រាក់របស់វាត្រូវបានសងវិញទៅអ្នកដែលបានទិញ ដូច្នេះវាត្រូវបានដកហូត។ កម្មវិធីកុំព្យូទ័រលែងទទួលយកវាទៀតហើយ ហើយវាមិនអាចបន្តអាជ្ញាប័ណ្ណបានទេ។`,
      next: "ប្រសិនបើអ្នកគិតថានេះជាកំហុស សូមទាក់ទងផ្នែកជំនួយ។ អ្នកអាចទិញអាជ្ញាប័ណ្ណថ្មីនៅទំព័រលេខកូដអាជ្ញាប័ណ្ណបានគ្រប់ពេល។",
      note: "សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (_p: LicenseRevokedProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject} heading={c.t.heading}>
      <Paragraph>{p.giftRefunded ? c.t.giftBody(licenseName(c, p)) : c.t.body(licenseName(c, p, true))}</Paragraph>
      <Paragraph>{c.t.next}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: [...NOTICE_SAMPLES, { ...NOTICE_SAMPLES[0]!, giftRefunded: true }],
});
