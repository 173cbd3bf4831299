import { useParams } from "react-router";

import { CustomerPanel } from "~/features/admin/customer/customer-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Customer | ${BRAND_NAME}` }];
}

/** /customers/:email — an admin's view of one customer (issue #16); the layout checks the role. */
export default function CustomerPage() {
  const { email = "" } = useParams();
  // A new customer, a new page: nothing (open dialogs, menus) carries over from the last one.
  return <CustomerPanel key={email.toLowerCase()} email={email} />;
}
