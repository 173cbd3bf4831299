import { useDiscountsCopy } from "~/features/admin/discounts/copy";
import { DiscountsPanel } from "~/features/admin/discounts/discounts-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

/** /discounts: the discount codes (super-admin, decision 077); the layout checks the role. */
export default function DiscountsPage() {
  const { t } = useDiscountsCopy();
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <DiscountsPanel />
    </>
  );
}
