import { Suspense } from "react";
import { useSearchParams } from "react-router";

import { PageHeader } from "~/components/dashboard/page-header";
import { PaymentHistoryLink } from "~/features/profile/payment-history-link";
import { useLicensesCopy } from "~/features/licenses/copy";
import { LicensesPanel } from "~/features/licenses/licenses-panel";
import { PaymentReturnSlot } from "~/features/payments-return/payment-return-slot";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import { BRAND_NAME } from "~/lib/nav";

// The checkout an abandoned-checkout e-mail opens loads only for its link (decision 049).
const BuyFromLink = lazyNamed(() => import("~/features/renewals/buy-from-link"), "BuyFromLink");

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function LicenseKeysPage() {
  const { t } = useLicensesCopy();
  const [params] = useSearchParams();
  const buyLink = useOpenedOnce(params.has("buy"));
  return (
    <div className="flex flex-col gap-6">
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      {/* /dashboard (the return target of plans and top-ups) opens this page. */}
      <PaymentReturnSlot cleanTo="/dashboard" />
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
        // Customers do not have Transactions History in their menu (the spec's rule): it is here.
        actions={<PaymentHistoryLink />}
      />
      <LicensesPanel />
      {/* ?buy=<plan>: an abandoned checkout's e-mail opens a fresh checkout of the same plan. */}
      {buyLink ? (
        <Suspense fallback={null}>
          <BuyFromLink />
        </Suspense>
      ) : null}
    </div>
  );
}
