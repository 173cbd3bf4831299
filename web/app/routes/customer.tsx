import { useParams } from "react-router";

import { useAdminCustomerCopy } from "~/features/admin/customer/copy";
import { CustomerPanel } from "~/features/admin/customer/customer-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

/** /customers/:email — an admin's view of one customer (issue #16); the layout checks the role. */
export default function CustomerPage() {
  const { t } = useAdminCustomerCopy();
  const { email = "" } = useParams();
  // A new customer, a new page: nothing (open dialogs, menus) carries over from the last one.
  return (
    <>
      <title>{`${t("page.metaTitle")} | ${BRAND_NAME}`}</title>
      <CustomerPanel key={email.toLowerCase()} email={email} />
    </>
  );
}
