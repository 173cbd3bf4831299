import { formatMoney } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * An unpaid checkout that was cancelled or ran out (decision 026): one e-mail, in the buyer's
 * language, with a fresh link to the same plan (it opens a new checkout on License Keys).
 */
export interface CheckoutAbandonedProps {
  /** The plan's length in months. */
  planMonths: number;
  amountMills: number;
  checkoutUrl: string;
}

export const checkoutAbandonedTemplate = defineEmailTemplate("checkout-abandoned", {
  texts: {
    en: {
      subject: (plan: string) => `Your Keyshop ${plan} checkout is still waiting`,
      heading: "Your checkout was not completed",
      body: (plan: string, price: string) => `You started buying Keyshop ${plan} (${price}), but the payment was not completed. If you still want it, this link opens a fresh checkout for the same plan.`,
      button: "Continue to payment",
      note: "Changed your mind? Ignore this e-mail: we send it only once.",
      footer: "Keyshop · You received this e-mail because you started a checkout on Keyshop.",
    },
    km: {
      subject: (plan: string) => `ការទិញគម្រោង Keyshop ${plan} របស់អ្នកនៅរង់ចាំ`,
      heading: "ការទិញរបស់អ្នកមិនទាន់បានបញ្ចប់",
      body: (plan: string, price: string) => `អ្នកបានចាប់ផ្ដើមទិញគម្រោង Keyshop ${plan} (${price}) ប៉ុន្តែការបង់ប្រាក់មិនទាន់បានបញ្ចប់ទេ។ ប្រសិនបើអ្នកនៅតែចង់បាន តំណនេះនឹងបើកការទិញថ្មីសម្រាប់គម្រោងដដែល។`,
      button: "បន្តទៅការបង់ប្រាក់",
      note: "ប្ដូរចិត្តហើយ? សូមមិនអើពើអ៊ីមែលនេះ។ យើងផ្ញើវាតែម្ដងប៉ុណ្ណោះ។",
      footer: "Keyshop · អ្នកទទួលបានអ៊ីមែលនេះ ព្រោះអ្នកបានចាប់ផ្ដើមការទិញនៅលើ Keyshop។",
    },
  },
  subject: (p: CheckoutAbandonedProps, c) => c.t.subject(c.plan(p.planMonths)),
  Component: ({ p, c }) => {
    const body = c.t.body(c.plan(p.planMonths), formatMoney(p.amountMills));
    return (
      <EmailLayout c={c} preview={body} heading={c.t.heading} footer={c.t.footer}>
        <Paragraph>{body}</Paragraph>
        <ActionLink c={c} url={p.checkoutUrl} label={c.t.button} />
        <Note>{c.t.note}</Note>
      </EmailLayout>
    );
  },
  samples: [{ planMonths: 3, amountMills: 29_990, checkoutUrl: "http://localhost:3000/license-keys?buy=local-3m" }],
});
