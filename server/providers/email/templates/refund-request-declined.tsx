import { formatMoney } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a customer whose money-back request was declined: the answer and the shop's note. */
export interface RefundRequestDeclinedProps {
  /** The plan's length in months; null for a top-up. */
  planMonths: number | null;
  amountMills: number;
  note: string;
  historyUrl: string;
}

export const refundRequestDeclinedTemplate = defineEmailTemplate("refund-request-declined", {
  texts: {
    en: {
      subject: (purchase: string) => `Your refund request was declined (${purchase})`,
      preview: (purchase: string) => `Your refund request for ${purchase} was declined`,
      heading: "Your refund request was declined",
      body: (amount: string, purchase: string) => `We reviewed your request for a refund of your ${amount} payment for ${purchase} and declined it. Your purchase stays as it was.`,
      why: (note: string) => `Why: ${note}`,
      note: "If you think this is a mistake, reply to this e-mail or contact support.",
    },
    km: {
      subject: (purchase: string) => `សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានបដិសេធ (${purchase})`,
      preview: (purchase: string) => `សំណើសងប្រាក់វិញរបស់អ្នក សម្រាប់${purchase} ត្រូវបានបដិសេធ`,
      heading: "សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានបដិសេធ",
      body: (amount: string, purchase: string) => `យើងបានពិនិត្យសំណើសុំសងប្រាក់វិញ ${amount} ដែលអ្នកបានបង់សម្រាប់${purchase} ហើយបានបដិសេធវា។ ការទិញរបស់អ្នកនៅដដែល។`,
      why: (note: string) => `មូលហេតុ៖ ${note}`,
      note: "ប្រសិនបើអ្នកគិតថានេះជាកំហុស សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (p: RefundRequestDeclinedProps, c) => c.t.subject(c.common.purchase(p.planMonths ? c.plan(p.planMonths) : null)),
  Component: ({ p, c }) => {
    const purchase = c.common.purchase(p.planMonths ? c.plan(p.planMonths) : null);
    return (
      <EmailLayout c={c} preview={c.t.preview(purchase)} heading={c.t.heading}>
        <Paragraph>{c.t.body(formatMoney(p.amountMills), purchase)}</Paragraph>
        {p.note ? <Paragraph>{c.t.why(p.note)}</Paragraph> : null}
        <ActionLink c={c} url={p.historyUrl} label={c.common.openHistory} />
        <Note>{c.t.note}</Note>
      </EmailLayout>
    );
  },
  samples: [
    { planMonths: 3, amountMills: 29_990, note: "The licence was used for 2 days on 3 devices.", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: null, amountMills: 5_000, note: "", historyUrl: "http://localhost:3000/transactions-history" },
  ],
});
