import { formatPrice } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a customer whose money-back request was declined: the answer and the shop's note. */
export interface RefundRequestDeclinedProps {
  planTitle: string;
  amountMills: number;
  note: string;
  historyUrl: string;
}

export default function RefundRequestDeclined({ planTitle, amountMills, note, historyUrl }: RefundRequestDeclinedProps) {
  return (
    <EmailLayout preview={`Your refund request for ${planTitle} was declined`} heading="Your refund request was declined">
      <Paragraph>{`We reviewed your request for a refund of your ${formatPrice(amountMills)} payment for ${planTitle} and declined it. Your purchase stays as it was.`}</Paragraph>
      {note ? <Paragraph>{`Why: ${note}`}</Paragraph> : null}
      <ActionLink url={historyUrl} label="Open Transactions History" />
      <Note>If you think this is a mistake, reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
RefundRequestDeclined.PreviewProps = {
  planTitle: "3 Months",
  amountMills: 29_990,
  note: "The licence was used for 2 days on 3 devices.",
  historyUrl: "http://localhost:3000/transactions-history",
} satisfies RefundRequestDeclinedProps;

export const refundRequestDeclinedTemplate = defineEmailTemplate({
  subject: (p: RefundRequestDeclinedProps) => `Your refund request was declined (${p.planTitle})`,
  Component: RefundRequestDeclined,
});
