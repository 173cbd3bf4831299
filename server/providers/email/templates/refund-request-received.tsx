import { formatPrice } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a customer who asked for their money back (the money-back guarantee): we have it, what next. */
export interface RefundRequestReceivedProps {
  planTitle: string;
  amountMills: number;
  reason: string;
  historyUrl: string;
}

export default function RefundRequestReceived({ planTitle, amountMills, reason, historyUrl }: RefundRequestReceivedProps) {
  return (
    <EmailLayout preview={`We received your refund request for ${planTitle}`} heading="We received your refund request">
      <Paragraph>{`You asked for a refund of your ${formatPrice(amountMills)} payment for ${planTitle}. Each request is reviewed by a person; you will get an e-mail with the answer.`}</Paragraph>
      <Paragraph>{`Your reason: ${reason}`}</Paragraph>
      <ActionLink url={historyUrl} label="Open Transactions History" />
      <Note>Nothing changes until the request is answered: your purchase keeps working meanwhile.</Note>
    </EmailLayout>
  );
}
RefundRequestReceived.PreviewProps = {
  planTitle: "Balance Top Up",
  amountMills: 10_000,
  reason: "I topped up the wrong account by mistake.",
  historyUrl: "http://localhost:3000/transactions-history",
} satisfies RefundRequestReceivedProps;

export const refundRequestReceivedTemplate = defineEmailTemplate({
  subject: (p: RefundRequestReceivedProps) => `We received your refund request (${p.planTitle})`,
  Component: RefundRequestReceived,
});
