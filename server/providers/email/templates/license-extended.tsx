import { defineEmailTemplate } from "./define-template";
import { ActionLink, CodeBox, EmailLayout, Note, Paragraph } from "./layout";

export interface LicenseExtendedProps {
  buyKey: string;
  planTitle: string;
  addedDays: number;
  /** The new expiry (ISO), or null when the licence has not been activated yet (its term grew instead). */
  expireDate: string | null;
  dashboardUrl: string;
}

export default function LicenseExtended({ buyKey, planTitle, addedDays, expireDate, dashboardUrl }: LicenseExtendedProps) {
  const until = expireDate ? `It now runs until ${expireDate.slice(0, 10)} (UTC).` : "Its term starts at first activation and is now longer.";
  return (
    <EmailLayout preview={`Your Keyshop licence was extended by ${addedDays} days`} heading={`Your licence was extended (${planTitle})`}>
      <Paragraph>{`Thank you for your purchase. The licence bound to your device was extended by ${addedDays} days.`}</Paragraph>
      <Paragraph>{until}</Paragraph>
      <Paragraph>Its buy key, in case you need it again:</Paragraph>
      <CodeBox code={buyKey} />
      <ActionLink url={dashboardUrl} label="Open License Keys" />
      <Note>Questions or a refund request within 24 hours of purchase: reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
LicenseExtended.PreviewProps = {
  buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA",
  planTitle: "3 Months",
  addedDays: 105,
  expireDate: "2027-03-01T00:00:00.000Z",
  dashboardUrl: "http://localhost:3000/license-keys",
} satisfies LicenseExtendedProps;

export const licenseExtendedTemplate = defineEmailTemplate({
  subject: (p: LicenseExtendedProps) => `Your Keyshop licence was extended by ${p.addedDays} days`,
  Component: LicenseExtended,
});
