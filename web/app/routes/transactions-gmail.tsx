import { OtpTransactionsPanel } from "~/features/admin/otp-transactions-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Transactions Gmail | ${BRAND_NAME}` }];
}

export default function TransactionsGmailPage() {
  return <OtpTransactionsPanel />;
}
