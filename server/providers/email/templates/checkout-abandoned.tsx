import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * An unpaid checkout that was cancelled or ran out (decision 026): one e-mail, in the buyer's
 * language, with a fresh link to the same plan (it opens a new checkout on License Keys).
 */
export interface CheckoutAbandonedProps {
  lang: "en" | "km";
  planTitle: string;
  /** '$29.99' */
  price: string;
  checkoutUrl: string;
}

const TEXTS = {
  en: {
    subject: (p: CheckoutAbandonedProps) => `Your Keyshop ${p.planTitle} checkout is still waiting`,
    heading: "Your checkout was not completed",
    body: (p: CheckoutAbandonedProps) => `You started buying Keyshop ${p.planTitle} (${p.price}), but the payment was not completed. If you still want it, this link opens a fresh checkout for the same plan.`,
    button: "Continue to payment",
    copy: "Or copy this link into your browser:",
    note: "Changed your mind? Ignore this e-mail: we send it only once.",
    footer: "Keyshop · You received this e-mail because you started a checkout on Keyshop.",
  },
  km: {
    subject: (p: CheckoutAbandonedProps) => `ការទូទាត់ Keyshop ${p.planTitle} របស់អ្នកនៅរង់ចាំ`,
    heading: "ការទូទាត់របស់អ្នកមិនទាន់បានបញ្ចប់",
    body: (p: CheckoutAbandonedProps) => `អ្នកបានចាប់ផ្តើមទិញ Keyshop ${p.planTitle} (${p.price}) ប៉ុន្តែការទូទាត់មិនទាន់បានបញ្ចប់ទេ។ ប្រសិនបើអ្នកនៅតែចង់បាន តំណនេះនឹងបើកការទូទាត់ថ្មីសម្រាប់គម្រោងដដែល។`,
    button: "បន្តទៅការទូទាត់",
    copy: "ឬចម្លងតំណនេះទៅកាន់កម្មវិធីរុករករបស់អ្នក៖",
    note: "ប្តូរចិត្តហើយ? សូមមិនអើពើអ៊ីមែលនេះ៖ យើងផ្ញើវាតែម្តងប៉ុណ្ណោះ។",
    footer: "Keyshop · អ្នកទទួលបានអ៊ីមែលនេះ ព្រោះអ្នកបានចាប់ផ្តើមការទូទាត់នៅលើ Keyshop។",
  },
};

export default function CheckoutAbandoned(p: CheckoutAbandonedProps) {
  const t = TEXTS[p.lang];
  return (
    <EmailLayout preview={t.body(p)} heading={t.heading} lang={p.lang} footer={t.footer}>
      <Paragraph>{t.body(p)}</Paragraph>
      <ActionLink url={p.checkoutUrl} label={t.button} copyNote={t.copy} />
      <Note>{t.note}</Note>
    </EmailLayout>
  );
}
CheckoutAbandoned.PreviewProps = {
  lang: "en",
  planTitle: "3 Months",
  price: "$29.99",
  checkoutUrl: "http://localhost:3000/license-keys?buy=local-3m",
} satisfies CheckoutAbandonedProps;

export const checkoutAbandonedTemplate = defineEmailTemplate({
  subject: (p: CheckoutAbandonedProps) => TEXTS[p.lang].subject(p),
  Component: CheckoutAbandoned,
});
