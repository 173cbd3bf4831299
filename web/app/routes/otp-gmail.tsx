import { useOtpCopy } from "~/features/otp-mail/copy";
import { OtpGmailPanel } from "~/features/otp-mail/otp-gmail-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function OtpGmailPage() {
  const { t } = useOtpCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <OtpGmailPanel />
    </>
  );
}
