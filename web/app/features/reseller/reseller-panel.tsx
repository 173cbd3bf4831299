// The Reseller page (decision 080): buying licences in bulk, the bulk orders, and their licences
// to assign. One overview read gives the plans (with their volume tiers) and the orders.
import { DashboardPage } from "~/components/dashboard/page-header";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { errorMessage } from "~/lib/errors";

import { BulkBuyCard } from "./bulk-buy-card";
import { BulkOrdersCard } from "./bulk-orders-card";
import { useResellerCopy } from "./copy";
import { LicensesCard } from "./licenses-card";
import { useResellerOverview } from "./queries";

export function ResellerPanel() {
  const { t } = useResellerCopy();
  const overview = useResellerOverview();
  const errorTitle = t("orders.errorTitle");
  useErrorToast("reseller-overview-error", errorTitle, overview.error, errorMessage);
  const failed = !overview.data && overview.isError;
  const ordersState: ListState | null = failed ? loadErrorState(errorTitle, errorMessage(overview.error), () => void overview.refetch()) : null;

  return (
    <DashboardPage title={t("page.title")} description={t("page.description")}>
      <BulkBuyCard plans={overview.data?.plans} failed={failed} />
      <BulkOrdersCard orders={overview.data?.orders} state={ordersState} />
      <LicensesCard orders={overview.data?.orders} />
    </DashboardPage>
  );
}
