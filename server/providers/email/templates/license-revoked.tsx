import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";
import { licenceName, NOTICE_PREVIEW, type LicenceNoticeProps } from "./license-notice";

/** To a licence's owner when an admin revokes it (final). */
export default function LicenseRevoked(props: LicenceNoticeProps) {
  return (
    <EmailLayout preview="Your Keyshop licence was revoked" heading="Your licence was revoked">
      <Paragraph>{`${licenceName(props)} was revoked by Keyshop support. The desktop tool no longer accepts it, and it cannot be renewed.`}</Paragraph>
      <Paragraph>If you believe this is a mistake, contact support. A new licence can be bought on License Keys at any time.</Paragraph>
      <ActionLink url={props.dashboardUrl} label="Open License Keys" />
      <Note>Reply to this e-mail or contact support.</Note>
    </EmailLayout>
  );
}
LicenseRevoked.PreviewProps = NOTICE_PREVIEW;

export const licenseRevokedTemplate = defineEmailTemplate({
  subject: () => "Your Keyshop licence was revoked",
  Component: LicenseRevoked,
});
