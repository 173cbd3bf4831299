import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenceName, NOTICE_PREVIEW, type LicenceNoticeProps } from "./license-notice";

/** To a licence's owner when an admin suspends it. */
export default function LicenseSuspended(props: LicenceNoticeProps) {
  return (
    <EmailLayout preview="Your Keyshop licence is on hold" heading="Your licence is on hold">
      <Paragraph>{`${licenceName(props)} was suspended by Keyshop support. The desktop tool stops accepting it at its next check.`}</Paragraph>
      <Paragraph>Its term keeps running while it is suspended. Contact support to find out why and what is needed to lift the hold.</Paragraph>
      <ActionLink url={props.dashboardUrl} label="Open License Keys" />
      <Note>Reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
LicenseSuspended.PreviewProps = NOTICE_PREVIEW;

export const licenseSuspendedTemplate = defineEmailTemplate({
  subject: () => "Your Keyshop licence is on hold",
  Component: LicenseSuspended,
});
