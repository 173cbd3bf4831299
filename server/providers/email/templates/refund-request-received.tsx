import { formatMoney } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a customer who asked for their money back (the money-back guarantee): we have it, what next. */
export interface RefundRequestReceivedProps {
  /** The plan's length in months; null for a top-up. */
  planMonths: number | null;
  amountMills: number;
  reason: string;
  historyUrl: string;
}

export const refundRequestReceivedTemplate = defineEmailTemplate("refund-request-received", {
  texts: {
    en: {
      subject: (purchase: string) => `We received your refund request (${purchase})`,
      preview: (purchase: string) => `We received your refund request for ${purchase}`,
      heading: "We received your refund request",
      body: (amount: string, purchase: string) => `You asked for a refund of your ${amount} payment for ${purchase}. Each request is reviewed by a person; you will get an e-mail with the answer.`,
      reason: (reason: string) => `Your reason: ${reason}`,
      note: "Nothing changes until the request is answered: your purchase keeps working meanwhile.",
    },
    km: {
      subject: (purchase: string) => `យើងបានទទួលសំណើសងប្រាក់វិញរបស់អ្នក (${purchase})`,
      preview: (purchase: string) => `យើងបានទទួលសំណើសងប្រាក់វិញរបស់អ្នក សម្រាប់${purchase}`,
      heading: "យើងបានទទួលសំណើសងប្រាក់វិញរបស់អ្នក",
      body: (amount: string, purchase: string) => `អ្នកបានស្នើសុំសងប្រាក់វិញ ${amount} ដែលអ្នកបានបង់សម្រាប់${purchase}។ សំណើនីមួយៗត្រូវបានពិនិត្យដោយមនុស្ស ហើយអ្នកនឹងទទួលបានអ៊ីមែលដែលមានចម្លើយ។`,
      reason: (reason: string) => `មូលហេតុរបស់អ្នក៖ ${reason}`,
      note: "គ្មានអ្វីផ្លាស់ប្ដូរទេ រហូតដល់សំណើនេះត្រូវបានឆ្លើយតប៖ ការទិញរបស់អ្នកនៅតែដំណើរការក្នុងពេលនេះ។",
    },
  },
  subject: (p: RefundRequestReceivedProps, c) => c.t.subject(c.common.purchase(p.planMonths ? c.plan(p.planMonths) : null)),
  Component: ({ p, c }) => {
    const purchase = c.common.purchase(p.planMonths ? c.plan(p.planMonths) : null);
    return (
      <EmailLayout c={c} preview={c.t.preview(purchase)} heading={c.t.heading}>
        <Paragraph>{c.t.body(formatMoney(p.amountMills), purchase)}</Paragraph>
        <Paragraph>{c.t.reason(p.reason)}</Paragraph>
        <ActionLink c={c} url={p.historyUrl} label={c.common.openHistory} />
        <Note>{c.t.note}</Note>
      </EmailLayout>
    );
  },
  samples: [
    { planMonths: null, amountMills: 10_000, reason: "I topped up the wrong account by mistake.", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: 3, amountMills: 29_990, reason: "It does not run on my computer.", historyUrl: "http://localhost:3000/transactions-history" },
  ],
});
