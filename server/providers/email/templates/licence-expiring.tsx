import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * An expiry reminder (decision 026): 7, 3 and 1 days before a licence's term ends and on the day,
 * in the owner's language, with a one-click renew link (signed, expiring; it opens this licence's
 * renewal checkout without signing in) and the way to stop these e-mails. Never the buy key.
 */
export interface LicenceExpiringProps {
  lang: "en" | "km";
  /** The licence's name on the dashboard, or its plan's title. */
  licenceName: string;
  planTitle: string;
  daysLeft: number;
  /** The term's end (ISO). */
  expireDate: string;
  renewUrl: string;
  /** Until when the renew link works (ISO). */
  linkExpires: string;
  profileUrl: string;
}

const day = (iso: string) => iso.slice(0, 10);

export const EXPIRING_TEXTS = {
  en: {
    subject: (n: number) => (n === 0 ? "Your Keyshop licence expires today" : n === 1 ? "Your Keyshop licence expires tomorrow" : `Your Keyshop licence expires in ${n} days`),
    heading: (n: number) => (n === 0 ? "Your licence expires today" : n === 1 ? "Your licence expires tomorrow" : `Your licence expires in ${n} days`),
    runs: (p: LicenceExpiringProps) => `Your licence ${p.licenceName} (${p.planTitle}) runs until ${day(p.expireDate)} (UTC).`,
    renewWhy: "Renew it now to keep using the desktop tool without a break: the days you buy are added to its current expiry, and it stays on the same device.",
    button: "Renew now",
    copy: "Or copy this link into your browser:",
    linkNote: (p: LicenceExpiringProps) => `The link renews this licence only, without signing in; it works until ${day(p.linkExpires)}.`,
    stop: (p: LicenceExpiringProps) => `Don't want these reminders? Turn them off on your Profile: ${p.profileUrl}`,
    footer: "Keyshop · You receive this reminder because you own a Keyshop licence.",
  },
  km: {
    subject: (n: number) => (n === 0 ? "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកផុតកំណត់ថ្ងៃនេះ" : n === 1 ? "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ថ្ងៃស្អែក" : `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល ${n} ថ្ងៃទៀត`),
    heading: (n: number) => (n === 0 ? "អាជ្ញាប័ណ្ណរបស់អ្នកផុតកំណត់ថ្ងៃនេះ" : n === 1 ? "អាជ្ញាប័ណ្ណរបស់អ្នកនឹងផុតកំណត់ថ្ងៃស្អែក" : `អាជ្ញាប័ណ្ណរបស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល ${n} ថ្ងៃទៀត`),
    runs: (p: LicenceExpiringProps) => `អាជ្ញាប័ណ្ណ ${p.licenceName} (${p.planTitle}) របស់អ្នកប្រើបានរហូតដល់ថ្ងៃទី ${day(p.expireDate)} (UTC)។`,
    renewWhy: "សូមបន្តវាឥឡូវនេះ ដើម្បីប្រើកម្មវិធីលើកុំព្យូទ័របន្តដោយគ្មានការរំខាន៖ ថ្ងៃដែលអ្នកទិញនឹងត្រូវបន្ថែមលើកាលបរិច្ឆេទផុតកំណត់បច្ចុប្បន្ន ហើយវានៅលើឧបករណ៍ដដែល។",
    button: "បន្តឥឡូវនេះ",
    copy: "ឬចម្លងតំណនេះទៅកាន់កម្មវិធីរុករករបស់អ្នក៖",
    linkNote: (p: LicenceExpiringProps) => `តំណនេះបន្តតែអាជ្ញាប័ណ្ណនេះប៉ុណ្ណោះ ដោយមិនចាំបាច់ចូលគណនី ហើយប្រើបានរហូតដល់ថ្ងៃទី ${day(p.linkExpires)}។`,
    stop: (p: LicenceExpiringProps) => `មិនចង់ទទួលការរំលឹកទាំងនេះទេ? បិទវានៅក្នុងប្រវត្តិរូបរបស់អ្នក៖ ${p.profileUrl}`,
    footer: "Keyshop · អ្នកទទួលបានការរំលឹកនេះ ព្រោះអ្នកមានអាជ្ញាប័ណ្ណ Keyshop។",
  },
};

export default function LicenceExpiring(p: LicenceExpiringProps) {
  const t = EXPIRING_TEXTS[p.lang];
  return (
    <EmailLayout preview={t.runs(p)} heading={t.heading(p.daysLeft)} lang={p.lang} footer={t.footer}>
      <Paragraph>{t.runs(p)}</Paragraph>
      <Paragraph>{t.renewWhy}</Paragraph>
      <ActionLink url={p.renewUrl} label={t.button} copyNote={t.copy} />
      <Note>{t.linkNote(p)}</Note>
      <Note>{t.stop(p)}</Note>
    </EmailLayout>
  );
}
LicenceExpiring.PreviewProps = {
  lang: "en",
  licenceName: "Office PC",
  planTitle: "3 Months",
  daysLeft: 3,
  expireDate: "2027-03-01T00:00:00.000Z",
  renewUrl: "http://localhost:3000/renew/00000000-0000-0000-0000-000000000000.abc.xyz",
  linkExpires: "2027-03-31T00:00:00.000Z",
  profileUrl: "http://localhost:3000/profile",
} satisfies LicenceExpiringProps;

export const licenceExpiringTemplate = defineEmailTemplate({
  subject: (p: LicenceExpiringProps) => EXPIRING_TEXTS[p.lang].subject(p.daysLeft),
  Component: LicenceExpiring,
});
