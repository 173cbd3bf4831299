import { PageHeader } from "~/components/dashboard/page-header";
import { PaymentReturnSlot } from "~/features/payments-return/payment-return-slot";
import { useProfileCopy } from "~/features/profile/copy";
import { ProfilePanels } from "~/features/profile/profile-panels";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function ProfilePage() {
  const { t } = useProfileCopy();
  return (
    <div className="flex flex-col gap-6">
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      {/* Top-ups start here and come back here (issue #14). */}
      <PaymentReturnSlot />
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <ProfilePanels />
    </div>
  );
}
