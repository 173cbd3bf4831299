import { defineEmailTemplate } from "./define-template";
import { ActionLink, CodeBox, EmailLayout, Note, Paragraph } from "./layout";

export interface BuyKeyEmailProps {
  buyKey: string;
  planTitle: string;
  /** Days the term runs from first activation (plan period plus bonus days). */
  termDays: number;
  changesLeft: number;
  dashboardUrl: string;
  /** The term's end once activated (ISO; a resent key e-mail): the e-mail says how many days are left. */
  expireDate?: string | null;
}

function termLine(termDays: number, expireDate: string | null | undefined, now = new Date()) {
  if (!expireDate) return `Your ${termDays}-day term starts at first activation, not today, so you can activate whenever you are ready.`;
  const left = Math.ceil((new Date(expireDate).getTime() - now.getTime()) / 86_400_000);
  const until = `${expireDate.slice(0, 10)} (UTC)`;
  return left > 0 ? `It runs until ${until}: ${left} ${left === 1 ? "day" : "days"} left.` : `It expired on ${until}. Renew it on the License Keys page.`;
}

export default function BuyKeyEmail({ buyKey, planTitle, termDays, changesLeft, dashboardUrl, expireDate }: BuyKeyEmailProps) {
  return (
    <EmailLayout preview={`Your Keyshop ${planTitle} buy key: ${buyKey}`} heading={`Your ${planTitle} licence`}>
      <Paragraph>Thank you for your purchase. This is your buy key; keep this e-mail.</Paragraph>
      <CodeBox code={buyKey} />
      <Paragraph>
        {`To activate: open the Keyshop desktop tool, choose Login License Keys, and enter this buy key. The tool binds it to this computer with its own device key (it contains LDREEL).`}
      </Paragraph>
      <Paragraph>{termLine(termDays, expireDate)}</Paragraph>
      <Paragraph>
        {`Changes left: ${changesLeft}. Each change moves the licence to a new device key (for example a new computer). Change it in the tool or on the License Keys page while the licence is active.`}
      </Paragraph>
      <ActionLink url={dashboardUrl} label="Open License Keys" />
      <Note>Questions or a refund request within 24 hours of purchase: reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
BuyKeyEmail.PreviewProps = {
  buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA",
  planTitle: "3 Months",
  termDays: 105,
  changesLeft: 10,
  dashboardUrl: "http://localhost:3000/license-keys",
} satisfies BuyKeyEmailProps;

export const buyKeyEmailTemplate = defineEmailTemplate({
  subject: (p: BuyKeyEmailProps) => `Your Keyshop ${p.planTitle} licence: ${p.buyKey}`,
  Component: BuyKeyEmail,
});
