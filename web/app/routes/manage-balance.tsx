import { useAdminCopy } from "~/features/admin/copy";
import { ManageBalancePanel } from "~/features/admin/manage-balance-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function ManageBalancePage() {
  const { t } = useAdminCopy();
  return (
    <>
      <title>{`${t("titles.manageBalance")} | ${BRAND_NAME}`}</title>
      <ManageBalancePanel />
    </>
  );
}
