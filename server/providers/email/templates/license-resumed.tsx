import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenceName, NOTICE_PREVIEW, type LicenceNoticeProps } from "./license-notice";

/** To a licence's owner when an admin lifts a suspension. */
export default function LicenseResumed(props: LicenceNoticeProps) {
  return (
    <EmailLayout preview="Your Keyshop licence works again" heading="Your licence works again">
      <Paragraph>{`${licenceName(props)} is no longer suspended. Open the desktop tool: it accepts the licence again at its next check.`}</Paragraph>
      <ActionLink url={props.dashboardUrl} label="Open License Keys" />
      <Note>Questions: reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
LicenseResumed.PreviewProps = NOTICE_PREVIEW;

export const licenseResumedTemplate = defineEmailTemplate({
  subject: () => "Your Keyshop licence works again",
  Component: LicenseResumed,
});
