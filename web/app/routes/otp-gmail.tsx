import { OtpGmailPanel } from "~/features/otp-mail/otp-gmail-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `OTP Gmail | ${BRAND_NAME}` }];
}

export default function OtpGmailPage() {
  return <OtpGmailPanel />;
}
