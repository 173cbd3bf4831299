// Transactions History's toolbar: the search and the range of days, and the admins' CSV export.
import { DownloadIcon } from "lucide-react";
import { DateRangePicker, type DayRange, dayRangeToQuery } from "~/components/date-range-picker";
import { Button } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { useTransactionsCopy } from "./copy";

function csvExportUrl(search: string, range: Parameters<typeof dayRangeToQuery>[0]): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  for (const [key, value] of Object.entries(dayRangeToQuery(range))) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/admin/orders.csv${query ? `?${query}` : ""}`;
}

/** The admins' CSV export of every row matching the filters (the server streams it). */
export function ExportCsvLink({ search, range }: { search: string; range: Parameters<typeof dayRangeToQuery>[0] }) {
  const { t } = useTransactionsCopy();
  return (
    <Button asChild variant="outline" size="sm">
      <a href={csvExportUrl(search, range)} download data-testid="transactions-export">
        <DownloadIcon aria-hidden="true" />
        {t("page.exportCsv")}
      </a>
    </Button>
  );
}

/** Search by e-mail or buy key, and the range of days (the shadcn data table's toolbar). */
export function TransactionsToolbar({ search, onSearch, pending, range, onRangeChange }: { search: string; onSearch: (value: string) => void; pending: boolean; range: DayRange | null; onRangeChange: (next: DayRange | null) => void }) {
  const { t } = useTransactionsCopy();
  return (
    <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6 lg:flex-row lg:items-end lg:justify-between">
      <div className="grid gap-1.5 lg:w-[22rem]">
        <label id="transactions-search-label" htmlFor="transactions-search" className="text-sm font-medium">
          {t("panel.search")}
        </label>
        <SearchInput
          id="transactions-search"
          label={t("panel.search")}
          aria-labelledby="transactions-search-label"
          placeholder={t("panel.searchPlaceholder")}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          pending={pending}
          maxLength={200}
        />
      </div>
      <DateRangePicker value={range} onChange={onRangeChange} />
    </div>
  );
}
