import { useTransactionsCopy } from "~/features/transactions/copy";
import { TransactionsHistoryPanel } from "~/features/transactions/transactions-history-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function TransactionsHistoryPage() {
  const { t } = useTransactionsCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <TransactionsHistoryPanel />
    </>
  );
}
