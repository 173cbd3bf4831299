import { ShieldCheckIcon } from "lucide-react";

import { ScreenPlaceholder } from "~/components/dashboard/screen-placeholder";
import { Badge } from "~/components/ui/badge";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `User Management | ${BRAND_NAME}` }];
}

export default function UserManagementPage() {
  return (
    <ScreenPlaceholder
      title="User Management"
      description="Manage user roles and permissions"
      badge={
        <Badge variant="secondary" className="gap-1">
          <ShieldCheckIcon aria-hidden="true" />
          Admin Access
        </Badge>
      }
    />
  );
}
