import { useAdminCopy } from "~/features/admin/copy";
import { AuditLogPanel } from "~/features/admin/audit-log-panel";
import { BRAND_NAME } from "~/lib/nav";

// The title is rendered by the page (<title> below), in the reader's language.
export function meta() {
  return [];
}

export default function AuditLogPage() {
  const { t } = useAdminCopy();
  return (
    <>
      <title>{`${t("titles.auditLog")} | ${BRAND_NAME}`}</title>
      <AuditLogPanel />
    </>
  );
}
