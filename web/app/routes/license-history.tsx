import { PageHeader } from "~/components/dashboard/page-header";
import { useHistoryCopy } from "~/features/licenses/copy";
import { LicenseHistoryPanel } from "~/features/licenses/license-history-panel";
import { PaymentReturnSlot } from "~/features/payments-return/payment-return-slot";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function LicenseHistoryPage() {
  const { t } = useHistoryCopy();
  return (
    <div className="flex flex-col gap-6">
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      {/* The v2 subscription page's return target: the app link and a local record of its own. */}
      <PaymentReturnSlot source="subscription_tool" deepLink />
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <LicenseHistoryPanel />
    </div>
  );
}
