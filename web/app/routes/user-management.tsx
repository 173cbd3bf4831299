import { useAdminCopy } from "~/features/admin/copy";
import { UserManagementPanel } from "~/features/admin/user-management-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function UserManagementPage() {
  const { t } = useAdminCopy();
  return (
    <>
      <title>{`${t("titles.userManagement")} | ${BRAND_NAME}`}</title>
      <UserManagementPanel />
    </>
  );
}
