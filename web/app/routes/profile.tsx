import { PageHeader } from "~/components/dashboard/page-header";
import { DashboardPaymentReturn } from "~/features/payments-return/dashboard-payment-return";
import { useProfileCopy } from "~/features/profile/copy";
import { ProfilePanels } from "~/features/profile/profile-panels";
import { BRAND_NAME } from "~/lib/nav";
import { usePageTitle } from "~/lib/page-title";

export function meta() {
  return [{ title: `Profile | ${BRAND_NAME}` }];
}

export default function ProfilePage() {
  const { t } = useProfileCopy();
  usePageTitle(t("page.metaTitle"));
  return (
    <div className="flex flex-col gap-6">
      {/* Top-ups start here and come back here (issue #14). */}
      <DashboardPaymentReturn />
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <ProfilePanels />
    </div>
  );
}
