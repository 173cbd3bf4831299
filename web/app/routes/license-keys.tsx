import { PageHeader } from "~/components/dashboard/page-header";
import { LicensesPanel } from "~/features/licenses/licenses-panel";
import { DashboardPaymentReturn } from "~/features/payments-return/dashboard-payment-return";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `License Keys | ${BRAND_NAME}` }];
}

export default function LicenseKeysPage() {
  return (
    <div className="flex flex-col gap-6">
      {/* /dashboard (the return target of plans and top-ups) opens this page. */}
      <DashboardPaymentReturn cleanTo="/dashboard" />
      <PageHeader
        title="License Management"
        description="Your license keys, their status and remaining key changes."
      />
      <LicensesPanel />
    </div>
  );
}
