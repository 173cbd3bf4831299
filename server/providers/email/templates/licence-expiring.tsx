import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * An expiry reminder (decision 026): 7, 3 and 1 days before a licence's term ends and on the day,
 * in the owner's language, with a one-click renew link (signed, expiring; it opens this licence's
 * renewal checkout without signing in) and the way to stop these e-mails. Never the buy key.
 */
export interface LicenseExpiringProps {
  /** The licence's name on the dashboard ("" when it has none). */
  licenseName: string;
  /** Its plan's length in months, or null for a licence without a plan. */
  planMonths: number | null;
  daysLeft: number;
  /** The term's end (ISO). */
  expireDate: string;
  renewUrl: string;
  /** Until when the renew link works (ISO). */
  linkExpires: string;
  profileUrl: string;
}

export const licenseExpiringTemplate = defineEmailTemplate("licence-expiring", {
  texts: {
    en: {
      subject: (n: number) => (n === 0 ? "Your Keyshop licence expires today" : n === 1 ? "Your Keyshop licence expires tomorrow" : `Your Keyshop licence expires in ${n} days`),
      heading: (n: number) => (n === 0 ? "Your licence expires today" : n === 1 ? "Your licence expires tomorrow" : `Your licence expires in ${n} days`),
      /** "Your licence Office PC (3 Months) runs until …", "Your 3 Months licence runs until …". */
      runs: (name: string, plan: string | null, date: string) =>
        name ? `Your licence ${name}${plan ? ` (${plan})` : ""} runs until ${date}.` : `Your ${plan ? `${plan} ` : ""}licence runs until ${date}.`,
      renewWhy: "Renew it now to keep using the desktop tool without a break: the days you buy are added to its current expiry, and it stays on the same device.",
      button: "Renew now",
      linkNote: (date: string) => `The link renews this licence only, without signing in; it works until ${date}.`,
      stop: (url: string) => `Don't want these reminders? Turn them off on your Profile: ${url}`,
      footer: "Keyshop · You receive this reminder because you own a Keyshop licence.",
    },
    km: {
      subject: (n: number) => (n === 0 ? "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកផុតកំណត់ថ្ងៃនេះ" : n === 1 ? "អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ថ្ងៃស្អែក" : `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល ${n} ថ្ងៃទៀត`),
      heading: (n: number) => (n === 0 ? "អាជ្ញាប័ណ្ណរបស់អ្នកផុតកំណត់ថ្ងៃនេះ" : n === 1 ? "អាជ្ញាប័ណ្ណរបស់អ្នកនឹងផុតកំណត់ថ្ងៃស្អែក" : `អាជ្ញាប័ណ្ណរបស់អ្នកនឹងផុតកំណត់ក្នុងរយៈពេល ${n} ថ្ងៃទៀត`),
      runs: (name: string, plan: string | null, date: string) =>
        `អាជ្ញាប័ណ្ណ${name ? ` ${name}` : ""}${plan ? (name ? ` (${plan})` : ` ${plan}`) : ""} របស់អ្នក អាចប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      renewWhy: "សូមបន្តអាជ្ញាប័ណ្ណនេះឥឡូវនេះ ដើម្បីប្រើកម្មវិធីកុំព្យូទ័រដោយគ្មានការរំខាន៖ ថ្ងៃដែលអ្នកទិញ នឹងត្រូវបន្ថែមលើកាលបរិច្ឆេទផុតកំណត់បច្ចុប្បន្ន ហើយវានៅលើឧបករណ៍ដដែល។",
      button: "បន្តអាជ្ញាប័ណ្ណឥឡូវនេះ",
      linkNote: (date: string) => `តំណនេះសម្រាប់បន្តអាជ្ញាប័ណ្ណនេះតែប៉ុណ្ណោះ ដោយមិនចាំបាច់ចូលគណនី ហើយប្រើបានរហូតដល់ថ្ងៃទី ${date}។`,
      stop: (url: string) => `មិនចង់ទទួលការរំលឹកទាំងនេះទេ? សូមបិទវានៅក្នុងប្រវត្តិរូបរបស់អ្នក៖ ${url}`,
      footer: "Keyshop · អ្នកទទួលបានការរំលឹកនេះ ព្រោះអ្នកមានអាជ្ញាប័ណ្ណ Keyshop។",
    },
  },
  subject: (p: LicenseExpiringProps, c) => c.t.subject(p.daysLeft),
  Component: ({ p, c }) => {
    const runs = c.t.runs(p.licenseName.trim(), p.planMonths ? c.plan(p.planMonths) : null, c.date(p.expireDate));
    return (
      <EmailLayout c={c} preview={runs} heading={c.t.heading(p.daysLeft)} footer={c.t.footer}>
        <Paragraph>{runs}</Paragraph>
        <Paragraph>{c.t.renewWhy}</Paragraph>
        <ActionLink c={c} url={p.renewUrl} label={c.t.button} />
        <Note>{c.t.linkNote(c.date(p.linkExpires))}</Note>
        <Note>{c.t.stop(p.profileUrl)}</Note>
      </EmailLayout>
    );
  },
  samples: [7, 3, 1, 0].map((daysLeft, i) => ({
    licenseName: i % 2 ? "" : "Office PC",
    planMonths: i === 3 ? null : 3,
    daysLeft,
    expireDate: "2027-03-01T00:00:00.000Z",
    renewUrl: "http://localhost:3000/renew/00000000-0000-0000-0000-000000000000.abc.xyz",
    linkExpires: "2027-03-31T00:00:00.000Z",
    profileUrl: "http://localhost:3000/profile",
  })),
});
