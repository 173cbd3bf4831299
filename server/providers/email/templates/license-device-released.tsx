import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenceName, NOTICE_PREVIEW, type LicenceNoticeProps } from "./license-notice";

/** To a licence's owner when an admin releases its device binding (a move support did for them). */
export default function LicenseDeviceReleased(props: LicenceNoticeProps) {
  return (
    <EmailLayout preview="Your Keyshop licence is free to move" heading="Your licence was released from its device">
      <Paragraph>{`${licenceName(props)} is no longer bound to a computer. The computer it was on stops accepting it at its next check.`}</Paragraph>
      <Paragraph>To use it on another computer: open the desktop tool there, choose Login License Keys and enter your buy key. This first activation costs no change, and the term is not restarted.</Paragraph>
      <ActionLink url={props.dashboardUrl} label="Open License Keys" />
      <Note>Did not ask for this? Contact support.</Note>
    </EmailLayout>
  );
}
LicenseDeviceReleased.PreviewProps = NOTICE_PREVIEW;

export const licenseDeviceReleasedTemplate = defineEmailTemplate({
  subject: () => "Your Keyshop licence was released from its device",
  Component: LicenseDeviceReleased,
});
