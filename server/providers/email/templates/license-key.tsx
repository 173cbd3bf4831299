import { defineEmailTemplate } from "./define-template";
import { ActionLink, CodeBox, EmailLayout, Note, Paragraph } from "./layout";
import { SITE } from "../../../../contracts/site";
import { DAY_MS } from "../../../../contracts/units";

export interface BuyKeyEmailProps {
  buyKey: string;
  /** The plan's length in months (its title in the recipient's language), or null for a licence without a plan. */
  planMonths: number | null;
  /** Days the term runs from first activation (plan period plus bonus days). */
  termDays: number;
  changesLeft: number;
  dashboardUrl: string;
  /** The term's end once activated (ISO; a resent key e-mail): the e-mail says how many days are left. */
  expireDate?: string | null;
  /** A gift (decision 079): the payer's e-mail; the licence is the recipient's, who gets this e-mail. */
  giftFrom?: string;
  /** A reseller's licence assigned to this customer (decision 080): the reseller's e-mail. */
  assignedBy?: string;
  /** The assignment made this customer an account with their e-mail (no password: they sign in by a link or code). */
  accountCreated?: boolean;
}

export const buyKeyEmailTemplate = defineEmailTemplate("license-key", {
  texts: {
    en: {
      subject: (plan: string | null, key: string) => `Your Keyshop ${plan ? `${plan} ` : ""}licence: ${key}`,
      preview: (plan: string | null, key: string) => `Your Keyshop ${plan ? `${plan} ` : ""}buy key: ${key}`,
      heading: (plan: string | null) => (plan ? `Your ${plan} licence` : "Your licence"),
      thanks: "Thank you for your purchase. This is your buy key; keep this e-mail.",
      giftSubject: (from: string, key: string) => `A Keyshop licence from ${from}: ${key}`,
      gift: (from: string) => `${from} bought this licence for you as a gift. It is yours: this is your buy key; keep this e-mail.`,
      giftAccount: "Sign in (or sign up) with this e-mail address to see the licence on License Keys.",
      assignedSubject: (from: string, key: string) => `Your Keyshop licence from ${from}: ${key}`,
      assigned: (from: string) => `${from} assigned this licence to you. It is yours: this is your buy key; keep this e-mail.`,
      accountCreated: "We made you a Keyshop account with this e-mail address, where the licence is on License Keys. Sign in with a link or a code sent to this address: no password needed.",
      activate: "To activate: open the Keyshop desktop tool, choose Login License Keys, and enter this buy key. The tool binds it to this computer with its own device key (it contains LDREEL).",
      fromActivation: (days: number) => `Your ${days}-day term starts at first activation, not today, so you can activate whenever you are ready.`,
      runsUntil: (date: string, left: number) => `It runs until ${date}: ${left} ${left === 1 ? "day" : "days"} left.`,
      expired: (date: string) => `It expired on ${date}. Renew it on the License Keys page.`,
      changes: (left: number) => `Changes left: ${left}. Each change moves the licence to a new device key (for example a new computer). Change it in the tool or on the License Keys page while the licence is active.`,
    },
    km: {
      subject: (plan: string | null, key: string) => `អាជ្ញាប័ណ្ណ Keyshop${plan ? ` ${plan}` : ""} របស់អ្នក៖ ${key}`,
      preview: (plan: string | null, key: string) => `លេខកូដអាជ្ញាប័ណ្ណ Keyshop${plan ? ` ${plan}` : ""} របស់អ្នក៖ ${key}`,
      heading: (plan: string | null) => (plan ? `អាជ្ញាប័ណ្ណ ${plan} របស់អ្នក` : "អាជ្ញាប័ណ្ណរបស់អ្នក"),
      thanks: "សូមអរគុណសម្រាប់ការទិញរបស់អ្នក។ នេះជាលេខកូដអាជ្ញាប័ណ្ណរបស់អ្នក សូមរក្សាអ៊ីមែលនេះទុក។",
      giftSubject: (from: string, key: string) => `អាជ្ញាប័ណ្ណ Keyshop ពី ${from}៖ ${key}`,
      gift: (from: string) => `${from} បានទិញអាជ្ញាប័ណ្ណនេះជូនអ្នកជាអំណោយ។ វាជារបស់អ្នក៖ នេះជាលេខកូដអាជ្ញាប័ណ្ណរបស់អ្នក សូមរក្សាអ៊ីមែលនេះទុក។`,
      giftAccount: "ចូលគណនី (ឬបង្កើតគណនី) ដោយប្រើអាសយដ្ឋានអ៊ីមែលនេះ ដើម្បីមើលអាជ្ញាប័ណ្ណនៅទំព័រលេខកូដអាជ្ញាប័ណ្ណ។",
      assignedSubject: (from: string, key: string) => `អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកពី ${from}៖ ${key}`,
      assigned: (from: string) => `${from} បានចាត់តាំងអាជ្ញាប័ណ្ណនេះជូនអ្នក។ វាជារបស់អ្នក៖ នេះជាលេខកូដអាជ្ញាប័ណ្ណរបស់អ្នក សូមរក្សាអ៊ីមែលនេះទុក។`,
      accountCreated: "យើងបានបង្កើតគណនី Keyshop ជូនអ្នកដោយប្រើអាសយដ្ឋានអ៊ីមែលនេះ ដែលអាជ្ញាប័ណ្ណមាននៅទំព័រលេខកូដអាជ្ញាប័ណ្ណ។ ចូលគណនីដោយតំណ ឬលេខកូដដែលផ្ញើទៅអាសយដ្ឋាននេះ៖ មិនចាំបាច់មានពាក្យសម្ងាត់ទេ។",
      activate: "ដើម្បីធ្វើឱ្យសកម្ម៖ បើកកម្មវិធីកុំព្យូទ័រ Keyshop ជ្រើសរើស Login License Keys ហើយបញ្ចូលលេខកូដអាជ្ញាប័ណ្ណនេះ។ កម្មវិធីនឹងភ្ជាប់វាទៅកុំព្យូទ័រនេះ ដោយប្រើកូដឧបករណ៍របស់វាផ្ទាល់ (ដែលមានអក្សរ LDREEL)។",
      fromActivation: (days: number) => `រយៈពេល ${days} ថ្ងៃរបស់អ្នក ចាប់ផ្ដើមនៅពេលធ្វើឱ្យសកម្មលើកដំបូង មិនមែនថ្ងៃនេះទេ ដូច្នេះអ្នកអាចធ្វើឱ្យសកម្មនៅពេលណាដែលអ្នករួចរាល់។`,
      runsUntil: (date: string, left: number) => `វាប្រើបានរហូតដល់ថ្ងៃទី ${date}៖ នៅសល់ ${left} ថ្ងៃ។`,
      expired: (date: string) => `វាបានផុតកំណត់នៅថ្ងៃទី ${date}។ សូមបន្តអាជ្ញាប័ណ្ណនៅទំព័រលេខកូដអាជ្ញាប័ណ្ណ។`,
      changes: (left: number) => `ចំនួនដងប្ដូរឧបករណ៍ដែលនៅសល់៖ ${left}។ ការប្ដូរនីមួយៗ ផ្ទេរអាជ្ញាប័ណ្ណទៅកូដឧបករណ៍ថ្មី (ឧទាហរណ៍ កុំព្យូទ័រថ្មី)។ អ្នកអាចប្ដូរវានៅក្នុងកម្មវិធី ឬនៅទំព័រលេខកូដអាជ្ញាប័ណ្ណ ខណៈពេលដែលអាជ្ញាប័ណ្ណនៅសកម្ម។`,
    },
  },
  subject: (p: BuyKeyEmailProps, c) =>
    p.assignedBy ? c.t.assignedSubject(p.assignedBy, p.buyKey) : p.giftFrom ? c.t.giftSubject(p.giftFrom, p.buyKey) : c.t.subject(p.planMonths ? c.plan(p.planMonths) : null, p.buyKey),
  Component: ({ p, c }) => {
    const plan = p.planMonths ? c.plan(p.planMonths) : null;
    const left = p.expireDate ? Math.ceil((new Date(p.expireDate).getTime() - Date.now()) / DAY_MS) : 0;
    const term = !p.expireDate ? c.t.fromActivation(p.termDays) : left > 0 ? c.t.runsUntil(c.date(p.expireDate), left) : c.t.expired(c.date(p.expireDate));
    return (
      <EmailLayout c={c} preview={c.t.preview(plan, p.buyKey)} heading={c.t.heading(plan)}>
        <Paragraph>{p.assignedBy ? c.t.assigned(p.assignedBy) : p.giftFrom ? c.t.gift(p.giftFrom) : c.t.thanks}</Paragraph>
        <CodeBox code={p.buyKey} />
        {p.accountCreated ? <Paragraph>{c.t.accountCreated}</Paragraph> : p.giftFrom || p.assignedBy ? <Paragraph>{c.t.giftAccount}</Paragraph> : null}
        <Paragraph>{c.t.activate}</Paragraph>
        <Paragraph>{term}</Paragraph>
        <Paragraph>{c.t.changes(p.changesLeft)}</Paragraph>
        <ActionLink c={c} url={p.dashboardUrl} label={c.common.openLicenseKeys} />
        <Note>{c.common.refundQuestions(SITE.refundWindowDays)}</Note>
      </EmailLayout>
    );
  },
  samples: [
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 3, termDays: 105, changesLeft: 10, dashboardUrl: "http://localhost:3000/license-keys" },
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: null, termDays: 30, changesLeft: 2, dashboardUrl: "http://localhost:3000/license-keys", expireDate: "2099-03-01T00:00:00.000Z" },
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 1, termDays: 30, changesLeft: 2, dashboardUrl: "http://localhost:3000/license-keys", giftFrom: "dara@example.com" },
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 3, termDays: 105, changesLeft: 10, dashboardUrl: "http://localhost:3000/license-keys", assignedBy: "shop@example.com", accountCreated: true },
    { buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA", planMonths: 12, termDays: 395, changesLeft: 0, dashboardUrl: "http://localhost:3000/license-keys", expireDate: "2020-03-01T00:00:00.000Z" },
  ],
});
