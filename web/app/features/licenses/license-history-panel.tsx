import { useEffect, type ReactNode } from "react";
import { HistoryIcon, SearchXIcon } from "lucide-react";

import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { pageCount as countPages, Pagination } from "~/components/data-table/pagination";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";

import { errorMessage } from "~/lib/errors";
import { HISTORY_PAGE_SIZE, type LicenseHistoryEntry } from "./api";
import { formatDate, formatTime } from "~/lib/dates";
import { KeyText } from "./key-text";
import { useLicenseHistory } from "./queries";

const COLUMNS = [
  { label: "Date", skeletonClassName: "h-4 w-24" },
  { label: "Changed By", skeletonClassName: "h-4 w-36" },
  { label: "Buy Key", skeletonClassName: "h-4 w-24" },
  { label: "Old License", skeletonClassName: "h-4 w-40" },
  { label: "New License", skeletonClassName: "h-4 w-40" },
] as const;

export const SEARCH_HISTORY_PLACEHOLDER = "Search by email, changed by, key, or license...";
export const NO_HISTORY = "No history found";
export const NO_HISTORY_RESULTS = "No results found for your search";

export function LicenseHistoryPanel() {
  const isMobile = useIsMobile();
  // A new search starts on the first page.
  const { search, setSearch, term, typing, page, setPage } = usePagedSearch();
  const query = useLicenseHistory(term, page, HISTORY_PAGE_SIZE);
  const data = query.data;
  const entries = data?.entries;
  const searching = term !== "";
  const pending = typing || (query.isFetching && query.isPlaceholderData);

  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? HISTORY_PAGE_SIZE;
  const pageCount = countPages(total, pageSize);
  const shownPage = data?.page ?? page;

  // The list shrank under the current page (e.g. another tab): go to its last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, query.isPlaceholderData, page, pageCount, setPage]);

  useErrorToast("license-history-error", "Error", query.error, errorMessage);

  let message: ListState | null = null;
  if (entries === undefined && query.isError) {
    message = loadErrorState("Could not load the license history", errorMessage(query.error), () => void query.refetch());
  } else if (entries?.length === 0) {
    message = searching
      ? { icon: SearchXIcon, title: NO_HISTORY_RESULTS, body: <p>Nothing matches “{term}”.</p> }
      : { icon: HistoryIcon, title: NO_HISTORY, body: <p>Every license key change is recorded here.</p> };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-0.5">
          <h2 className="font-semibold">Key changes</h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data ? countText(total, searching) : query.isError ? "Not loaded" : "Loading…"}
          </p>
        </div>
        <SearchInput
          label="Search license history"
          placeholder={SEARCH_HISTORY_PLACEHOLDER}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          pending={pending}
          maxLength={200}
          containerClassName="sm:max-w-[26rem]"
        />
      </div>

      {isMobile ? (
        <DataCards
          rows={entries}
          renderCards={(list) => <HistoryCardList entries={list} />}
          state={message}
          busy={pending}
          loading={<HistoryCardSkeletons />}
        />
      ) : (
        <DataTable
          columns={COLUMNS}
          caption="License key changes, newest first."
          scrollLabel="License history table"
          className="min-w-[52rem]"
          rows={entries}
          renderRow={(entry) => <HistoryRow key={entry.id} entry={entry} />}
          state={message}
          busy={pending}
          loadingLabel="Loading license history"
        />
      )}

      {/* 'Showing X to Y of Z' (no noun), only when there is more than a page. */}
      {total > pageSize ? (
        <Pagination page={shownPage} pageSize={pageSize} total={total} estimate={data?.totalIsEstimate} label="License history pages" onPageChange={setPage} />
      ) : null}
    </Card>
  );
}

function countText(total: number, searching: boolean) {
  const noun = total === 1 ? "change" : "changes";
  if (searching) return `${total} matching ${noun}`;
  return total === 0 ? "No key changes yet" : `${total} ${noun}, newest first`;
}

function DeviceKeyText({ value, className }: { value: string | null; className?: string }) {
  return value ? (
    <KeyText value={value} className={cn("block", className)} />
  ) : (
    <span className="text-muted-foreground">N/A</span>
  );
}

function HistoryRow({ entry }: { entry: LicenseHistoryEntry }) {
  return (
    <TableRow>
      <TableCell className="pl-4 whitespace-nowrap sm:pl-6">
        <time dateTime={entry.changeDate} className="grid">
          <span>{formatDate(entry.changeDate)}</span>
          <span className="text-xs text-muted-foreground">{formatTime(entry.changeDate)}</span>
        </time>
      </TableCell>
      <TableCell>
        <span className="block max-w-[14rem] truncate" title={entry.changedBy ?? entry.email}>
          {entry.changedBy || entry.email}
        </span>
      </TableCell>
      <TableCell>
        <KeyText value={entry.buykey} className="block max-w-[12rem] min-w-[8rem] lg:whitespace-nowrap" />
      </TableCell>
      <TableCell>
        <DeviceKeyText value={entry.oldDeviceKey} className="max-w-[15rem] min-w-[9.5rem]" />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <DeviceKeyText value={entry.newDeviceKey} className="max-w-[15rem] min-w-[9.5rem]" />
      </TableCell>
    </TableRow>
  );
}

/** Phones: the changes as a list of cards instead of a wide table. */
function HistoryCardList({ entries }: { entries: LicenseHistoryEntry[] }) {
  return (
    <ul aria-label="License key changes, newest first" className="divide-y">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-baseline justify-between gap-3">
            <time dateTime={entry.changeDate} className="font-medium">
              {formatDate(entry.changeDate)}
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {formatTime(entry.changeDate)}
              </span>
            </time>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <CardField term="Changed By">
              <span className="break-words">{entry.changedBy || entry.email}</span>
            </CardField>
            <CardField term="Buy Key">
              <KeyText value={entry.buykey} />
            </CardField>
            <CardField term="Old License">
              <DeviceKeyText value={entry.oldDeviceKey} />
            </CardField>
            <CardField term="New License">
              <DeviceKeyText value={entry.newDeviceKey} />
            </CardField>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function HistoryCardSkeletons() {
  return (
    <div role="status" className="divide-y">
      <span className="sr-only">Loading license history</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 px-4 py-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
