import { useEffect, useState, type ReactNode } from "react";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  HistoryIcon,
  RotateCwIcon,
  SearchXIcon,
  TriangleAlertIcon,
  type LucideIcon,
} from "lucide-react";
import { toast } from "sonner";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";

import { errorMessage, HISTORY_PAGE_SIZE, type LicenseHistoryEntry } from "./api";
import { formatDate, formatTime } from "./format";
import { KeyText } from "./key-text";
import { useLicenseHistory } from "./queries";
import { ListMessage, TableMessage } from "./table-message";
import { useDebouncedValue } from "./use-debounced-value";

const COLUMNS = ["Date", "Changed By", "Buy Key", "Old License", "New License"] as const;

export const SEARCH_HISTORY_PLACEHOLDER = "Search by email, changed by, key, or license...";
export const NO_HISTORY = "No history found";
export const NO_HISTORY_RESULTS = "No results found for your search";

export function LicenseHistoryPanel() {
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const query = useLicenseHistory(debouncedSearch, page, HISTORY_PAGE_SIZE);
  const data = query.data;
  const entries = data?.entries;
  const searching = debouncedSearch !== "";
  const pending = search.trim() !== debouncedSearch || (query.isFetching && query.isPlaceholderData);

  // A new search starts on the first page.
  const [lastSearch, setLastSearch] = useState(debouncedSearch);
  if (lastSearch !== debouncedSearch) {
    setLastSearch(debouncedSearch);
    setPage(1);
  }

  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? HISTORY_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shownPage = data?.page ?? page;

  // The list shrank under the current page (e.g. another tab): go to its last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, query.isPlaceholderData, page, pageCount]);

  useEffect(() => {
    if (query.isError) {
      toast.error("Error", { id: "license-history-error", description: errorMessage(query.error) });
    }
  }, [query.isError, query.error]);

  let message: StateMessage | null = null;
  if (entries === undefined && query.isError) {
    message = {
      icon: TriangleAlertIcon,
      tone: "error",
      title: "Could not load the license history",
      body: (
        <>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </>
      ),
    };
  } else if (entries?.length === 0) {
    message = searching
      ? { icon: SearchXIcon, title: NO_HISTORY_RESULTS, body: <p>Nothing matches “{debouncedSearch}”.</p> }
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
        <div aria-busy={pending || undefined} className={cn("transition-opacity", pending && entries && "opacity-60")}>
          {message ? (
            <ListMessage icon={message.icon} tone={message.tone} title={message.title}>
              {message.body}
            </ListMessage>
          ) : entries ? (
            <HistoryCardList entries={entries} />
          ) : (
            <HistoryCardSkeletons />
          )}
        </div>
      ) : (
        <Table
          aria-busy={pending || undefined}
          className="min-w-[52rem]"
          containerClassName="@container"
          scrollLabel="License history table"
        >
          <TableCaption className="sr-only">License key changes, newest first.</TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead key={column} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn("transition-opacity", pending && entries && "opacity-60")}>
            {message ? (
              <TableMessage colSpan={COLUMNS.length} icon={message.icon} tone={message.tone} title={message.title}>
                {message.body}
              </TableMessage>
            ) : entries ? (
              entries.map((entry) => <HistoryRow key={entry.id} entry={entry} />)
            ) : (
              <SkeletonRows />
            )}
          </TableBody>
        </Table>
      )}

      {total > pageSize ? (
        <nav
          aria-label="License history pages"
          className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm sm:flex-row sm:px-6"
        >
          <p className="text-muted-foreground">
            Showing {(shownPage - 1) * pageSize + 1} to {Math.min(shownPage * pageSize, total)} of{" "}
            {total}
          </p>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage((current) => Math.max(1, current - 1))}
              disabled={page <= 1}
            >
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <span className="min-w-24 text-center tabular-nums" aria-live="polite">
              Page {shownPage} of {pageCount}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage((current) => Math.min(pageCount, current + 1))}
              disabled={page >= pageCount}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </Card>
  );
}

type StateMessage = {
  icon: LucideIcon;
  tone?: "neutral" | "error";
  title: string;
  body: ReactNode;
};

function countText(total: number, searching: boolean) {
  const noun = total === 1 ? "change" : "changes";
  if (searching) return `${total} matching ${noun}`;
  return total === 0 ? "No key changes yet" : `${total} ${noun}, newest first`;
}

function LicenseText({ value, className }: { value: string | null; className?: string }) {
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
        <LicenseText value={entry.oldLicense} className="max-w-[15rem] min-w-[9.5rem]" />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <LicenseText value={entry.newLicense} className="max-w-[15rem] min-w-[9.5rem]" />
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 4 }, (_, row) => (
        <TableRow key={row} className="hover:bg-transparent">
          {COLUMNS.map((column, index) => (
            <TableCell key={column} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
              {index === 0 && row === 0 ? <span className="sr-only">Loading license history</span> : null}
              <Skeleton
                className={cn(
                  "h-4",
                  column === "Date" && "w-24",
                  column === "Changed By" && "w-36",
                  column === "Buy Key" && "w-24",
                  (column === "Old License" || column === "New License") && "w-40",
                )}
              />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
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
              <LicenseText value={entry.oldLicense} />
            </CardField>
            <CardField term="New License">
              <LicenseText value={entry.newLicense} />
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
