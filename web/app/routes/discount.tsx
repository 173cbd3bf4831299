import { useParams } from "react-router";

import { useDiscountsCopy } from "~/features/admin/discounts/copy";
import { DiscountReportPanel } from "~/features/admin/discounts/discount-report";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

/** /discounts/:id: one discount code's uses, revenue, refunds and orders (super-admin); the layout checks the role. */
export default function DiscountPage() {
  const { t } = useDiscountsCopy();
  const { id = "" } = useParams();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <DiscountReportPanel key={id} id={id} />
    </>
  );
}
