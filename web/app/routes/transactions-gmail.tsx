import { ScreenPlaceholder } from "~/components/dashboard/screen-placeholder";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Transactions Gmail | ${BRAND_NAME}` }];
}

export default function TransactionsGmailPage() {
  return <ScreenPlaceholder title="Gmail OTP Transactions" description="OTP mail purchases, spending and revenue." />;
}
