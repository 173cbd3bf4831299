import { ScreenPlaceholder } from "~/components/dashboard/screen-placeholder";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Manage Balance | ${BRAND_NAME}` }];
}

export default function ManageBalancePage() {
  return <ScreenPlaceholder title="Manage User Balances" description="Add to or subtract from the balance of any API key." />;
}
