import { ScreenPlaceholder } from "~/components/dashboard/screen-placeholder";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Transactions History | ${BRAND_NAME}` }];
}

export default function TransactionsHistoryPage() {
  return <ScreenPlaceholder title="Transactions History" description="Payments for plans and balance top-ups." />;
}
