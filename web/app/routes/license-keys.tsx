import { PageHeader } from "~/components/dashboard/page-header";
import { LicensesPanel } from "~/features/licenses/licenses-panel";
import { usePaymentSuccess } from "~/features/payments-return/use-payment-success";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `License Keys | ${BRAND_NAME}` }];
}

export default function LicenseKeysPage() {
  usePaymentSuccess();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="License Management"
        description="Your license keys, their status and remaining key changes."
      />
      <LicensesPanel />
    </div>
  );
}
