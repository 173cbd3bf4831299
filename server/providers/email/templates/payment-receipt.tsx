import { Column, Row, Section, Text } from "@react-email/components";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * The receipt of a paid order, in the buyer's language. Every text comes prepared from the one
 * receipt model (server/features/receipts/), which the PDF renders too, so the template knows no
 * language: it lays out what it is given.
 */
export interface PaymentReceiptProps {
  lang: "en" | "km";
  subject: string;
  preview: string;
  heading: string;
  intro: string;
  /** The receipt's facts: number, dates, buyer, item, amount, method, tran_id, approval code, status. */
  rows: Array<{ label: string; value: string }>;
  sellerLabel: string;
  /** Legal name, address lines, support e-mail, website (and tax number when there is one). */
  seller: string[];
  /** The PDF: Transactions History for account holders, a signed expiring link otherwise. */
  download: { url: string; label: string; note: string };
  copyNote: string;
  thanks: string;
  questions: string;
  footer: string;
}

const muted = "#71717a";
const ink = "#18181b";

export default function PaymentReceipt(p: PaymentReceiptProps) {
  return (
    <EmailLayout preview={p.preview} heading={p.heading} lang={p.lang} footer={p.footer}>
      <Paragraph>{p.intro}</Paragraph>
      <Section style={{ margin: "0 0 20px" }}>
        {p.rows.map((row) => (
          <Row key={row.label} style={{ borderBottom: "1px solid #e4e4e7" }}>
            <Column style={{ color: muted, fontSize: 13, lineHeight: "20px", padding: "6px 12px 6px 0", verticalAlign: "top", width: "42%" }}>{row.label}</Column>
            <Column style={{ color: ink, fontSize: 14, lineHeight: "20px", padding: "6px 0", verticalAlign: "top", wordBreak: "break-word" }}>{row.value}</Column>
          </Row>
        ))}
      </Section>
      <Note>{p.sellerLabel}</Note>
      <Text style={{ color: ink, fontSize: 13, lineHeight: "20px", margin: "0 0 20px" }}>
        {p.seller.map((line, i) => (
          <span key={i}>
            {line}
            {i < p.seller.length - 1 ? <br /> : null}
          </span>
        ))}
      </Text>
      <ActionLink url={p.download.url} label={p.download.label} copyNote={p.copyNote} />
      <Note>{p.download.note}</Note>
      <Paragraph>{p.thanks}</Paragraph>
      <Note>{p.questions}</Note>
    </EmailLayout>
  );
}
PaymentReceipt.PreviewProps = {
  lang: "en",
  subject: "Your Keyshop receipt KS261124070512ABCDEF",
  preview: "Receipt: 3 Months licence, $29.99 USD",
  heading: "Payment receipt",
  intro: "We received your payment of $29.99 USD for 3 Months licence. Your receipt is below.",
  rows: [
    { label: "Receipt number", value: "KS261124070512ABCDEF" },
    { label: "Date paid", value: "24 Nov 2026, 14:05 (Phnom Penh time, UTC+07:00)" },
    { label: "Total paid", value: "$29.99 USD" },
  ],
  sellerLabel: "Seller",
  seller: ["Keyshop Co., Ltd.", "Phnom Penh, Cambodia", "support@keyshop.example"],
  download: { url: "http://localhost:3000/transactions-history", label: "Open Transactions History", note: "Sign in and open Transactions History." },
  copyNote: "Or copy this link into your browser:",
  thanks: "Thank you for your payment.",
  questions: "Questions about this payment? Write to support@keyshop.example.",
  footer: "Keyshop · You received this e-mail because this address was used for a payment on Keyshop.",
} satisfies PaymentReceiptProps;

export const paymentReceiptTemplate = defineEmailTemplate({
  subject: (p: PaymentReceiptProps) => p.subject,
  Component: PaymentReceipt,
});
