import { PageHeader } from "~/components/dashboard/page-header";
import { LicenseHistoryPanel } from "~/features/licenses/license-history-panel";
import { DashboardPaymentReturn } from "~/features/payments-return/dashboard-payment-return";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `License History | ${BRAND_NAME}` }];
}

export default function LicenseHistoryPage() {
  return (
    <div className="flex flex-col gap-6">
      {/* The v2 subscription page's return target: the app link and a local record of its own. */}
      <DashboardPaymentReturn source="subscription_tool" deepLink />
      <PageHeader title="License History" description="Every license key change, newest first." />
      <LicenseHistoryPanel />
    </div>
  );
}
