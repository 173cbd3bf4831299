import { useEffect, type ReactNode } from "react";
import { HistoryIcon, SearchXIcon } from "lucide-react";

import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { pageCount as countPages, Pagination } from "~/components/data-table/pagination";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

import { errorMessage } from "~/lib/errors";
import { HISTORY_PAGE_SIZE, type LicenseHistoryEntry } from "./api";
import { useDates } from "~/lib/dates";
import { changedByText, useHistoryCopy } from "./copy";
import { KeyText } from "../../components/key-text";
import { LicensesPanelHeader } from "./panel-header";
import { useLicenseHistory } from "./queries";

const COLUMNS = [
  { key: "date", skeletonClassName: "h-4 w-24" },
  { key: "changedBy", skeletonClassName: "h-4 w-36" },
  { key: "buyKey", skeletonClassName: "h-4 w-24" },
  { key: "oldLicense", skeletonClassName: "h-4 w-40" },
  { key: "newLicense", skeletonClassName: "h-4 w-40" },
] as const;

export function LicenseHistoryPanel() {
  const { t } = useHistoryCopy();
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

  useErrorToast("license-history-error", t("table:error"), query.error, errorMessage);

  let message: ListState | null = null;
  if (entries === undefined && query.isError) {
    message = loadErrorState(t("panel.loadError"), errorMessage(query.error), () => void query.refetch());
  } else if (entries?.length === 0) {
    message = searching
      ? { icon: SearchXIcon, title: t("panel.emptySearch"), body: <p>{t("panel.emptySearchBody", { term })}</p> }
      : { icon: HistoryIcon, title: t("panel.empty"), body: <p>{t("panel.emptyBody")}</p> };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <LicensesPanelHeader
        ns="history"
        count={data ? countText(t, total, searching) : undefined}
        failed={query.isError}
        search={search}
        onSearch={setSearch}
        pending={pending}
        searchClassName="sm:max-w-[26rem]"
      />

      <ResponsiveList
        columns={COLUMNS.map(({ key, ...column }) => ({ ...column, label: t(`columns.${key}`) }))}
        caption={t("panel.caption")}
        scrollLabel={t("panel.scrollLabel")}
        className="min-w-[52rem]"
        rows={entries}
        renderRow={(entry) => <HistoryRow key={entry.id} entry={entry} />}
        renderCards={(list) => <HistoryCardList entries={list} />}
        cardsLoading={<HistoryCardSkeletons />}
        state={message}
        busy={pending}
        loadingLabel={t("panel.loading")}
      />

      {/* 'Showing X to Y of Z' (no noun), only when there is more than a page. */}
      {total > pageSize ? (
        <Pagination page={shownPage} pageSize={pageSize} total={total} estimate={data?.totalIsEstimate} label={t("panel.pages")} onPageChange={setPage} />
      ) : null}
    </Card>
  );
}

function countText(t: TFunction, total: number, searching: boolean) {
  if (searching) return t("panel.matching", { count: total });
  return total === 0 ? t("panel.none") : t("panel.count", { count: total });
}

function DeviceKeyText({ value, className }: { value: string | null; className?: string }) {
  const { t } = useHistoryCopy();
  return value ? (
    <KeyText value={value} className={cn("block", className)} />
  ) : (
    <span className="text-muted-foreground">{t("table:notAvailable")}</span>
  );
}

function HistoryRow({ entry }: { entry: LicenseHistoryEntry }) {
  const { t } = useHistoryCopy();
  const { formatDate, formatTime } = useDates();
  return (
    <TableRow>
      <TableCell className="pl-4 whitespace-nowrap sm:pl-6">
        <time dateTime={entry.changeDate} className="grid">
          <span>{formatDate(entry.changeDate)}</span>
          <span className="text-xs text-muted-foreground">{formatTime(entry.changeDate)}</span>
        </time>
      </TableCell>
      <TableCell>
        <span className="block max-w-[14rem] truncate" title={changedByText(t, entry.changedBy) ?? entry.email}>
          {changedByText(t, entry.changedBy) || entry.email}
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
  const { t } = useHistoryCopy();
  const { formatDate, formatTime } = useDates();
  return (
    <ul aria-label={t("panel.caption")} className="divide-y">
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
            <CardField term={t("columns.changedBy")}>
              <span className="break-words">{changedByText(t, entry.changedBy) || entry.email}</span>
            </CardField>
            <CardField term={t("columns.buyKey")}>
              <KeyText value={entry.buykey} />
            </CardField>
            <CardField term={t("columns.oldLicense")}>
              <DeviceKeyText value={entry.oldDeviceKey} />
            </CardField>
            <CardField term={t("columns.newLicense")}>
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
  const { t } = useHistoryCopy();
  return (
    <div role="status" className="divide-y">
      <span className="sr-only">{t("panel.loading")}</span>
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
