import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenseName, NOTICE_SAMPLES, type LicenseNoticeProps } from "./license-notice";

/** To a licence's owner when an admin releases its device binding (a move support did for them). */
export const licenseDeviceReleasedTemplate = defineEmailTemplate("license-device-released", {
  texts: {
    en: {
      subject: "Your Keyshop licence was released from its device",
      preview: "Your Keyshop licence is free to move",
      heading: "Your licence was released from its device",
      body: (license: string) => `${license} is no longer bound to a computer. The computer it was on stops accepting it at its next check.`,
      howTo: "To use it on another computer: open the desktop tool there, choose Login License Keys and enter your buy key. This first activation costs no change, and the term is not restarted.",
      note: "Did not ask for this? Contact support.",
    },
    km: {
      subject: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានដោះចេញពីឧបករណ៍របស់វា",
      preview: "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកអាចផ្ទេរទៅឧបករណ៍ផ្សេងបានហើយ",
      heading: "អាជ្ញាប័ណ្ណរបស់អ្នកត្រូវបានដោះចេញពីឧបករណ៍របស់វា",
      body: (license: string) => `${license} លែងភ្ជាប់នឹងកុំព្យូទ័រណាមួយទៀតហើយ។ កុំព្យូទ័រដែលវាធ្លាប់នៅ នឹងឈប់ទទួលយកវា នៅពេលពិនិត្យលើកក្រោយ។`,
      howTo: "ដើម្បីប្រើវានៅលើកុំព្យូទ័រផ្សេង៖ បើកកម្មវិធីកុំព្យូទ័រនៅទីនោះ ជ្រើសរើស Login License Keys ហើយបញ្ចូលលេខកូដអាជ្ញាប័ណ្ណរបស់អ្នក។ ការធ្វើឱ្យសកម្មលើកដំបូងនេះ មិនកាត់ចំនួនដងប្ដូរឧបករណ៍ទេ ហើយរយៈពេលប្រើប្រាស់មិនចាប់ផ្ដើមឡើងវិញទេ។",
      note: "មិនបានស្នើសុំការនេះទេ? សូមទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (_p: LicenseNoticeProps, c) => c.t.subject,
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.preview} heading={c.t.heading}>
      <Paragraph>{c.t.body(licenseName(c, p))}</Paragraph>
      <Paragraph>{c.t.howTo}</Paragraph>
      <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
      <Note>{c.t.note}</Note>
    </EmailLayout>
  ),
  samples: NOTICE_SAMPLES,
});
