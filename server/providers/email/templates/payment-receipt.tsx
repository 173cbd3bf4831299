import { Column, Row, Section, Text } from "@react-email/components";
import { RECEIPT_LINK_DAYS } from "../../../../contracts/receipts";
import { localiseReceipt, receiptEmailView, type ReceiptDownload, type ReceiptFacts } from "../../../../contracts/receipt-view";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * The receipt of a paid order, in the recipient's language. Its words are the receipt's own
 * (contracts/receipt-texts.ts), which the PDF shows too: this template lays out the one
 * receipt model, worded for the language it is rendered in.
 */
export interface PaymentReceiptProps {
  /** The receipt's facts: number, dates, buyer, item, amount, method, tran_id, approval code, status. */
  receipt: ReceiptFacts;
  /** The PDF: Transactions History for account holders, a signed expiring link otherwise. */
  download: ReceiptDownload;
}

const muted = "#71717a";
const ink = "#18181b";

const SAMPLE: ReceiptFacts = {
  number: "KS261124070512ABCDEF",
  status: "paid",
  seller: { name: "Keyshop", legalName: "Keyshop Co., Ltd.", address: ["Phnom Penh, Cambodia"], email: "support@keyshop.example", website: "keyshop.example", taxId: "K001-123456789" },
  buyerEmail: "buyer@example.com",
  item: { kind: "plan", months: 3, storedTitle: "3 Months", periodDays: 90, bonusDays: 15 },
  amountMills: 29_990,
  currency: "USD",
  paidAt: "2026-11-24T07:05:00.000Z",
  method: "ABA PayWay",
  tranId: "KS261124070512ABCDEF",
  approvalCode: "123456",
};

export const paymentReceiptTemplate = defineEmailTemplate("payment-receipt", {
  // The receipt's words are its own table (contracts/receipt-texts.ts): nothing here but the layout.
  texts: { en: {}, km: {} },
  subject: (p: PaymentReceiptProps, c) => receiptEmailView(localiseReceipt(p.receipt, c.language, c.timeZone), p.download, RECEIPT_LINK_DAYS).subject,
  Component: ({ p, c }) => {
    const v = receiptEmailView(localiseReceipt(p.receipt, c.language, c.timeZone), p.download, RECEIPT_LINK_DAYS);
    return (
      <EmailLayout c={c} preview={v.preview} heading={v.heading} footer={v.footer}>
        <Paragraph>{v.intro}</Paragraph>
        <Section style={{ margin: "0 0 20px" }}>
          {v.rows.map((row) => (
            <Row key={row.label} style={{ borderBottom: "1px solid #e4e4e7" }}>
              <Column style={{ color: muted, fontSize: 13, lineHeight: "20px", padding: "6px 12px 6px 0", verticalAlign: "top", width: "42%" }}>{row.label}</Column>
              <Column style={{ color: ink, fontSize: 14, lineHeight: "20px", padding: "6px 0", verticalAlign: "top", wordBreak: "break-word" }}>{row.value}</Column>
            </Row>
          ))}
        </Section>
        <Note>{v.sellerLabel}</Note>
        <Text style={{ color: ink, fontSize: 13, lineHeight: "20px", margin: "0 0 20px" }}>
          {v.seller.map((line, i) => (
            <span key={i}>
              {line}
              {i < v.seller.length - 1 ? <br /> : null}
            </span>
          ))}
        </Text>
        <ActionLink c={c} url={v.download.url} label={v.download.label} copyNote={v.copyNote} />
        <Note>{v.download.note}</Note>
        <Paragraph>{v.thanks}</Paragraph>
        <Note>{v.questions}</Note>
      </EmailLayout>
    );
  },
  samples: [
    { receipt: SAMPLE, download: { kind: "history", url: "http://localhost:3000/transactions-history" } },
    {
      receipt: { ...SAMPLE, status: "refunded", item: { kind: "topup" }, amountMills: 5_000, approvalCode: null, seller: { ...SAMPLE.seller, taxId: null } },
      download: { kind: "link", url: "http://localhost:3000/api/payment-receipts/KS1.abc.def/receipt.pdf" },
    },
  ],
});
