import { ManageBalancePanel } from "~/features/admin/manage-balance-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Manage Balance | ${BRAND_NAME}` }];
}

export default function ManageBalancePage() {
  return <ManageBalancePanel />;
}
