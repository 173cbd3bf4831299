import { useResellerCopy } from "~/features/reseller/copy";
import { ResellerPanel } from "~/features/reseller/reseller-panel";
import { PaymentReturnSlot } from "~/features/payments-return/payment-return-slot";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

/** /reseller: bulk orders and their licences (resellers only, decision 080); the layout checks the flag. */
export default function ResellerPage() {
  const { t } = useResellerCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      {/* A bulk checkout returns here (returnTo "reseller") with the usual payment parameters. */}
      <PaymentReturnSlot />
      <ResellerPanel />
    </>
  );
}
