import { UserManagementPanel } from "~/features/admin/user-management-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `User Management | ${BRAND_NAME}` }];
}

export default function UserManagementPage() {
  return <UserManagementPanel />;
}
