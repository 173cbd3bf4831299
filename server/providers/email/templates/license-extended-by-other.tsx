import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** To a licence's owner when someone else paid to extend it: who, how long, until when. */
export interface LicenseExtendedByOtherProps {
  payerEmail: string;
  planTitle: string;
  addedDays: number;
  /** The last group of the buy key, so the owner knows which licence. */
  buyKeyEnd: string;
  expireDate: string | null;
  dashboardUrl: string;
}

export default function LicenseExtendedByOther({ payerEmail, planTitle, addedDays, buyKeyEnd, expireDate, dashboardUrl }: LicenseExtendedByOtherProps) {
  const until = expireDate ? `It now runs until ${expireDate.slice(0, 10)} (UTC).` : "Its term starts at first activation and is now longer.";
  return (
    <EmailLayout preview={`${payerEmail} extended your Keyshop licence by ${addedDays} days`} heading="Your licence was extended">
      <Paragraph>{`${payerEmail} paid for ${planTitle} on the licence whose buy key ends in ${buyKeyEnd}: ${addedDays} days were added.`}</Paragraph>
      <Paragraph>{until}</Paragraph>
      <Paragraph>Nothing else changed: the licence stays yours and on your device, and its buy key was not shared.</Paragraph>
      <ActionLink url={dashboardUrl} label="Open License Keys" />
      <Note>Did not expect this? Nothing needs doing; contact support if you have questions.</Note>
    </EmailLayout>
  );
}
LicenseExtendedByOther.PreviewProps = {
  payerEmail: "friend@example.com",
  planTitle: "3 Months",
  addedDays: 105,
  buyKeyEnd: "ZN5VA",
  expireDate: "2027-03-01T00:00:00.000Z",
  dashboardUrl: "http://localhost:3000/license-keys",
} satisfies LicenseExtendedByOtherProps;

export const licenseExtendedByOtherTemplate = defineEmailTemplate({
  subject: (p: LicenseExtendedByOtherProps) => `Your Keyshop licence was extended by ${p.addedDays} days (paid by ${p.payerEmail})`,
  Component: LicenseExtendedByOther,
});
