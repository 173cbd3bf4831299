import { PageHeader } from "~/components/dashboard/page-header";
import { DashboardPaymentReturn } from "~/features/payments-return/dashboard-payment-return";
import { ProfilePanels } from "~/features/profile/profile-panels";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Profile | ${BRAND_NAME}` }];
}

export default function ProfilePage() {
  return (
    <div className="flex flex-col gap-6">
      {/* Top-ups start here and come back here (issue #14). */}
      <DashboardPaymentReturn />
      <PageHeader title="Profile" description="Your account, API key and balance." />
      <ProfilePanels />
    </div>
  );
}
