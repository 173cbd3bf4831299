import { formatPrice } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/**
 * To the buyer when money of an order is given back (an admin's refund, an approved money-back
 * request, or one made at PayWay): how much, how much of the order is now refunded, and what
 * was taken back for it (decision 024).
 */
export interface RefundMadeProps {
  planTitle: string;
  amountMills: number;
  orderAmountMills: number;
  refundedMills: number;
  /** What was taken back, in words ("The licence KS-… was revoked."), one line each. */
  takenBack: string[];
  /** The refund answers the customer's money-back request. */
  approvedRequest: boolean;
  /** The admin's words, when there are any for the customer. */
  note: string;
  historyUrl: string;
}

export default function RefundMade({ planTitle, amountMills, orderAmountMills, refundedMills, takenBack, approvedRequest, note, historyUrl }: RefundMadeProps) {
  const amount = formatPrice(amountMills);
  const whole = refundedMills >= orderAmountMills;
  return (
    <EmailLayout preview={`${amount} of your ${planTitle} payment was refunded`} heading={approvedRequest ? "Your refund request was approved" : "Your payment was refunded"}>
      <Paragraph>{`${amount} of your ${formatPrice(orderAmountMills)} payment for ${planTitle} was refunded to the card or account you paid with. Banks usually show it within a few working days.`}</Paragraph>
      <Paragraph>{whole ? "The whole payment is now refunded." : `${formatPrice(refundedMills)} of it is refunded so far.`}</Paragraph>
      {takenBack.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {note ? <Paragraph>{`Note from the shop: ${note}`}</Paragraph> : null}
      <ActionLink url={historyUrl} label="Open Transactions History" />
      <Note>Questions about this refund: reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
RefundMade.PreviewProps = {
  planTitle: "3 Months",
  amountMills: 29_990,
  orderAmountMills: 29_990,
  refundedMills: 29_990,
  takenBack: ["The licence KS-7QX4M-9HTRW-K2P8D-ZN5VA was revoked: it no longer works in the tool."],
  approvedRequest: true,
  note: "",
  historyUrl: "http://localhost:3000/transactions-history",
} satisfies RefundMadeProps;

export const refundMadeTemplate = defineEmailTemplate({
  subject: (p: RefundMadeProps) => (p.approvedRequest ? `Refund request approved: ${formatPrice(p.amountMills)} refunded` : `${formatPrice(p.amountMills)} of your Keyshop payment was refunded`),
  Component: RefundMade,
});
