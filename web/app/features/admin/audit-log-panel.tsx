import { useEffect, useId, useState } from "react";
import { InboxIcon, RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";

import { PageHeader } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/features/licenses/format";
import { TableMessage } from "~/features/licenses/table-message";
import { cn } from "~/lib/utils";

import { errorMessage, type AuditEntry } from "./api";
import { formatDollars } from "./format";
import { Pagination } from "./pagination";
import { useAudit } from "./queries";

const PAGE_SIZE = 25;
const COLUMNS = ["When", "Who", "What", "Concerning", "Before", "After", "Note"] as const;
const FILTERS = { all: "All changes", "user.role": "Role changes", "balance.adjust": "Balance adjustments" } as const;
type Filter = keyof typeof FILTERS;

export function AuditLogPanel() {
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const filterId = useId();
  const query = useAudit({ action: filter === "all" ? undefined : filter, page, pageSize: PAGE_SIZE });
  const data = query.data;

  useEffect(() => {
    if (query.isError) toast.error("Error fetching the audit log", { id: "audit-error", description: errorMessage(query.error) });
  }, [query.isError, query.error]);

  const busy = query.isFetching && query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Audit Log" description="Role changes and balance adjustments: who, when, what, before and after." />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex items-end gap-3 border-b px-4 py-4 sm:px-6">
          <div className="grid gap-1.5">
            <Label id={filterId} className="text-xs text-muted-foreground">
              Show
            </Label>
            <Select
              value={filter}
              onValueChange={(v) => {
                setFilter(v as Filter);
                setPage(1);
              }}
            >
              <SelectTrigger aria-labelledby={filterId} className="w-52">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(FILTERS) as Filter[]).map((f) => (
                  <SelectItem key={f} value={f}>
                    {FILTERS[f]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <Table aria-busy={busy || undefined} className="min-w-[60rem]" containerClassName="@container" scrollLabel="Audit log table">
          <TableCaption className="sr-only">Audit log, newest first.</TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((c) => (
                <TableHead key={c} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn("transition-opacity", busy && "opacity-60")}>
            {!data && query.isError ? (
              <TableMessage colSpan={COLUMNS.length} icon={TriangleAlertIcon} tone="error" title="Error fetching the audit log">
                <p>{errorMessage(query.error)}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
                  <RotateCwIcon aria-hidden="true" />
                  Try again
                </Button>
              </TableMessage>
            ) : data?.entries.length === 0 ? (
              <TableMessage colSpan={COLUMNS.length} icon={InboxIcon} title="No changes recorded yet" />
            ) : data ? (
              data.entries.map((e) => <AuditRow key={e.id} entry={e} />)
            ) : (
              Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i} className="hover:bg-transparent">
                  {COLUMNS.map((c) => (
                    <TableCell key={c} className="first:pl-4 sm:first:pl-6">
                      <Skeleton className="h-4 w-20" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        {data && data.total > 0 ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} noun="entries" label="Audit log pages" onPageChange={setPage} />
        ) : null}
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
  if (entry.action === "balance.adjust" && typeof value.balanceMills === "number") return formatDollars(value.balanceMills);
  return JSON.stringify(value);
}

function what(entry: AuditEntry): string {
  if (entry.action === "user.role") return "Role change";
  if (entry.action === "balance.adjust") {
    const delta = entry.after?.deltaMills;
    if (typeof delta === "number") return `Balance ${delta >= 0 ? "added" : "subtracted"}: ${formatDollars(Math.abs(delta), Math.abs(delta) % 10 === 0 ? 2 : 3)}`;
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
