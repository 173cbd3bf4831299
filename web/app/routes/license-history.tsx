import { PageHeader } from "~/components/dashboard/page-header";
import { LicenseHistoryPanel } from "~/features/licenses/license-history-panel";
import { usePaymentSuccess } from "~/features/payments-return/use-payment-success";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `License History | ${BRAND_NAME}` }];
}

export default function LicenseHistoryPage() {
  usePaymentSuccess();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="License History" description="Every license key change, newest first." />
      <LicenseHistoryPanel />
    </div>
  );
}
