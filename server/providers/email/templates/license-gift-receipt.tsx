import { defineEmailTemplate } from "./define-template";
import { EmailLayout, Note, Paragraph } from "./layout";

/**
 * To someone who paid to extend a licence that is not theirs (a gift, or a renewal by device key
 * for somebody else): what they paid for, and never the licence's buy key, which only its owner
 * may hold (decision 017).
 */
export interface LicenseGiftReceiptProps {
  planTitle: string;
  addedDays: number;
  /** The device key the payer gave, shortened. */
  deviceKeyHint: string;
  expireDate: string | null;
}

export default function LicenseGiftReceipt({ planTitle, addedDays, deviceKeyHint, expireDate }: LicenseGiftReceiptProps) {
  const until = expireDate ? `It now runs until ${expireDate.slice(0, 10)} (UTC).` : "Its term starts when it is first activated and is now longer.";
  return (
    <EmailLayout preview={`Payment received: ${addedDays} days added to the licence of device ${deviceKeyHint}`} heading={`Payment received (${planTitle})`}>
      <Paragraph>{`Thank you. ${addedDays} days were added to the licence of the device ${deviceKeyHint}.`}</Paragraph>
      <Paragraph>{until}</Paragraph>
      <Paragraph>The licence belongs to another account, so its keys are not in this e-mail: its owner has been told about the extension.</Paragraph>
      <Note>Questions or a refund request within 24 hours of purchase: reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
LicenseGiftReceipt.PreviewProps = {
  planTitle: "3 Months",
  addedDays: 105,
  deviceKeyHint: "PC-LDR…7Q2X",
  expireDate: "2027-03-01T00:00:00.000Z",
} satisfies LicenseGiftReceiptProps;

export const licenseGiftReceiptTemplate = defineEmailTemplate({
  subject: (p: LicenseGiftReceiptProps) => `Payment received: ${p.addedDays} days added to a Keyshop licence`,
  Component: LicenseGiftReceipt,
});
