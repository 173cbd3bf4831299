// The dashboard's list tables: header, loading skeleton, error and empty messages, dimmed rows
// while the next page or search loads, and server-side paging under the table. Each panel gives
// its columns, rows and row renderer; everything else looks and behaves the same everywhere.
import type { ReactNode } from "react";

import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

import { ListMessage, TableMessage } from "./list-message";
import type { ListState } from "./list-state";
import { Pagination, type PaginationProps } from "./pagination";

export type DataTableColumn =
  | string
  | {
      label: string;
      /** The header cell's classes: `text-right`. */
      className?: string;
      /** This column's loading placeholder, instead of the table's `skeletonClassName`. */
      skeletonClassName?: string;
    };

const EDGE_PADDING = "first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6";

export function DataTable<Row>({
  columns,
  caption,
  scrollLabel,
  className,
  rows,
  renderRow,
  state,
  busy = false,
  skeletonClassName = "h-4 w-20",
  loadingLabel,
  pagination,
}: {
  columns: readonly DataTableColumn[];
  /** Read by screen readers only: what the table lists. */
  caption: string;
  /** Names the scrollable region when the table is wider than the screen. */
  scrollLabel: string;
  /** The table's own classes, usually its minimum width: `min-w-[56rem]`. */
  className?: string;
  /** Undefined while the first load is under way (skeleton rows are shown). */
  rows: readonly Row[] | undefined;
  /** One <TableRow> per row, with a key. */
  renderRow: (row: Row) => ReactNode;
  /** An error or empty message shown instead of the rows (see list-state.tsx). */
  state?: ListState | null;
  /** The next page or search is loading: the current rows are dimmed and the table is aria-busy. */
  busy?: boolean;
  skeletonClassName?: string;
  /** Read by screen readers while the skeleton rows are shown: 'Loading licenses'. */
  loadingLabel?: string;
  /** Server-side paging under the table, shown once there is something to page through. */
  pagination?: PaginationProps;
}) {
  const labels = columns.map((column): Exclude<DataTableColumn, string> => (typeof column === "string" ? { label: column } : column));
  return (
    <>
      <Table aria-busy={busy || undefined} className={className} containerClassName="@container" scrollLabel={scrollLabel}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader className="bg-muted/40">
          <TableRow className="hover:bg-transparent">
            {labels.map((column) => (
              <TableHead key={column.label} className={cn(EDGE_PADDING, column.className)}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className={cn("transition-opacity", busy && rows && "opacity-60")}>
          {state ? (
            <TableMessage colSpan={labels.length} icon={state.icon} tone={state.tone} title={state.title}>
              {state.body}
            </TableMessage>
          ) : rows ? (
            rows.map(renderRow)
          ) : (
            Array.from({ length: 4 }, (_, row) => (
              <TableRow key={row} className="hover:bg-transparent">
                {labels.map((column, index) => (
                  <TableCell key={column.label} className={EDGE_PADDING}>
                    {loadingLabel && row === 0 && index === 0 ? <span className="sr-only">{loadingLabel}</span> : null}
                    <Skeleton className={column.skeletonClassName ?? skeletonClassName} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {pagination && pagination.total > 0 ? <Pagination {...pagination} /> : null}
    </>
  );
}

/**
 * The same list on a phone: cards instead of rows, with the same states (the message, dimmed
 * cards while the next page or search loads, a placeholder on the first load).
 */
export function DataCards<Row>({
  rows,
  renderCards,
  state,
  busy = false,
  loading,
  loadingLabel,
}: {
  rows: Row[] | undefined;
  renderCards: (rows: Row[]) => ReactNode;
  state?: ListState | null;
  busy?: boolean;
  /** The first-load placeholder; by default two skeleton lines. */
  loading?: ReactNode;
  /** Read by screen readers with the default placeholder: "Loading transactions". */
  loadingLabel?: string;
}) {
  return (
    <div aria-busy={busy || undefined} className={cn("transition-opacity", busy && rows && "opacity-60")}>
      {state ? (
        <ListMessage icon={state.icon} tone={state.tone} title={state.title}>
          {state.body}
        </ListMessage>
      ) : rows ? (
        renderCards(rows)
      ) : (
        (loading ?? (
          <div role="status" className="grid gap-3 px-4 py-6">
            {loadingLabel ? <span className="sr-only">{loadingLabel}</span> : null}
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))
      )}
    </div>
  );
}
