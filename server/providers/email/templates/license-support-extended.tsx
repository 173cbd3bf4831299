import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenceName, NOTICE_PREVIEW, type LicenceNoticeProps } from "./license-notice";

/** To a licence's owner when an admin extends it (no payment: a support case, a goodwill gesture). */
export interface LicenseSupportExtendedProps extends LicenceNoticeProps {
  addedDays: number;
  /** The new expiry (ISO), or null when the licence has not been activated yet (its term grew instead). */
  expireDate: string | null;
}

export default function LicenseSupportExtended(props: LicenseSupportExtendedProps) {
  const until = props.expireDate ? `It now runs until ${props.expireDate.slice(0, 10)} (UTC).` : "It has not been activated yet: its term, which starts at first activation, is longer now.";
  return (
    <EmailLayout preview={`Your Keyshop licence was extended by ${props.addedDays} days`} heading="Your licence was extended">
      <Paragraph>{`Keyshop support added ${props.addedDays} days to ${licenceName(props).replace(/^Your/, "your")}.`}</Paragraph>
      <Paragraph>{until}</Paragraph>
      <ActionLink url={props.dashboardUrl} label="Open License Keys" />
      <Note>Nothing needs doing: the desktop tool sees the new expiry at its next check.</Note>
    </EmailLayout>
  );
}
LicenseSupportExtended.PreviewProps = { ...NOTICE_PREVIEW, addedDays: 30, expireDate: "2027-03-01T00:00:00.000Z" } satisfies LicenseSupportExtendedProps;

export const licenseSupportExtendedTemplate = defineEmailTemplate({
  subject: (p: LicenseSupportExtendedProps) => `Your Keyshop licence was extended by ${p.addedDays} days`,
  Component: LicenseSupportExtended,
});
