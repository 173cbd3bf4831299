import { useState } from "react";
import { InboxIcon } from "lucide-react";

import { DataTable } from "~/components/data-table/data-table";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast } from "~/components/data-table/list-state";
import { PageHeader } from "~/components/dashboard/page-header";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDate, formatDateTime } from "~/lib/dates";

import { errorMessage } from "~/lib/errors";
import { type AuditEntry } from "./api";
import { formatBalance, formatPrice } from "../../../../contracts/money";
import { licenceActionText } from "./customer/audit-text";
import { useAudit } from "./queries";

const PAGE_SIZE = 25;
const COLUMNS = ["When", "Who", "What", "Concerning", "Before", "After", "Note"] as const;
const FILTERS = {
  all: "All changes",
  "user.role": "Role changes",
  "balance.adjust": "Balance adjustments",
  "user.two_factor_reset": "Two-factor resets",
  "licence.suspicious": "Suspicious licences",
  "order.refund": "Refunds",
  "refund_request.approve": "Refund requests approved",
  "refund_request.decline": "Refund requests declined",
  "licence.issue": "Licences issued",
  "licence.extend": "Licence extensions",
  "licence.suspend": "Licence suspensions",
  "licence.resume": "Licence resumptions",
  "licence.revoke": "Licence revocations",
  "licence.reset_changes": "Changes-left resets",
  "licence.release_device": "Device releases",
  "licence.resend_key": "Key e-mails resent",
} as const;
type Filter = keyof typeof FILTERS;
const ERROR_TITLE = "Error fetching the audit log";

export function AuditLogPanel() {
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const query = useAudit({ action: filter === "all" ? undefined : filter, page, pageSize: PAGE_SIZE });
  const data = query.data;
  useErrorToast("audit-error", ERROR_TITLE, query.error, errorMessage);

  const state =
    !data && query.isError
      ? loadErrorState(ERROR_TITLE, errorMessage(query.error), () => void query.refetch())
      : data?.entries.length === 0
        ? { icon: InboxIcon, title: "No changes recorded yet" }
        : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Audit Log" description="Role changes, balance adjustments, refunds and licence actions: who, when, what, before and after." />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex items-end gap-3 border-b px-4 py-4 sm:px-6">
          <ListSelect
            label="Show"
            value={filter}
            options={(Object.keys(FILTERS) as Filter[]).map((value) => ({ value, label: FILTERS[value] }))}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            triggerClassName="w-52"
          />
        </div>
        <DataTable
          columns={COLUMNS}
          caption="Audit log, newest first."
          scrollLabel="Audit log table"
          className="min-w-[60rem]"
          rows={data?.entries}
          renderRow={(entry) => <AuditRow key={entry.id} entry={entry} />}
          state={state}
          busy={query.isFetching && query.isPlaceholderData}
          pagination={data && { page, pageSize: PAGE_SIZE, total: data.total, noun: "entries", label: "Audit log pages", onPageChange: setPage }}
        />
      </Card>
    </div>
  );
}

/** The values of an entry as words: 'admin (super-admin)', '$7.00'. */
function describe(entry: AuditEntry, value: Record<string, unknown> | null): string {
  if (!value) return "—";
  if (entry.action === "user.role") {
    return `${String(value.role ?? "?")}${value.superAdmin ? " (super-admin)" : ""}`;
  }
  if (entry.action === "balance.adjust" && typeof value.balanceMills === "number") return formatBalance(value.balanceMills);
  if (entry.action === "licence.suspicious") return `${String(value.addresses)} addresses, ${String(value.refusedKeys)} refused device keys`;
  if (entry.action === "user.two_factor_reset") return value.twoFactorEnabled ? "Two-factor on" : "Two-factor off";
  if (entry.action === "order.refund" && typeof value.refundedMills === "number") return `${String(value.status)}, ${formatPrice(value.refundedMills)} refunded`;
  if (entry.action.startsWith("refund_request.")) return String(value.status ?? "—");
  if (entry.action.startsWith("licence.") && typeof value.status === "string") {
    const until = typeof value.expireDate === "string" ? `, until ${formatDate(value.expireDate)}` : "";
    return `${value.status}${until}, ${String(value.changesLeft)} changes left`;
  }
  return JSON.stringify(value);
}

function what(entry: AuditEntry): string {
  if (entry.action === "user.role") return "Role change";
  if (entry.action === "licence.suspicious") return "Suspicious licence";
  const licence = licenceActionText(entry);
  if (licence) return licence;
  if (entry.action === "user.two_factor_reset") return "Two-factor reset";
  if (entry.action === "order.refund") {
    const amount = entry.after?.amountMills;
    const by = entry.after?.source === "provider" ? " (made at the payment provider)" : entry.after?.source === "guarantee" ? " (money-back request)" : "";
    return typeof amount === "number" ? `Refund: ${formatPrice(amount)}${by}` : "Refund";
  }
  if (entry.action === "refund_request.approve") return "Refund request approved";
  if (entry.action === "refund_request.decline") return "Refund request declined";
  if (entry.action === "balance.adjust") {
    const delta = entry.after?.deltaMills;
    if (typeof delta === "number") return `Balance ${delta >= 0 ? "added" : "subtracted"}: ${formatBalance(Math.abs(delta))}`;
    return "Balance adjustment";
  }
  return entry.action;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <TableRow>
      <TableCell className="pl-4 whitespace-nowrap text-muted-foreground sm:pl-6">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </TableCell>
      <TableCell className="break-all">{entry.actorEmail ?? "—"}</TableCell>
      <TableCell>{what(entry)}</TableCell>
      <TableCell className="break-all">{entry.targetEmail ?? <span className="font-mono text-xs">{entry.targetId}</span>}</TableCell>
      <TableCell className="tabular-nums">{describe(entry, entry.before)}</TableCell>
      <TableCell className="tabular-nums">{describe(entry, entry.after)}</TableCell>
      <TableCell className="pr-4 text-muted-foreground sm:pr-6">{entry.note ?? "—"}</TableCell>
    </TableRow>
  );
}
