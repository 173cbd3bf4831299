import { Section, Text } from "@react-email/components";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { SITE } from "../../../../contracts/site";

/** To a reseller whose bulk order was paid (decision 080): every buy key of the order, once. */
export interface BulkLicensesProps {
  buyKeys: string[];
  planMonths: number;
  /** Days each license runs from its first activation. */
  termDays: number;
  changesLeft: number;
  /** The Reseller page: the keys' CSV and assigning each license to a customer. */
  resellerUrl: string;
}

export const bulkLicensesTemplate = defineEmailTemplate("bulk-licenses", {
  texts: {
    en: {
      subject: (n: number, plan: string) => `Your ${n} Keyshop ${plan} licences`,
      heading: (n: number, plan: string) => `${n} licences: ${plan}`,
      thanks: (n: number) => `Thank you for your order. These are the buy keys of your ${n} licences; keep this e-mail.`,
      term: (days: number, changes: number) => `Each licence runs ${days} days from its first activation and has ${changes} key changes.`,
      assign: "Give a key to your customer yourself, or assign the licence to their e-mail address on the Reseller page: it moves to their account and they get the key by e-mail. The page also downloads the keys as a CSV file.",
      openReseller: "Open the Reseller page",
    },
    km: {
      subject: (n: number, plan: string) => `អាជ្ញាប័ណ្ណ Keyshop ${plan} ចំនួន ${n} របស់អ្នក`,
      heading: (n: number, plan: string) => `អាជ្ញាប័ណ្ណ ${n}៖ ${plan}`,
      thanks: (n: number) => `សូមអរគុណសម្រាប់ការបញ្ជាទិញរបស់អ្នក។ ទាំងនេះជាលេខកូដអាជ្ញាប័ណ្ណនៃអាជ្ញាប័ណ្ណ ${n} របស់អ្នក សូមរក្សាអ៊ីមែលនេះទុក។`,
      term: (days: number, changes: number) => `អាជ្ញាប័ណ្ណនីមួយៗ ប្រើបាន ${days} ថ្ងៃ ចាប់ពីការធ្វើឱ្យសកម្មលើកដំបូង ហើយមានការប្ដូរកូដ ${changes} ដង។`,
      assign: "ផ្ដល់លេខកូដមួយទៅអតិថិជនរបស់អ្នកដោយខ្លួនឯង ឬចាត់តាំងអាជ្ញាប័ណ្ណទៅអាសយដ្ឋានអ៊ីមែលរបស់ពួកគេនៅទំព័រអ្នកលក់បន្ត៖ វានឹងផ្ទេរទៅគណនីរបស់ពួកគេ ហើយពួកគេទទួលបានលេខកូដតាមអ៊ីមែល។ ទំព័រនោះក៏ទាញយកលេខកូដជាឯកសារ CSV ផងដែរ។",
      openReseller: "បើកទំព័រអ្នកលក់បន្ត",
    },
  },
  subject: (p: BulkLicensesProps, c) => c.t.subject(p.buyKeys.length, c.plan(p.planMonths)),
  Component: ({ p, c }) => (
    <EmailLayout c={c} preview={c.t.subject(p.buyKeys.length, c.plan(p.planMonths))} heading={c.t.heading(p.buyKeys.length, c.plan(p.planMonths))}>
      <Paragraph>{c.t.thanks(p.buyKeys.length)}</Paragraph>
      <Section style={{ backgroundColor: "#f4f4f5", borderRadius: 8, margin: "8px 0 24px", padding: "12px 16px" }}>
        {p.buyKeys.map((key) => (
          <Text key={key} style={{ color: "#18181b", fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: 15, margin: "2px 0" }}>
            {key}
          </Text>
        ))}
      </Section>
      <Paragraph>{c.t.term(p.termDays, p.changesLeft)}</Paragraph>
      <Paragraph>{c.t.assign}</Paragraph>
      <ActionLink c={c} url={p.resellerUrl} label={c.t.openReseller} />
      <Note>{c.common.refundQuestions(SITE.refundWindowDays)}</Note>
    </EmailLayout>
  ),
  samples: [{ buyKeys: ["KS-7QX4M-9HTRW-K2P8D-ZN5VA", "KS-Q2W3E-R4T5Y-U6I7O-P8A9S", "KS-Z1X2C-V3B4N-M5K6J-H7G8F"], planMonths: 3, termDays: 105, changesLeft: 10, resellerUrl: "http://localhost:3000/reseller" }],
});
