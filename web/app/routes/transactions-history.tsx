import { TransactionsHistoryPanel } from "~/features/transactions/transactions-history-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Transactions History | ${BRAND_NAME}` }];
}

export default function TransactionsHistoryPage() {
  return <TransactionsHistoryPanel />;
}
