import { AuditLogPanel } from "~/features/admin/audit-log-panel";
import { BRAND_NAME } from "~/lib/nav";

export function meta() {
  return [{ title: `Audit Log | ${BRAND_NAME}` }];
}

export default function AuditLogPage() {
  return <AuditLogPanel />;
}
