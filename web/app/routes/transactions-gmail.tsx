import { useAdminCopy } from "~/features/admin/copy";
import { OtpTransactionsPanel } from "~/features/admin/otp-transactions-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function TransactionsGmailPage() {
  const { t } = useAdminCopy();
  return (
    <>
      <title>{`${t("titles.transactionsGmail")} | ${BRAND_NAME}`}</title>
      <OtpTransactionsPanel />
    </>
  );
}
