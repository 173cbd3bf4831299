import { PageHeader } from "~/components/dashboard/page-header";
import { useHistoryCopy } from "~/features/licenses/copy";
import { LicenseHistoryPanel } from "~/features/licenses/license-history-panel";
import { DashboardPaymentReturn } from "~/features/payments-return/dashboard-payment-return";
import { BRAND_NAME } from "~/lib/nav";
import { usePageTitle } from "~/lib/page-title";

export function meta() {
  return [{ title: `License History | ${BRAND_NAME}` }];
}

export default function LicenseHistoryPage() {
  const { t } = useHistoryCopy();
  usePageTitle(t("page.metaTitle"));
  return (
    <div className="flex flex-col gap-6">
      {/* The v2 subscription page's return target: the app link and a local record of its own. */}
      <DashboardPaymentReturn source="subscription_tool" deepLink />
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <LicenseHistoryPanel />
    </div>
  );
}
